import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { MAX_LINE_CHARS } from './cap-lines.ts';
import { InputStoppedError, withoutNul, type InputRow } from './input-row.ts';
import { DEFAULT_ROW_LIMITS, rowLimitProblem, tooManyColumns, type RowLimits } from './row-limits.ts';

/**
 * The most UTF-8 bytes one record may hold before the reading stops (4 × CATALOGUE_MAX_ROW_BYTES; at its default, 4 MiB).
 * A quoted cell may span lines, so the line cap alone does not bound a record: a quote opened
 * and never closed would gather the rest of the file. Any line under the cap fits (a UTF-16 unit
 * is at most three bytes of UTF-8, a pair four); a record that parses but is over the row limit
 * is a rejected row, one past this cannot be parsed at all.
 */
export const MAX_RECORD_BYTES = 4 * MAX_LINE_CHARS;

/**
 * Rows of a CSV text stream whose first record is the header, as {header: cell}. A row with
 * more or fewer fields than the header is reported, not imported; so is an unterminated quote
 * at the end of the file. Blank lines and rows of only empty cells (spreadsheet exports end with
 * them) are skipped. A record over `maxRecordBytes` throws InputStoppedError with its first line:
 * csv-parse cannot resume after it (it drops the rest of the input), and where the record should
 * have ended is anyone's guess. A header wider than `limits.maxColumns` stops the reading at once
 * (every row would be as wide); a row with a cell or a total over the limits is a rejected row.
 */
export async function* readCsvRows(text: Readable, delimiter: string, limits: RowLimits = DEFAULT_ROW_LIMITS, maxRecordBytes = MAX_RECORD_BYTES): AsyncGenerator<InputRow> {
  const skipped: InputRow[] = [];
  let stopped: InputStoppedError | null = null;
  // Where the next record starts: the line after the last record ended, past the blank lines skipped since.
  // Kept as the parser goes (it runs ahead of this generator's consumer).
  let lastEnd = 0;
  let emptyAtLastEnd = 0;
  const startLine = (emptyLines: number) => lastEnd + 1 + emptyLines - emptyAtLastEnd;
  // The start line of each record parsed and not yet read, in order.
  const startLines: number[] = [];
  const parser = text.pipe(
    parse({
      delimiter,
      relax_column_count: true,
      // Without it a stray quote inside a cell loses the following line as well.
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      max_record_size: maxRecordBytes,
      on_record: (record: string[], info) => {
        startLines.push(startLine(info.empty_lines));
        lastEnd = info.lines;
        emptyAtLastEnd = info.empty_lines;
        return record;
      },
      // With these options csv-parse skips a record only at the end of the input (a quote still
      // open) or past maxRecordBytes, and both end the reading: the line count never has to step
      // over a skipped record, whose end it could not know.
      on_skip: (err: CsvError | undefined) => {
        const line = startLine(typeof err?.empty_lines === 'number' ? err.empty_lines : emptyAtLastEnd);
        if (err?.code === 'CSV_MAX_RECORD_SIZE' || stopped !== null) {
          // The parser would go on dropping the input chunk by chunk: end it here instead, so the
          // records it has already parsed still reach the reader, and read no further.
          if (stopped === null) {
            stopped = new InputStoppedError(
              line,
              `the record starting on line ${line} is longer than ${maxRecordBytes} bytes (a quote opened and never closed?); the file was not read past it`,
            );
            text.unpipe(parser);
            parser.end();
          }
          return undefined;
        }
        skipped.push({ line, ok: false, reason: `unparseable: ${err?.message ?? 'malformed CSV'}` });
        return undefined;
      },
    }),
  );
  text.once('error', (err) => parser.destroy(err));

  let headers: string[] | null = null;
  // Amazon flat files start with a `TemplateType=…` line and a row of labels; the field names follow.
  let preambleRows = 0;
  let amazon = false;
  for await (const record of parser as AsyncIterable<string[]>) {
    const line = startLines.shift() ?? lastEnd;
    // The parser reports a skipped record as it meets it, ahead of the records still queued before it.
    const due = skipped.findIndex((row) => row.line >= line);
    yield* skipped.splice(0, due === -1 ? skipped.length : due);
    if (preambleRows > 0) {
      preambleRows -= 1;
      continue;
    }
    if (headers === null) {
      if (record[0]?.startsWith('TemplateType=') === true) {
        preambleRows = 1;
        amazon = true;
        continue;
      }
      if (record.length > limits.maxColumns) {
        throw new InputStoppedError(line, tooManyColumns(record.length, limits, `the header on line ${line}`), { atHeader: true });
      }
      headers = headerNames(record);
      // In an Amazon flat file `quantity` is the stock to sell, not the net quantity our `quantity` column means.
      if (amazon) headers = headers.map((h) => (h === 'quantity' ? AMAZON_STOCK : h));
      continue;
    }
    if (record.every((cell) => cell.trim() === '')) continue;
    if (record.length !== headers.length) {
      yield { line, ok: false, reason: `has ${record.length} fields but the header has ${headers.length}` };
      continue;
    }
    const fields: Record<string, unknown> = {};
    headers.forEach((h, i) => {
      fields[h] = withoutNul(record[i] ?? '');
    });
    const problem = rowLimitProblem(Object.entries(fields), limits);
    yield problem === null ? { line, ok: true, fields } : { line, ok: false, reason: problem };
  }
  yield* skipped.splice(0);
  if (stopped !== null) throw stopped;
}

const AMAZON_STOCK = 'quantity (stock)';

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
