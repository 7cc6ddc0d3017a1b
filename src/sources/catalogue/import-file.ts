import { upsertCatalogueItems, type CatalogueItemInput, type CatalogueSourceName } from '../../db/catalogue.ts';
import { finishCatalogueImport, recordCatalogueImportInput, recordCatalogueImportProgress, startCatalogueImport, type UnusedColumn } from '../../db/catalogue-imports.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { ColumnUsage } from './catalogue-record.ts';
import type { InputFormat } from './input-format.ts';
import { InputStoppedError, type InputRow } from './input-row.ts';
import { openInput, type InputFile } from './open-input.ts';
import type { RowMapper } from './row-mapper.ts';

export interface ImportProgress {
  rowsRead: number;
  rowsImported: number;
  rowsFailed: number;
  bytesRead: number;
  /** 0 when the size is not known in advance (an upload without Content-Length). */
  bytesTotal: number;
}

/** A row that was not imported; `line` is 1-based in the file, or null when the import itself stopped. */
export interface RowError {
  line: number | null;
  reason: string;
}

export interface ImportSummary extends ImportProgress {
  importId: string;
  source: CatalogueSourceName;
  /** The owning account; null for the shared catalogue. */
  accountId: string | null;
  fileName: string;
  format: InputFormat;
  encoding: string;
  /** The first `maxErrors` failures, in file order; `rowsFailed` is the total. */
  errors: RowError[];
  unusedColumns: UnusedColumn[];
}

export interface ImportFileOptions {
  source: CatalogueSourceName;
  mapRow: RowMapper;
  /** Whose catalogue the rows go into; null (the default) is the operator's shared catalogue. */
  accountId?: string | null;
  format?: InputFormat;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** Progress is reported after this many rows, or after `progressEveryMs`, whichever comes first, and once at the end. */
  progressEveryRows?: number;
  progressEveryMs?: number;
  maxErrors?: number;
  onProgress?: (progress: ImportProgress) => void;
  /** Milliseconds clock for the progress interval (tests may pass their own). */
  clock?: () => number;
  /** Reshapes the rows before they are mapped (Shopify's rows of one product merged). */
  transformRows?: (rows: AsyncIterable<InputRow>) => AsyncIterable<InputRow>;
  /** Told every mapped row, to report the columns that were not used. */
  columnUsage?: ColumnUsage;
}

const DEFAULTS = { batchSize: 500, progressEveryRows: 1000, progressEveryMs: 1000, maxErrors: 1000 };

/**
 * Streams a file into `catalogue_items` (see `importInput`). Throws InputReadError or
 * InputFormatError, before anything is written, when the file cannot be read.
 */
export async function importFile(db: SqlRunner, path: string, options: ImportFileOptions): Promise<ImportSummary> {
  const input = await openInput(path, options.format === undefined ? {} : { format: options.format });
  return importInput(db, input, options);
}

/**
 * Streams an opened input into `catalogue_items` for one source and owner: rows mapped by
 * `mapRow`, written in batches, later rows for the same code winning; a bad row is recorded with
 * its line and reason and the import goes on. The run is recorded in `catalogue_imports` (under
 * `importId` when the caller already started it), its progress as batches commit; an error that
 * stops it (InputStoppedError: a CSV record too large to read past) marks it failed and is thrown;
 * the rows written before it stay.
 */
export async function importInput(db: SqlRunner, input: InputFile, options: ImportFileOptions & { importId?: string }): Promise<ImportSummary> {
  const settings = { ...DEFAULTS, ...withoutUndefined(options) };
  const clock = options.clock ?? Date.now;
  const accountId = options.accountId ?? null;
  let importId = options.importId;
  if (importId === undefined) {
    importId = await startCatalogueImport(db, { source: options.source, accountId, fileName: input.fileName, format: input.format, encoding: input.encoding });
  } else {
    await recordCatalogueImportInput(db, importId, { format: input.format, encoding: input.encoding });
  }
  const id = importId;
  const fetchedAt = new Date().toISOString();

  const counts = { rowsRead: 0, rowsImported: 0, rowsFailed: 0 };
  const errors: RowError[] = [];
  // Keyed by code: a later row for the same code replaces the earlier one within a batch too.
  const batch = new Map<string, CatalogueItemInput>();
  let rowsInBatch = 0;
  let reportedAtRows = 0;
  let reportedAt = clock();

  const progress = (): ImportProgress => ({ ...counts, bytesRead: input.bytesRead(), bytesTotal: input.bytesTotal ?? 0 });
  const report = () => {
    reportedAtRows = counts.rowsRead;
    reportedAt = clock();
    options.onProgress?.(progress());
  };
  const fail = (line: number | null, reason: string) => {
    counts.rowsFailed += 1;
    if (errors.length < settings.maxErrors) errors.push({ line, reason });
  };
  const flush = async () => {
    if (batch.size === 0) return;
    await upsertCatalogueItems(db, [...batch.values()]);
    counts.rowsImported += rowsInBatch;
    batch.clear();
    rowsInBatch = 0;
    await recordCatalogueImportProgress(db, id, { ...counts, bytesRead: input.bytesRead() });
  };

  const rows = options.transformRows === undefined ? input.rows() : options.transformRows(input.rows());
  try {
    for await (const row of rows) {
      counts.rowsRead += 1;
      const mapped = row.ok ? options.mapRow(row.fields, { fetchedAt }) : row;
      if (!mapped.ok) {
        fail(row.line, mapped.reason);
      } else {
        if (row.ok) options.columnUsage?.observe(row.fields, mapped.facts);
        batch.delete(mapped.code);
        batch.set(mapped.code, {
          source: options.source,
          accountId,
          code: mapped.code,
          codeType: mapped.codeType,
          facts: mapped.facts,
          raw: row.ok ? row.fields : null,
          importId: id,
        });
        rowsInBatch += 1;
        if (rowsInBatch >= settings.batchSize) await flush();
      }
      if (counts.rowsRead - reportedAtRows >= settings.progressEveryRows || clock() - reportedAt >= settings.progressEveryMs) report();
    }
    await flush();
  } catch (err) {
    const reason = `import stopped: ${err instanceof Error ? err.message : String(err)}`;
    // A row the input cannot be read past is a rejected row of its own, at its line; the rows read before it are good.
    const line = err instanceof InputStoppedError ? err.line : null;
    if (line !== null) {
      counts.rowsFailed += 1;
      // A database failure here leaves those rows out of the counts; the stop is still recorded.
      await flush().catch(() => {});
    }
    await finishCatalogueImport(db, id, {
      counts: { ...counts, bytesRead: input.bytesRead() },
      errors: [...errors, { line, reason }],
      unusedColumns: options.columnUsage?.unused() ?? [],
      failure: reason,
    }).catch(() => {});
    throw err;
  }
  const unusedColumns = options.columnUsage?.unused() ?? [];
  await finishCatalogueImport(db, id, { counts: { ...counts, bytesRead: input.bytesRead() }, errors, unusedColumns });
  report();
  return { ...progress(), importId: id, source: options.source, accountId, fileName: input.fileName, format: input.format, encoding: input.encoding, errors, unusedColumns };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
