import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { capLines } from './cap-lines.ts';
import { lfLineEnds } from './lf-line-ends.ts';
import { chooseFormat, InputFormatError, type InputFormat } from './input-format.ts';
import type { InputRow } from './input-row.ts';
import { notTextReason } from './not-text.ts';
import { readCsvRows } from './read-csv.ts';
import { readJsonlRows } from './read-jsonl.ts';
import { DEFAULT_ROW_LIMITS, rowTooLarge, type RowLimits } from './row-limits.ts';
import { firstLine, sniffDelimiter } from './sniff-delimiter.ts';
import { SNIFF_BYTES, sniffEncoding } from './sniff-encoding.ts';

/** The file cannot be opened or read: the import never started. */
export class InputReadError extends Error {
  override name = 'InputReadError';
}

/** The input is longer than its sender may send; raised by the byte stream as soon as it passes the limit. */
export class InputTooLargeError extends Error {
  override name = 'InputTooLargeError';
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes, the most this server accepts`);
    this.maxBytes = maxBytes;
  }
}

export interface InputFile {
  fileName: string;
  format: InputFormat;
  encoding: string;
  /** CSV only. */
  delimiter: string | null;
  /** Null when the size is not known in advance (an upload without Content-Length). */
  bytesTotal: number | null;
  /** Bytes taken from the input so far, for a percentage. */
  bytesRead(): number;
  /** Streams the rows; the input is never held in memory whole. Call once. */
  rows(): AsyncGenerator<InputRow>;
}

export interface InputStreamOptions {
  fileName: string;
  format: InputFormat;
  /** Null: sniffed from the header line. */
  delimiter: string | null;
  /** The sender's declared charset (`Content-Type: text/csv; charset=…`); null: sniffed. */
  charset?: string | null;
  bytesTotal?: number | null;
  /** Reading past this many bytes fails with InputTooLargeError. */
  maxBytes?: number;
  /** What a row may hold (default DEFAULT_ROW_LIMITS); a line longer than maxRowBytes characters is reported unread. */
  limits?: RowLimits;
}

/** Opens an input file and sniffs what it is from its first bytes; reading starts with `rows()`. */
export async function openInput(path: string, options: { format?: InputFormat; limits?: RowLimits } = {}): Promise<InputFile> {
  const fileName = basename(path);
  const choice = chooseFormat(fileName, options.format);
  let bytesTotal: number;
  try {
    bytesTotal = (await stat(path)).size;
  } catch (err) {
    throw new InputReadError(`cannot read "${path}": ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return openInputStream(createReadStream(path), {
    fileName,
    format: choice.format,
    delimiter: choice.delimiter,
    bytesTotal,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  }).catch((err: unknown) => {
    if (err instanceof InputFormatError || err instanceof InputReadError) throw err;
    throw new InputReadError(`cannot read "${path}": ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  });
}

/**
 * Opens a byte stream (a file, an upload) as an input: its first bytes are read to refuse what is
 * not text (archives, binaries) and to sniff the encoding and delimiter, then put back in front of
 * the rest. Throws InputFormatError when the input is not text or its charset is unknown.
 */
export async function openInputStream(source: Readable, options: InputStreamOptions): Promise<InputFile> {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let bytesRead = 0;
  const chunks = (async function* counted(): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      bytesRead += bytes.length;
      if (bytesRead > maxBytes) throw new InputTooLargeError(maxBytes);
      yield bytes;
    }
  })();

  const headChunks: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done === true) break;
    headChunks.push(next.value);
    headBytes += next.value.length;
  }
  const head = Buffer.concat(headChunks);
  const notText = notTextReason(head);
  if (notText !== null) {
    await chunks.return(undefined);
    source.destroy();
    throw new InputFormatError(notText);
  }
  const encoding = options.charset === undefined || options.charset === null ? sniffEncoding(head) : declaredEncoding(options.charset, head);
  if (encoding === null) {
    await chunks.return(undefined);
    source.destroy();
    throw new InputFormatError(`the charset "${options.charset ?? ''}" is not one this server can read; send UTF-8`);
  }
  const delimiter = options.format === 'csv' ? (options.delimiter ?? sniffDelimiter(firstLine(iconv.decode(head, encoding)))) : null;
  const limits = options.limits ?? DEFAULT_ROW_LIMITS;

  return {
    fileName: options.fileName,
    format: options.format,
    encoding,
    delimiter,
    bytesTotal: options.bytesTotal ?? null,
    bytesRead: () => bytesRead,
    rows: () => rowsOf(head, chunks, { encoding, delimiter, limits }),
  };
}

async function* rowsOf(head: Buffer, rest: AsyncGenerator<Buffer>, options: { encoding: string; delimiter: string | null; limits: RowLimits }): AsyncGenerator<InputRow> {
  const bytes = Readable.from(
    (async function* all() {
      if (head.length > 0) yield head;
      yield* rest;
    })(),
    { objectMode: false },
  );
  const longLines: number[] = [];
  // JSON Lines: a line of more characters than a row's bytes is over the limit whatever it holds,
  // dropped unread. CSV's reader measures its records itself, as they arrive.
  const text = options.delimiter === null ? capLines(options.limits.maxRowBytes, (line) => longLines.push(line)) : lfLineEnds();
  // iconv's decoder drops a byte-order mark, so the first header never starts with U+FEFF.
  pipeline(bytes, iconv.decodeStream(options.encoding), text, () => {
    // Errors reach the reader through `text`, which pipeline destroys with them.
  });
  const tooLong = function* (): Generator<InputRow> {
    for (const line of longLines.splice(0)) yield { line, ok: false, reason: rowTooLarge(null, options.limits) };
  };
  const reader = options.delimiter === null ? readJsonlRows(text, options.limits) : readCsvRows(text, options.delimiter, options.limits, 4 * options.limits.maxRowBytes);
  try {
    for await (const row of reader) {
      yield* tooLong();
      yield row;
    }
    yield* tooLong();
  } finally {
    // A reader that stopped early (InputStoppedError, or its consumer gave up) leaves the input unread: close it.
    text.destroy();
  }
}

/** A declared charset iconv knows; a declared UTF-8 that is not is sniffed instead (senders often label Latin-1 as UTF-8). */
function declaredEncoding(charset: string, head: Uint8Array): string | null {
  const name = charset.trim().toLowerCase();
  if (!iconv.encodingExists(name)) return null;
  if (name === 'utf-8' || name === 'utf8') return sniffEncoding(head);
  return name;
}
