import type { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse, type CsvError, type Parser } from 'csv-parse';
import { MAX_LINE_CHARS } from './cap-lines.ts';
import { CsvRecordGuard, type GuardedRecord, type GuardOutput } from './csv-record-guard.ts';
import { InputStoppedError, withoutNul, type InputRow } from './input-row.ts';
import { cellTooLarge, DEFAULT_ROW_LIMITS, rowLimitProblem, rowTooLarge, tooManyColumns, type RowLimits } from './row-limits.ts';

/**
 * The most UTF-8 bytes one record may hold inside a quoted cell before the reading stops
 * (4 × CATALOGUE_MAX_ROW_BYTES; at its default, 4 MiB). A quoted cell may span lines, so a quote
 * opened and never closed would gather the rest of the file; a record over the row limit is a
 * rejected row, one still in quotes past this cannot be told from the rest of the file. Outside
 * quotes a record ends at its line break, and is measured up to it however long.
 */
export const MAX_RECORD_BYTES = 4 * MAX_LINE_CHARS;

/** Text is measured and parsed this many characters at a time, so no one step of the reading is long. */
const SLICE_CHARS = 16 * 1024;
/** After this long reading, the reader lets the event loop serve other requests. */
const SLICE_MS = 4;

type Parsed = { line: number; record: string[] } | { line: number; unparseable: string };

/**
 * Rows of a CSV text stream whose first record is the header, as {header: cell}. A row with
 * more or fewer fields than the header is reported, not imported; so is an unterminated quote
 * at the end of the file. Blank lines and rows of only empty cells (spreadsheet exports end with
 * them) are skipped. A row over the limits (cells, a cell's bytes, the row's bytes) is a rejected
 * row, measured and never parsed (CsvRecordGuard); a header over them stops the reading at once
 * (every row would be as wide), one over the column limit at the first cell past it. A record over `maxRecordBytes` throws InputStoppedError with its
 * first line: where it should have ended is anyone's guess. The text is read in slices, yielding
 * to the event loop every few milliseconds.
 */
