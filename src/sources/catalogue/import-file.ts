import {
  finishCatalogueImport,
  recordCatalogueImportProgress,
  startCatalogueImport,
  upsertCatalogueItems,
  type CatalogueItemInput,
  type CatalogueSourceName,
} from '../../db/catalogue.ts';
import type { SqlRunner } from '../../db/database.ts';
import type { InputFormat } from './input-format.ts';
import { openInput } from './open-input.ts';
import type { RowMapper } from './row-mapper.ts';

export interface ImportProgress {
  rowsRead: number;
  rowsImported: number;
  rowsFailed: number;
  bytesRead: number;
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
  fileName: string;
  format: InputFormat;
  encoding: string;
  /** The first `maxErrors` failures, in file order; `rowsFailed` is the total. */
  errors: RowError[];
}

export interface ImportFileOptions {
  source: CatalogueSourceName;
  mapRow: RowMapper;
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
}

const DEFAULTS = { batchSize: 500, progressEveryRows: 1000, progressEveryMs: 1000, maxErrors: 1000 };

/**
 * Streams a file into `catalogue_items` for one source: rows mapped by `mapRow`, written in
 * batches, later rows for the same code winning; a bad row is recorded with its line and reason
 * and the import goes on. The run is recorded in `catalogue_imports`. Throws InputReadError or
 * InputFormatError, before anything is written, when the file cannot be read.
 */
export async function importFile(db: SqlRunner, path: string, options: ImportFileOptions): Promise<ImportSummary> {
  const settings = { ...DEFAULTS, ...withoutUndefined(options) };
  const clock = options.clock ?? Date.now;
  const input = await openInput(path, options.format === undefined ? {} : { format: options.format });
  const importId = await startCatalogueImport(db, { source: options.source, fileName: input.fileName, format: input.format });
  const fetchedAt = new Date().toISOString();

  const counts = { rowsRead: 0, rowsImported: 0, rowsFailed: 0 };
  const errors: RowError[] = [];
  // Keyed by code: a later row for the same code replaces the earlier one within a batch too.
  const batch = new Map<string, CatalogueItemInput>();
  let rowsInBatch = 0;
  let reportedAtRows = 0;
  let reportedAt = clock();

  const progress = (): ImportProgress => ({ ...counts, bytesRead: input.bytesRead(), bytesTotal: input.bytesTotal });
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
    await recordCatalogueImportProgress(db, importId, counts);
  };

  try {
    for await (const row of input.rows()) {
      counts.rowsRead += 1;
      const mapped = row.ok ? options.mapRow(row.fields, { fetchedAt }) : row;
      if (!mapped.ok) {
        fail(row.line, mapped.reason);
      } else {
        batch.delete(mapped.code);
        batch.set(mapped.code, { source: options.source, code: mapped.code, codeType: mapped.codeType, facts: mapped.facts, raw: row.ok ? row.fields : null, importId });
        rowsInBatch += 1;
        if (rowsInBatch >= settings.batchSize) await flush();
      }
      if (counts.rowsRead - reportedAtRows >= settings.progressEveryRows || clock() - reportedAt >= settings.progressEveryMs) report();
    }
    await flush();
  } catch (err) {
    const stopped: RowError = { line: null, reason: `import stopped: ${err instanceof Error ? err.message : String(err)}` };
    await finishCatalogueImport(db, importId, counts, [...errors, stopped]).catch(() => {});
    throw err;
  }
  await finishCatalogueImport(db, importId, counts, errors);
  report();
  return { ...progress(), importId, source: options.source, fileName: input.fileName, format: input.format, encoding: input.encoding, errors };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
