import { storableText } from '../domain/text.ts';
import type { Database, SqlRunner } from './database.ts';
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

/** A new import when fewer than `atOnce` of its catalogue's imports are alive; otherwise the ids of those running. */
export type ImportSlot = { ok: true; importId: string } | { ok: false; running: string[] };

/** The `source` of an import of an account's own category tree (POST /api/v1/custom-category/import). */
export const CATEGORY_TREE_SOURCE = 'custom_category';

/**
 * Records an import as running unless its catalogue (an account's, or the shared one: null)
 * already has `atOnce` imports running whose process was heard from in the last `staleSeconds`.
 * Counted and inserted under a lock per catalogue, so several API processes never let a third through.
 * Imports of the account's category tree are counted apart from those of its catalogue: a long
 * catalogue upload never holds up a tree, and the ids a refusal names are all of the one kind.
 */
export async function startCatalogueImportWithin(
  db: Database,
  run: { source: string; accountId: string | null; fileName: string; format: string },
  limit: { atOnce: number; staleSeconds: number },
): Promise<ImportSlot> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('vetrina.catalogue-imports:' || coalesce($1::text, 'shared')))`, [run.accountId]);
    const running = await tx.query<{ id: string }>(
      `SELECT id FROM catalogue_imports
       WHERE state = 'running' AND account_id IS NOT DISTINCT FROM $1 AND heartbeat_at > now() - make_interval(secs => $2::int)
         AND (source = '${CATEGORY_TREE_SOURCE}') = $3::boolean
       ORDER BY started_at`,
      [run.accountId, limit.staleSeconds, run.source === CATEGORY_TREE_SOURCE],
    );
    if (running.length >= limit.atOnce) return { ok: false, running: running.map((r) => r.id) };
    return { ok: true, importId: await startCatalogueImport(tx, run) };
  });
}

/** Marks a running import alive; false when it is no longer running (another process failed it as abandoned). */
export async function touchCatalogueImport(db: SqlRunner, importId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(`UPDATE catalogue_imports SET heartbeat_at = now() WHERE id = $1 AND state = 'running' RETURNING id`, [importId]);
  return rows.length > 0;
}

/** The message an orphaned import is failed with, built from what it had committed. */
const ORPHAN_FAILURE = `'the server stopped while importing (no sign of the import for over ' || $1::int / 60 || ' minutes); ' ||
  CASE WHEN last_line IS NULL THEN 'no row was imported' ELSE 'the rows before line ' || (last_line + 1) || ' stay imported' END ||
  '. Send the file again to import the rest.'`;

/**
 * Fails every import still `running` whose process has not marked it alive for `staleSeconds`:
 * the process stopped (a crash, a restart, a lost machine). Safe from any number of processes at
 * once: each import is failed by one UPDATE. The ids failed.
 */
export async function failOrphanedCatalogueImports(db: SqlRunner, staleSeconds: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE catalogue_imports SET state = 'failed', finished_at = now(), failure = ${ORPHAN_FAILURE},
       errors = errors || jsonb_build_array(jsonb_build_object('line', NULL, 'reason', ${ORPHAN_FAILURE}))
     WHERE state = 'running' AND heartbeat_at < now() - make_interval(secs => $1::int)
     RETURNING id`,
    [staleSeconds],
  );
  return rows.map((r) => r.id);
}

/** Once the first bytes have been read: what the file turned out to be. */
export async function recordCatalogueImportInput(db: SqlRunner, importId: string, input: { format: string; encoding: string }): Promise<void> {
  await db.query('UPDATE catalogue_imports SET format = $2, encoding = $3 WHERE id = $1', [importId, input.format, input.encoding]);
}

/** Progress as a batch commits (`lastLine`: the line of its last row), which also marks the import alive; false when it is no longer running. */
export async function recordCatalogueImportProgress(db: SqlRunner, importId: string, counts: CatalogueImportCounts & { lastLine: number | null }): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE catalogue_imports SET rows_read = $2, rows_imported = $3, rows_failed = $4, bytes_read = $5, last_line = coalesce($6, last_line), heartbeat_at = now()
     WHERE id = $1 AND state = 'running' RETURNING id`,
    [importId, counts.rowsRead, counts.rowsImported, counts.rowsFailed, counts.bytesRead, counts.lastLine],
  );
  return rows.length > 0;
}

/**
 * Final counts, the first errors (the caller caps them; `rows_failed` keeps the total) and the
 * unused columns; `failure` set marks the import failed. An import already failed as orphaned
 * keeps that verdict.
 */
export async function finishCatalogueImport(
  db: SqlRunner,
  importId: string,
  result: { counts: CatalogueImportCounts; errors: readonly unknown[]; unusedColumns?: readonly UnusedColumn[]; failure?: string | null },
): Promise<void> {
  // Reasons quote the caller's file (a parser's message echoes the line), so they are made storable.
  const failure = result.failure === undefined || result.failure === null ? null : storableText(result.failure);
  const storable = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? storableText(v) : v));
  await db.query(
    `UPDATE catalogue_imports SET rows_read = $2, rows_imported = $3, rows_failed = $4, bytes_read = $5, errors = $6::jsonb,
       unused_columns = $7::jsonb, failure = $8, state = $9, finished_at = now()
     WHERE id = $1 AND state = 'running'`,
    [
      importId,
      result.counts.rowsRead,
      result.counts.rowsImported,
      result.counts.rowsFailed,
      result.counts.bytesRead,
      storable(result.errors),
      storable(result.unusedColumns ?? []),
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