export async function* readCsvRows(text: Readable, delimiter: string, limits: RowLimits = DEFAULT_ROW_LIMITS, maxRecordBytes = MAX_RECORD_BYTES): AsyncGenerator<InputRow> {
  const guard = new CsvRecordGuard(delimiter, limits, maxRecordBytes);
  const tooLong = (line: number) =>
    new InputStoppedError(line, `the record starting on line ${line} is longer than ${maxRecordBytes} bytes (a quote opened and never closed?); the file was not read past it`);
  let stopped = null as InputStoppedError | null;
  // Where the next record starts: the line after the last record ended, past the blank lines skipped since.
  let lastEnd = 0;
  let emptyAtLastEnd = 0;
  const startLine = (emptyLines: number) => lastEnd + 1 + emptyLines - emptyAtLastEnd;
  // What the parser read and the guard kept out, not yet turned into rows; each in file order.
  const parsed: Parsed[] = [];
  const keptOut: GuardedRecord[] = [];
  let parseError = null as unknown;
  let parser = null as Parser | null;
  // Made at the first text handed on, when the guard knows the record delimiter.
  const parserFor = (recordDelimiter: string): Parser => {
    const made = parse({
      delimiter,
      record_delimiter: recordDelimiter,
      relax_column_count: true,
      // Without it a stray quote inside a cell loses the following line as well.
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      max_record_size: maxRecordBytes,
      // Records are taken as parsed (each write parses its slice at once), never queued in the stream.
      on_record: (record: string[], info) => {
        parsed.push({ line: startLine(info.empty_lines), record });
        lastEnd = info.lines;
        emptyAtLastEnd = info.empty_lines;
        return null;
      },
      // csv-parse skips a record only at the end of the input (a quote still open) or past
      // maxRecordBytes (which the guard stops at first), and both end the reading.
      on_skip: (err: CsvError | undefined) => {
        const line = startLine(typeof err?.empty_lines === 'number' ? err.empty_lines : emptyAtLastEnd);
        if (err?.code === 'CSV_MAX_RECORD_SIZE') stopped ??= tooLong(line);
        else parsed.push({ line, unparseable: `unparseable: ${err?.message ?? 'malformed CSV'}` });
        return undefined;
      },
    });
    made.on('error', (err) => {
      parseError = err;
    });
    made.resume();
    return made;
  };

  let headers: string[] | null = null;
  // Amazon flat files start with a `TemplateType=…` line and a row of labels; the field names follow.
  let preambleRows = 0;
  let amazon = false;
  const rowOf = (record: string[], line: number): InputRow | null => {
    if (preambleRows > 0) {
      preambleRows -= 1;
      return null;
    }
    if (headers === null) {
      if (record[0]?.startsWith('TemplateType=') === true) {
        preambleRows = 1;
        amazon = true;
        return null;
      }
      if (record.length > limits.maxColumns) throw new InputStoppedError(line, headerTooWide(line, limits), { atHeader: true });
      headers = headerNames(record);
      // In an Amazon flat file `quantity` is the stock to sell, not the net quantity our `quantity` column means.
      if (amazon) headers = headers.map((h) => (h === 'quantity' ? AMAZON_STOCK : h));
      return null;
    }
    if (record.every((cell) => cell.trim() === '')) return null;
    if (record.length !== headers.length) return { line, ok: false, reason: `has ${record.length} fields but the header has ${headers.length}` };
    const fields: Record<string, unknown> = {};
    headers.forEach((h, i) => {
      fields[h] = withoutNul(record[i] ?? '');
    });
    const problem = rowLimitProblem(Object.entries(fields), limits);
    return problem === null ? { line, ok: true, fields } : { line, ok: false, reason: problem };
  };
  // The same checks, in the same order, for a record the guard measured instead.
  const keptOutRow = (kept: GuardedRecord): InputRow | null => {
    if (preambleRows > 0) {
      preambleRows -= 1;
      return null;
    }
    if (headers === null) throw new InputStoppedError(kept.line, headerProblem(kept, limits), { atHeader: true });
    const line = kept.line;
    if (kept.quoteOpen) return { line, ok: false, reason: 'unparseable: Quote Not Closed: the file ends inside a quoted cell opened on this row' };
    if (kept.blank) return null;
    if (kept.cells !== headers.length) return { line, ok: false, reason: `has ${kept.cells} fields but the header has ${headers.length}` };
    if (kept.bigCell !== null) return { line, ok: false, reason: cellTooLarge(headers[kept.bigCell.index] ?? '', kept.bigCell.bytes, limits) };
    return { line, ok: false, reason: rowTooLarge(kept.bytes, limits) };
  };
  // Rows in file order. The guard runs ahead of the parser: a record it kept out comes once the
  // parser has read every record handed on before it, so a header kept out stops the reading at once.
  let read = 0;
  function* keptOutRows(): Generator<InputRow> {
    while (keptOut[0] !== undefined && keptOut[0].after <= read) {
      const row = keptOutRow(keptOut[0]);
      keptOut.shift();
      if (row !== null) yield row;
    }
  }
  function* rows(final: boolean): Generator<InputRow> {
    yield* keptOutRows();
    for (const item of parsed.splice(0)) {
      const row = 'record' in item ? rowOf(item.record, item.line) : { line: item.line, ok: false as const, reason: item.unparseable };
      read += 1;
      if (row !== null) yield row;
      yield* keptOutRows();
    }
    if (!final) return;
    for (const kept of keptOut.splice(0)) {
      const row = keptOutRow(kept);
      if (row !== null) yield row;
    }
  }

  // A header past the column limit stops the reading at once, the rest of it unread: every row would be as wide.
  const wideHeader = (): InputStoppedError | null => {
    const wide = guard.wideRecord;
    if (wide === null || headers !== null || preambleRows > 0 || wide.after !== read) return null;
    return new InputStoppedError(wide.line, headerTooWide(wide.line, limits), { atHeader: true });
  };
  let sliceStart = performance.now();
  const breathe = async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await yieldToEventLoop();
    sliceStart = performance.now();
  };
  // The guard's output for each slice of the text, until the end or a stop.
  async function* guarded(): AsyncGenerator<GuardOutput> {
    for await (const chunk of text as AsyncIterable<string>) {
      for (let at = 0; at < chunk.length; at += SLICE_CHARS) {
        yield guard.push(chunk.slice(at, at + SLICE_CHARS));
        if (guard.stoppedAt !== null) stopped ??= tooLong(guard.stoppedAt);
        if (stopped !== null) return;
      }
    }
    yield guard.end();
  }
  for await (const out of guarded()) {
    keptOut.push(...out.kept);
    for (const row of rows(false)) yield row;
    // Handed to the parser a slice at a time, the rows yielded as they come.
    for (let at = 0; at < out.text.length && stopped === null; ) {
      let end = Math.min(at + SLICE_CHARS, out.text.length);
      // Never between the two halves of a surrogate pair: each slice is encoded to UTF-8 alone.
      if (end < out.text.length && isHighSurrogate(out.text.charCodeAt(end - 1))) end += 1;
      parser ??= parserFor(guard.recordDelimiter ?? '\n');
      parser.write(out.text.slice(at, end));
      if (parseError !== null) throw parseError;
      for (const row of rows(false)) yield row;
      await breathe();
      at = end;
    }
    stopped ??= wideHeader();
    if (stopped !== null) break;
    await breathe();
  }
  if (parser !== null) {
    const ending = parser;
    await new Promise<void>((resolve, reject) => {
      ending.once('error', reject);
      ending.end(resolve);
    });
  }
  if (parseError !== null) throw parseError;
  yield* rows(true);
  if (stopped !== null) throw stopped;
}

const AMAZON_STOCK = 'quantity (stock)';

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** A header past the column limit, wherever it was found: not counted to its end, so "more than". */
function headerTooWide(line: number, limits: RowLimits): string {
  return tooManyColumns(null, limits, `the header on line ${line}`);
}

/** Why a header the guard kept out cannot be read: every row would be as wide, or as large. */
function headerProblem(kept: GuardedRecord, limits: RowLimits): string {
  const what = `the header on line ${kept.line}`;
  if (kept.cells > limits.maxColumns) return headerTooWide(kept.line, limits);
  if (kept.quoteOpen) return `${what} opens a quote that is never closed`;
  if (kept.bigCell !== null) return `${what} has a cell of ${kept.bigCell.bytes} bytes; at most ${limits.maxCellBytes} are read (CATALOGUE_MAX_CELL_BYTES)`;
  return `${what} holds ${kept.bytes} bytes; at most ${limits.maxRowBytes} are read (CATALOGUE_MAX_ROW_BYTES)`;
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
