import type { FieldValues } from '../domain/content-changes.ts';
import type { StoredUsage } from '../domain/generation-usage.ts';
import type { SqlRunner } from './database.ts';

export interface HistoryEntry {
  country: string;
  /** `manual`: a person's edit (POST /products/update). */
  change: 'create' | 'regenerate' | 'restore' | 'manual';
  before: FieldValues;
  after: FieldValues;
}

export interface HistoryRow extends HistoryEntry {
  id: string;
  product_id: string;
  generation_id: string | null;
  created_at: Date;
}

/** A history row with what its generation recorded (engine, model, tokens …); null for a restore. */
export interface HistoryRowWithUsage extends HistoryRow {
  usage: StoredUsage | null;
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

/** Newest first, `limit` at most, older than the entry `before` when given (a page cursor). */
export async function listHistory(db: SqlRunner, productId: string, limit: number, before: string | null): Promise<HistoryRowWithUsage[]> {
  return db.query<HistoryRowWithUsage>(
    `SELECT h.*, g.usage FROM product_content_history h
     LEFT JOIN generations g ON g.id = h.generation_id AND h.change IN ('create', 'regenerate')
     WHERE h.product_id = $1
       AND ($3::uuid IS NULL OR (h.created_at, h.id) < (SELECT c.created_at, c.id FROM product_content_history c WHERE c.id = $3 AND c.product_id = $1))
     ORDER BY h.created_at DESC, h.id DESC LIMIT $2`,
    [productId, limit, before],
  );
}

export async function findHistoryEntry(db: SqlRunner, productId: string, id: string): Promise<HistoryRow | undefined> {
  const rows = await db.query<HistoryRow>('SELECT * FROM product_content_history WHERE product_id = $1 AND id = $2', [productId, id]);
  return rows[0];
}
