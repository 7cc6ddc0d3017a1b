import type { Fact } from '../domain/facts.ts';
import type { Database, SqlRunner } from './database.ts';

export type CatalogueSourceName = 'catalogue' | 'aifa';

export interface CatalogueItemInput {
  source: CatalogueSourceName;
  /** The owning account; null for the operator's shared catalogue (and always for AIFA). */
  accountId: string | null;
  code: string;
  codeType: 'ean' | 'asin' | 'minsan';
  facts: Fact[];
  /** The row as read, kept so it can be mapped again when the mapping improves. */
  raw: unknown;
  importId: string;
}

export interface CatalogueItemRow {
  source: CatalogueSourceName;
  account_id: string | null;
  code: string;
  code_type: 'ean' | 'asin' | 'minsan';
  facts: Fact[];
  raw: unknown;
  import_id: string;
  imported_at: Date;
}

/**
 * An item with its row as the upsert reads it (JSON), made when the item is: an import makes it row
 * by row between its pauses, so a batch's statement is a join of the rows. Made at the flush, the
 * text of 500 rows held the API's thread 10–40 ms at a time (a CPU profile of a 100 MiB upload).
 */
export interface PreparedCatalogueItem {
  /** What the quota's look-up reads; the rest of the item is in `row` only, not held twice. */
  source: string;
  code: string;
  row: string;
}

export function prepareCatalogueItem(i: CatalogueItemInput): PreparedCatalogueItem {
  return {
    source: i.source,
    code: i.code,
    row: JSON.stringify({ source: i.source, account_id: i.accountId, code: i.code, code_type: i.codeType, facts: i.facts, raw: i.raw, import_id: i.importId }),
  };
}

/**
 * Inserts or replaces a batch of items in one statement. Callers pass each (source, account, code) once:
 * Postgres refuses to update the same row twice in one INSERT … ON CONFLICT.
 */
export async function upsertCatalogueItems(db: SqlRunner, items: readonly PreparedCatalogueItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.query(
    `INSERT INTO catalogue_items (source, account_id, code, code_type, facts, raw, import_id)
     SELECT r.source, r.account_id, r.code, r.code_type, r.facts, r.raw, r.import_id
     FROM jsonb_to_recordset($1::jsonb) AS r(source text, account_id uuid, code text, code_type text, facts jsonb, raw jsonb, import_id uuid)
     -- One lock order for every batch, so two imports of overlapping files cannot deadlock.
     ORDER BY r.code
     ON CONFLICT (source, account_id, code) DO UPDATE SET
       code_type = EXCLUDED.code_type, facts = EXCLUDED.facts, raw = EXCLUDED.raw,
       import_id = EXCLUDED.import_id, imported_at = now()`,
    [`[${items.map((i) => i.row).join(',')}]`],
  );
}

/**
 * Writes a batch of one account's items within its quota of products (`maxItems`, 0: none): items
 * replacing a product already there always go in, new ones while there is room; the codes left out.
 * The account's count is kept in the same transaction, under its row's lock, so two imports of one
 * account at once cannot both take the last places.
 */
export async function upsertAccountCatalogueItems(db: Database, accountId: string, items: readonly PreparedCatalogueItem[], maxItems: number): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  return db.transaction(async (tx) => {
    await tx.query('INSERT INTO catalogue_item_counts (account_id) VALUES ($1) ON CONFLICT (account_id) DO NOTHING', [accountId]);
    const [count] = await tx.query<{ items: string | number }>('SELECT items FROM catalogue_item_counts WHERE account_id = $1 FOR UPDATE', [accountId]);
    const existing = await tx.query<{ source: string; code: string }>(
      `SELECT source, code FROM catalogue_items WHERE account_id = $1 AND (source, code) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
      [accountId, items.map((i) => i.source), items.map((i) => i.code)],
    );
    const present = new Set(existing.map((r) => `${r.source}\u0000${r.code}`));
    let room = maxItems === 0 ? Number.POSITIVE_INFINITY : maxItems - Number(count?.items ?? 0);
    const kept: PreparedCatalogueItem[] = [];
    const refused = new Set<string>();
    let added = 0;
    for (const item of items) {
      if (present.has(`${item.source}\u0000${item.code}`)) kept.push(item);
      else if (room > 0) {
        room -= 1;
        added += 1;
        kept.push(item);
      } else refused.add(item.code);
    }
    await upsertCatalogueItems(tx, kept);
    if (added > 0) await tx.query('UPDATE catalogue_item_counts SET items = items + $2 WHERE account_id = $1', [accountId, added]);
    return refused;
  });
}

/** The item of one catalogue: an account's own (`accountId`), or the shared one (null). */
export async function findCatalogueItem(db: SqlRunner, source: CatalogueSourceName, code: string, accountId: string | null = null): Promise<CatalogueItemRow | undefined> {
  const rows = await db.query<CatalogueItemRow>('SELECT * FROM catalogue_items WHERE source = $1 AND code = $2 AND account_id IS NOT DISTINCT FROM $3', [source, code, accountId]);
  return rows[0];
}

/**
 * The item a product of `accountId` reads: its account's own when there is one, else the shared
 * catalogue's; never another account's. Without an account, the shared one only.
 */
export async function findCatalogueItemFor(db: SqlRunner, source: CatalogueSourceName, code: string, accountId: string | null): Promise<CatalogueItemRow | undefined> {
  if (accountId === null) return findCatalogueItem(db, source, code, null);
  const rows = await db.query<CatalogueItemRow>(
    `SELECT * FROM catalogue_items WHERE source = $1 AND code = $2 AND (account_id = $3 OR account_id IS NULL)
     ORDER BY account_id NULLS LAST LIMIT 1`,
    [source, code, accountId],
  );
  return rows[0];
}
