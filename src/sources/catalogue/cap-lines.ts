import { Transform } from 'node:stream';

/** The longest physical line a catalogue file may have by default, in characters (CATALOGUE_MAX_ROW_BYTES's default); a longer one is skipped and reported. */
export const MAX_LINE_CHARS = 1024 * 1024;

/**
 * Passes decoded JSON Lines text through with every line longer than `maxChars` replaced by an
 * empty line (its newline kept, so later line numbers stay right) and reported by its 1-based
 * number. A line is held until it ends or passes the cap, so memory stays bounded by `maxChars`
 * whatever the file: a JSON line is parsed whole anyway. Lines end in LF on the way out. CSV goes
 * through lfLineEnds instead: its reader measures records as they arrive.
 */
export function capLines(maxChars: number, onLongLine: (line: number) => void): Transform {
  let pending = '';
  let dropping = false;
  let line = 1;
  return new Transform({
    decodeStrings: false,
    encoding: 'utf8',
    transform(chunk: string | Buffer, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      let out = '';
      let start = 0;
      while (start <= text.length) {
        const end = text.indexOf('\n', start);
        const piece = end === -1 ? text.slice(start) : text.slice(start, end);
        if (!dropping) {
          pending += piece;
          if (pending.length > maxChars) {
            onLongLine(line);
            pending = '';
            dropping = true;
          }
        }
        if (end === -1) break;
        out += dropping ? '\n' : `${pending.endsWith('\r') ? pending.slice(0, -1) : pending}\n`;
        pending = '';
        dropping = false;
        line += 1;
        start = end + 1;
      }
      callback(null, out);
    },
    flush(callback) {
      callback(null, dropping ? '' : pending);
    },
  });
}
