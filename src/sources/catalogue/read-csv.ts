import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { withoutNul, type InputRow } from './input-row.ts';

/**
 * Rows of a CSV text stream whose first record is the header, as {header: cell}. A row with
 * more or fewer fields than the header is reported, not imported; so is an unterminated quote.
 * Blank lines and rows of only empty cells (spreadsheet exports end with them) are skipped.
 */
export async function* readCsvRows(text: Readable, delimiter: string): AsyncGenerator<InputRow> {
  const skipped: InputRow[] = [];
  const parser = text.pipe(
    parse({
      delimiter,
      relax_column_count: true,
      // Without it a stray quote inside a cell loses the following line as well.
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
      raw: true,
      on_skip: (err: CsvError | undefined, raw: string | undefined) => {
        const end = typeof err?.lines === 'number' ? err.lines : 0;
        skipped.push({ line: startLine(end, raw), ok: false, reason: `unparseable: ${err?.message ?? 'malformed CSV'}` });
        return undefined;
      },
    }),
  );
  text.once('error', (err) => parser.destroy(err));

  let headers: string[] | null = null;
  // Amazon flat files start with a `TemplateType=…` line and a row of labels; the field names follow.
  let preambleRows = 0;
  let amazon = false;
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number }; raw: string | undefined }>) {
    yield* skipped.splice(0);
    const line = startLine(item.info.lines, item.raw);
    if (preambleRows > 0) {
      preambleRows -= 1;
      continue;
    }
    if (headers === null) {
      if (item.record[0]?.startsWith('TemplateType=') === true) {
        preambleRows = 1;
        amazon = true;
        continue;
      }
      headers = headerNames(item.record);
      // In an Amazon flat file `quantity` is the stock to sell, not the net quantity our `quantity` column means.
      if (amazon) headers = headers.map((h) => (h === 'quantity' ? AMAZON_STOCK : h));
      continue;
    }
    if (item.record.every((cell) => cell.trim() === '')) continue;
    if (item.record.length !== headers.length) {
      yield { line, ok: false, reason: `has ${item.record.length} fields but the header has ${headers.length}` };
      continue;
    }
    const fields: Record<string, unknown> = {};
    headers.forEach((h, i) => {
      fields[h] = withoutNul(item.record[i] ?? '');
    });
    yield { line, ok: true, fields };
  }
  yield* skipped.splice(0);
}

const AMAZON_STOCK = 'quantity (stock)';

/** csv-parse counts the line a record ends on; a quoted cell may span lines, and `raw` starts with any blank lines skipped before it. */
function startLine(endLine: number, raw: string | undefined): number {
  if (raw === undefined) return endLine;
  const body = raw.replace(/^[\r\n]+/, '');
  const newlines = body.split('\n').length - 1;
  return endLine - (body.endsWith('\n') ? newlines - 1 : newlines);
}

/** Trimmed, NUL-free header names; blank ones get a position name and repeats a suffix, so no cell is lost. */
function headerNames(record: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return record.map((cell, i) => {
    const name = String(withoutNul(cell)).trim() || `column_${i + 1}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}_${n}`;
  });
}
