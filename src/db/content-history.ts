import type { FieldValues } from '../domain/content-changes.ts';
import type { SqlRunner } from './database.ts';

export interface HistoryEntry {
  country: string;
  change: 'create' | 'regenerate' | 'restore';
  before: FieldValues;
  after: FieldValues;
}

export interface HistoryRow extends HistoryEntry {
  id: string;
  product_id: string;
  generation_id: string | null;
  created_at: Date;
}

export async function insertHistory(db: SqlRunner, productId: string, generationId: string | null, entries: readonly HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO product_content_history (product_id, generation_id, country, change, before, after)
     SELECT $1, $2, e.country, e.change, e.before, e.after
     FROM jsonb_to_recordset($3::jsonb) AS e(country text, change text, before jsonb, after jsonb)`,
    [productId, generationId, JSON.stringify(entries)],
  );
}

/** Newest first; `limit` bounds what one read returns. */
export async function listHistory(db: SqlRunner, productId: string, limit: number): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    'SELECT * FROM product_content_history WHERE product_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
    [productId, limit],
  );
}

export async function findHistoryEntry(db: SqlRunner, productId: string, id: string): Promise<HistoryRow | undefined> {
  const rows = await db.query<HistoryRow>('SELECT * FROM product_content_history WHERE product_id = $1 AND id = $2', [productId, id]);
  return rows[0];
}
