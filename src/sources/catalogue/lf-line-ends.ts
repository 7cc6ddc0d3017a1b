import { Transform } from 'node:stream';

/**
 * Passes decoded CSV text on as it arrives, each CRLF turned into LF (csv-parse counts a CRLF inside
 * a quoted cell as two lines, and every row after such a cell was reported a line late). Nothing is
 * held but a CR at the end of a piece: the CSV reader's guard measures each record as its text
 * arrives (csv-record-guard.ts), so a header or a row over a limit is judged after the first cell
 * past it. Holding lines whole, as capLines does for JSON Lines, decoded a wide header to its end
 * before the guard saw any of it, and dropped a header over CATALOGUE_MAX_ROW_BYTES as a row, the
 * next row read as the header. Pieces go on as they came (object mode): joined in the stream's
 * buffer they would be strings of hundreds of KiB, each collected only by a full garbage collection.
 */
export function lfLineEnds(): Transform {
  let heldCr = false;
  return new Transform({
    decodeStrings: false,
    readableObjectMode: true,
    transform(chunk: string | Buffer, _encoding, callback) {
      let text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (heldCr) text = `\r${text}`;
      heldCr = text.endsWith('\r');
      if (heldCr) text = text.slice(0, -1);
      const out = text.replaceAll('\r\n', '\n');
      callback(null, out === '' ? undefined : out);
    },
    flush(callback) {
      callback(null, heldCr ? '\r' : undefined);
    },
  });
}
