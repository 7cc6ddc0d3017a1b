import type { SqlRunner } from './database.ts';
import { firstRow } from './rows.ts';

export type CatalogueImportState = 'running' | 'completed' | 'failed';

export interface CatalogueImportCounts {
  rowsRead: number;
  rowsImported: number;
  rowsFailed: number;
  bytesRead: number;
}

/** A column read but not used, and why. */
export interface UnusedColumn {
  column: string;
  reason: string;
}

export interface CatalogueImportRow {
  id: string;
  source: string;
  account_id: string | null;
  state: CatalogueImportState;
  file_name: string;
  format: string;
  encoding: string | null;
  rows_read: number;
  rows_imported: number;
  rows_failed: number;
  bytes_read: string | number;
  errors: { line: number | null; reason: string }[];
  unused_columns: UnusedColumn[];
  failure: string | null;
  started_at: Date;
  finished_at: Date | null;
}

export async function startCatalogueImport(
  db: SqlRunner,
  run: { source: string; accountId: string | null; fileName: string; format: string; encoding?: string | null },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO catalogue_imports (source, account_id, file_name, format, encoding, state) VALUES ($1, $2, $3, $4, $5, 'running') RETURNING id`,
    [run.source, run.accountId, run.fileName, run.format, run.encoding ?? null],
  );
  return firstRow(rows, 'startCatalogueImport').id;
}

/** Once the first bytes have been read: what the file turned out to be. */
export async function recordCatalogueImportInput(db: SqlRunner, importId: string, input: { format: string; encoding: string }): Promise<void> {
  await db.query('UPDATE catalogue_imports SET format = $2, encoding = $3 WHERE id = $1', [importId, input.format, input.encoding]);
}

export async function recordCatalogueImportProgress(db: SqlRunner, importId: string, counts: CatalogueImportCounts): Promise<void> {
  await db.query('UPDATE catalogue_imports SET rows_read = $2, rows_imported = $3, rows_failed = $4, bytes_read = $5 WHERE id = $1', [
    importId,
    counts.rowsRead,
    counts.rowsImported,
    counts.rowsFailed,
    counts.bytesRead,
  ]);
}

/**
 * Final counts, the first errors (the caller caps them; `rows_failed` keeps the total) and the
 * unused columns; `failure` set marks the import failed.
 */
export async function finishCatalogueImport(
  db: SqlRunner,
  importId: string,
  result: { counts: CatalogueImportCounts; errors: readonly unknown[]; unusedColumns?: readonly UnusedColumn[]; failure?: string | null },
): Promise<void> {
  const failure = result.failure ?? null;
  await db.query(
    `UPDATE catalogue_imports SET rows_read = $2, rows_imported = $3, rows_failed = $4, bytes_read = $5, errors = $6::jsonb,
       unused_columns = $7::jsonb, failure = $8, state = $9, finished_at = now()
     WHERE id = $1`,
    [
      importId,
      result.counts.rowsRead,
      result.counts.rowsImported,
      result.counts.rowsFailed,
      result.counts.bytesRead,
      JSON.stringify(result.errors),
      JSON.stringify(result.unusedColumns ?? []),
      failure,
      failure === null ? 'completed' : 'failed',
    ],
  );
}

/** One import; with `accountId` given, only that account's (null: the shared catalogue's). */
export async function findCatalogueImport(db: SqlRunner, importId: string, owner?: { accountId: string | null }): Promise<CatalogueImportRow | undefined> {
  const rows =
    owner === undefined
      ? await db.query<CatalogueImportRow>('SELECT * FROM catalogue_imports WHERE id = $1', [importId])
      : await db.query<CatalogueImportRow>('SELECT * FROM catalogue_imports WHERE id = $1 AND account_id IS NOT DISTINCT FROM $2', [importId, owner.accountId]);
  return rows[0];
}
