import type { Fact } from '../domain/facts.ts';
import type { SqlRunner } from './database.ts';
import { firstRow } from './rows.ts';

export type CatalogueSourceName = 'catalogue' | 'aifa';

export interface CatalogueItemInput {
  source: CatalogueSourceName;
  code: string;
  codeType: 'ean' | 'asin' | 'minsan';
  facts: Fact[];
  /** The row as read, kept so it can be mapped again when the mapping improves. */
  raw: unknown;
  importId: string;
}

export interface CatalogueItemRow {
  source: CatalogueSourceName;
  code: string;
  code_type: 'ean' | 'asin' | 'minsan';
  facts: Fact[];
  raw: unknown;
  import_id: string;
  imported_at: Date;
}

/**
 * Inserts or replaces a batch of items in one statement. Callers pass each (source, code) once:
 * Postgres refuses to update the same row twice in one INSERT … ON CONFLICT.
 */
export async function upsertCatalogueItems(db: SqlRunner, items: readonly CatalogueItemInput[]): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map((i) => ({ source: i.source, code: i.code, code_type: i.codeType, facts: i.facts, raw: i.raw, import_id: i.importId }));
  await db.query(
    `INSERT INTO catalogue_items (source, code, code_type, facts, raw, import_id)
     SELECT r.source, r.code, r.code_type, r.facts, r.raw, r.import_id
     FROM jsonb_to_recordset($1::jsonb) AS r(source text, code text, code_type text, facts jsonb, raw jsonb, import_id uuid)
     -- One lock order for every batch, so two imports of overlapping files cannot deadlock.
     ORDER BY r.code
     ON CONFLICT (source, code) DO UPDATE SET
       code_type = EXCLUDED.code_type, facts = EXCLUDED.facts, raw = EXCLUDED.raw,
       import_id = EXCLUDED.import_id, imported_at = now()`,
    [JSON.stringify(rows)],
  );
}

export async function findCatalogueItem(db: SqlRunner, source: CatalogueSourceName, code: string): Promise<CatalogueItemRow | undefined> {
  const rows = await db.query<CatalogueItemRow>('SELECT * FROM catalogue_items WHERE source = $1 AND code = $2', [source, code]);
  return rows[0];
}

export interface CatalogueImportCounts {
  rowsRead: number;
  rowsImported: number;
  rowsFailed: number;
}

export interface CatalogueImportRow {
  id: string;
  source: string;
  file_name: string;
  format: string;
  rows_read: number;
  rows_imported: number;
  rows_failed: number;
  errors: unknown[];
  started_at: Date;
  finished_at: Date | null;
}

export async function startCatalogueImport(db: SqlRunner, run: { source: CatalogueSourceName; fileName: string; format: string }): Promise<string> {
  const rows = await db.query<{ id: string }>('INSERT INTO catalogue_imports (source, file_name, format) VALUES ($1, $2, $3) RETURNING id', [run.source, run.fileName, run.format]);
  return firstRow(rows, 'startCatalogueImport').id;
}

export async function recordCatalogueImportProgress(db: SqlRunner, importId: string, counts: CatalogueImportCounts): Promise<void> {
  await db.query('UPDATE catalogue_imports SET rows_read = $2, rows_imported = $3, rows_failed = $4 WHERE id = $1', [
    importId,
    counts.rowsRead,
    counts.rowsImported,
    counts.rowsFailed,
  ]);
}

/** Final counts and the first errors (the caller caps them; `rows_failed` keeps the total). */
export async function finishCatalogueImport(db: SqlRunner, importId: string, counts: CatalogueImportCounts, errors: readonly unknown[]): Promise<void> {
  await db.query(
    `UPDATE catalogue_imports SET rows_read = $2, rows_imported = $3, rows_failed = $4, errors = $5::jsonb, finished_at = now()
     WHERE id = $1`,
    [importId, counts.rowsRead, counts.rowsImported, counts.rowsFailed, JSON.stringify(errors)],
  );
}

export async function findCatalogueImport(db: SqlRunner, importId: string): Promise<CatalogueImportRow | undefined> {
  const rows = await db.query<CatalogueImportRow>('SELECT * FROM catalogue_imports WHERE id = $1', [importId]);
  return rows[0];
}
