import { extname } from 'node:path';

export type InputFormat = 'csv' | 'jsonl';

export interface FormatChoice {
  format: InputFormat;
  /** Set when the file name says the delimiter (`.tsv`); otherwise sniffed from the header. */
  delimiter: string | null;
}

export class InputFormatError extends Error {
  override name = 'InputFormatError';
}

const BY_EXTENSION: Readonly<Record<string, FormatChoice>> = {
  '.csv': { format: 'csv', delimiter: null },
  '.tsv': { format: 'csv', delimiter: '\t' },
  '.tab': { format: 'csv', delimiter: '\t' },
  '.jsonl': { format: 'jsonl', delimiter: null },
  '.ndjson': { format: 'jsonl', delimiter: null },
};

/** `--format` wins; otherwise the extension decides (a `.tsv` file is CSV with tabs). */
export function chooseFormat(fileName: string, explicit: InputFormat | undefined): FormatChoice {
  const byName = BY_EXTENSION[extname(fileName).toLowerCase()];
  if (explicit !== undefined) return { format: explicit, delimiter: explicit === byName?.format ? byName.delimiter : null };
  if (byName === undefined) {
    throw new InputFormatError(`cannot tell the format of "${fileName}" from its extension; name it .csv, .tsv, .jsonl or .ndjson, or pass --format csv|jsonl`);
  }
  return byName;
}

export function isInputFormat(value: string): value is InputFormat {
  return value === 'csv' || value === 'jsonl';
}
