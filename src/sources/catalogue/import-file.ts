import { bulkTurn } from '../../queue/bulk-pace.ts';
import { prepareCatalogueItem, upsertAccountCatalogueItems, upsertCatalogueItems, type CatalogueSourceName, type PreparedCatalogueItem } from '../../db/catalogue.ts';
import { finishCatalogueImport, recordCatalogueImportInput, recordCatalogueImportProgress, startCatalogueImport, type UnusedColumn } from '../../db/catalogue-imports.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { keepImportAlive, type ImportHeartbeat } from './import-heartbeat.ts';
import type { ColumnUsage } from './catalogue-record.ts';
import type { InputFormat } from './input-format.ts';
import { InputStoppedError, type InputRow } from './input-row.ts';
import { InputTooLargeError, openInput, type InputFile } from './open-input.ts';
import { InputFormatError } from './input-format.ts';
import type { RowLimits } from './row-limits.ts';
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
  /** What one row may hold (CATALOGUE_MAX_*; default DEFAULT_ROW_LIMITS). */
  limits?: RowLimits;
  /** Products an account's catalogue may hold (CATALOGUE_MAX_ROWS_PER_ACCOUNT); 0 or absent: no quota. The shared catalogue has none. */
  maxRowsPerAccount?: number;
}

const DEFAULTS = { batchSize: 500, progressEveryRows: 1000, progressEveryMs: 1000, maxErrors: 1000 };
/**
 * Rows per batch unless told. On the embedded database each batch's transaction holds it for every
 * account while it runs (measured on a busy machine: 50-260 ms for 500 narrow rows, up to 230 ms of
 * another account's wait at 200): batches of 50 there keep that wait to one short transaction.
 */
export function importBatchSize(dialect: Dialect): number {
  return dialect === 'pglite' ? 50 : DEFAULTS.batchSize;
}

/**
 * Mapping rows is CPU work: after this long the import takes a bulk turn (queue/bulk-pace.ts),
 * letting the API's thread serve other requests first, and waiting while it has been busy.
 */
const SLICE_MS = 4;

/** Another process failed the import as abandoned (no heartbeat for minutes): this one stops writing. */
export class ImportAbandonedError extends Error {
  override name = 'ImportAbandonedError';
}

/** The import read its whole input and took nothing of it (`message` says why); it was marked failed. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
}

/**
 * Streams a file into `catalogue_items` (see `importInput`). Throws InputReadError or
 * InputFormatError, before anything is written, when the file cannot be read.
 */
