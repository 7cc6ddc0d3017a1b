import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { chooseFormat, type InputFormat } from './input-format.ts';
import type { InputRow } from './input-row.ts';
import { readCsvRows } from './read-csv.ts';
import { readJsonlRows } from './read-jsonl.ts';
import { firstLine, sniffDelimiter } from './sniff-delimiter.ts';
import { SNIFF_BYTES, sniffEncoding } from './sniff-encoding.ts';

/** The file cannot be opened or read: the import never started. */
export class InputReadError extends Error {
  override name = 'InputReadError';
}

export interface InputFile {
  path: string;
  fileName: string;
  format: InputFormat;
  encoding: string;
  /** CSV only. */
  delimiter: string | null;
  bytesTotal: number;
  /** Bytes taken from the file so far, for a percentage. */
  bytesRead(): number;
  /** Streams the rows; the file is never held in memory whole. Call once. */
  rows(): AsyncGenerator<InputRow>;
}

/** Opens an input file and sniffs what it is from its first bytes; reading starts with `rows()`. */
export async function openInput(path: string, options: { format?: InputFormat } = {}): Promise<InputFile> {
  const fileName = basename(path);
  const choice = chooseFormat(fileName, options.format);
  let head: Uint8Array;
  let bytesTotal: number;
  try {
    const handle = await open(path, 'r');
    try {
      bytesTotal = (await handle.stat()).size;
      const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, bytesTotal));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new InputReadError(`cannot read "${path}": ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const encoding = sniffEncoding(head);
  const delimiter = choice.format === 'csv' ? (choice.delimiter ?? sniffDelimiter(firstLine(iconv.decode(head, encoding)))) : null;

  let bytesRead = 0;
  const decodedText = (): Readable => {
    const file = createReadStream(path);
    file.on('data', (chunk) => {
      bytesRead += chunk.length;
    });
    // iconv's decoder drops a byte-order mark, so the first header never starts with U+FEFF.
    const text = new PassThrough();
    text.setEncoding('utf8');
    pipeline(file, iconv.decodeStream(encoding), text, () => {
      // Errors reach the reader through `text`, which pipeline destroys with them.
    });
    return text;
  };
  return {
    path,
    fileName,
    format: choice.format,
    encoding,
    delimiter,
    bytesTotal,
    bytesRead: () => bytesRead,
    rows: () => (delimiter === null ? readJsonlRows(decodedText()) : readCsvRows(decodedText(), delimiter)),
  };
}