export async function importFile(db: Database, path: string, options: ImportFileOptions): Promise<ImportSummary> {
  const input = await openInput(path, {
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  return importInput(db, input, options);
}

/**
 * The reason an import that stopped on `err` is failed with, for its owner to read: errors about
 * the input say what happened (`explain` may know more, e.g. that the sender hung up); anything
 * else, ours, only where, its detail going to the server's log.
 */
export function stopReason(err: unknown, lastLine: number | null, explain?: (err: unknown) => string | null): string {
  if (err instanceof InputStoppedError || err instanceof ImportAbandonedError || err instanceof InputTooLargeError || err instanceof InputFormatError) {
    return `import stopped: ${err.message}`;
  }
  const explained = explain?.(err) ?? null;
  if (explained !== null) return `import stopped: ${explained}`;
  const where = lastLine === null ? 'before its first row' : `after line ${lastLine}`;
  return `import stopped: an error on the server's side ended it ${where}; the rows committed before it stay imported. Send the file again to import the rest`;
}

/**
 * Streams an opened input into `catalogue_items` for one source and owner: rows mapped by
 * `mapRow`, written in batches, later rows for the same code winning; a bad row (over a limit,
 * over the account's quota, unreadable, without a valid code) is recorded with its line and reason
 * and the import goes on. The run is recorded in `catalogue_imports` (under `importId` when the
 * caller already started it), its progress and heartbeat as batches commit; any error that stops
 * it marks it failed with a reason its owner can read and is thrown; the rows written before it
 * stay. Mapping yields to the event loop every few milliseconds, so one import never holds the API.
 */
export async function importInput(
  db: Database,
  input: InputFile,
  options: ImportFileOptions & { importId?: string; heartbeat?: ImportHeartbeat; explainStop?: (err: unknown) => string | null },
): Promise<ImportSummary> {
  const settings = { ...DEFAULTS, batchSize: importBatchSize(db.dialect), ...withoutUndefined(options) };
  const clock = options.clock ?? Date.now;
  const accountId = options.accountId ?? null;
  const quota = accountId === null ? 0 : (options.maxRowsPerAccount ?? 0);
  let importId = options.importId;
  if (importId === undefined) {
    importId = await startCatalogueImport(db, { source: options.source, accountId, fileName: input.fileName, format: input.format, encoding: input.encoding });
  } else {
    await recordCatalogueImportInput(db, importId, { format: input.format, encoding: input.encoding });
  }
  const id = importId;
  const heartbeat = options.heartbeat ?? keepImportAlive(db, id);
  const fetchedAt = new Date().toISOString();

  const counts = { rowsRead: 0, rowsImported: 0, rowsFailed: 0 };
  const errors: RowError[] = [];
  // Keyed by code: a later row for the same code replaces the earlier one within a batch too.
  const batch = new Map<string, { prepared: PreparedCatalogueItem; line: number }>();
  let rowsInBatch = 0;
  let reportedAtRows = 0;
  let reportedAt = clock();
  let lastLine: number | null = null;
  let sliceStart = performance.now();

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
  const heartbeatLost = () => {
    throw new ImportAbandonedError('another process found no sign of this import for minutes and marked it failed');
  };
  const quotaReason = `the account's catalogue holds its quota of ${quota} products (CATALOGUE_MAX_ROWS_PER_ACCOUNT); a row with a new code is not imported, rows replacing a product already there still are`;
  const flush = async () => {
    if (batch.size === 0) return;
    const entries = [...batch.values()];
    const items = entries.map((e) => e.prepared);
    const batchEnd = Math.max(...entries.map((e) => e.line));
    let refused = new Set<string>();
    if (accountId === null) await upsertCatalogueItems(db, items);
    else refused = await upsertAccountCatalogueItems(db, accountId, items, quota);
    // Rows over the quota are rejected at their lines, in file order among the other rejections.
    if (refused.size > 0) {
      for (const entry of entries) if (refused.has(entry.prepared.code)) fail(entry.line, quotaReason);
      errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    }
    counts.rowsImported += rowsInBatch - refused.size;
    batch.clear();
    rowsInBatch = 0;
    const running = await recordCatalogueImportProgress(db, id, { ...counts, bytesRead: input.bytesRead(), lastLine: batchEnd });
    if (!running) heartbeatLost();
  };

  const rows = options.transformRows === undefined ? input.rows() : options.transformRows(input.rows());
  try {
    for await (const row of rows) {
      if (heartbeat.abandoned()) heartbeatLost();
      counts.rowsRead += 1;
      lastLine = row.line;
      const mapped = row.ok ? options.mapRow(row.fields, { fetchedAt }) : row;
      if (!mapped.ok) {
        fail(row.line, mapped.reason);
      } else {
        if (row.ok) options.columnUsage?.observe(row.fields, mapped.facts);
        batch.delete(mapped.code);
        batch.set(mapped.code, {
          prepared: prepareCatalogueItem({
            source: options.source,
            accountId,
            code: mapped.code,
            codeType: mapped.codeType,
            facts: mapped.facts,
            raw: row.ok ? row.fields : null,
            importId: id,
          }),
          line: row.line,
        });
        rowsInBatch += 1;
        if (rowsInBatch >= settings.batchSize) await flush();
      }
      if (counts.rowsRead - reportedAtRows >= settings.progressEveryRows || clock() - reportedAt >= settings.progressEveryMs) report();
      if (performance.now() - sliceStart >= SLICE_MS) {
        await bulkTurn();
        sliceStart = performance.now();
      }
    }
    await flush();
  } catch (err) {
    heartbeat.stop();
    const reason = stopReason(err, lastLine, options.explainStop);
    // A row the input cannot be read past is a rejected row of its own, at its line.
    const line = err instanceof InputStoppedError ? err.line : null;
    if (line !== null) counts.rowsFailed += 1;
    // The rows read before the stop are good: written, unless another process has failed the import.
    // A database failure here leaves those rows out of the counts; the stop is still recorded.
    if (!(err instanceof ImportAbandonedError)) await flush().catch(() => {});
    await finishCatalogueImport(db, id, {
      counts: { ...counts, bytesRead: input.bytesRead() },
      errors: [...errors, { line, reason }],
      unusedColumns: options.columnUsage?.unused() ?? [],
      failure: reason,
    }).catch(() => {});
    throw err;
  }
  heartbeat.stop();
  const unusedColumns = options.columnUsage?.unused() ?? [];
  await finishCatalogueImport(db, id, { counts: { ...counts, bytesRead: input.bytesRead() }, errors, unusedColumns });
  report();
  return { ...progress(), importId: id, source: options.source, accountId, fileName: input.fileName, format: input.format, encoding: input.encoding, errors, unusedColumns };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
