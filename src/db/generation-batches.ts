// The statements that read and store generations many at a time, each in one round trip: a batch
// run together (src/pipeline/run-generation-batch.ts), and every store (store-generations.ts; one
// generation stored on its own is a batch of one). The batch's claim is the queue's fetch
// (generation-queue.ts).
import type { CountryContent } from '../domain/content.ts';
import type { Fact } from '../domain/facts.ts';
import type { GenerationUsage } from '../domain/generation-usage.ts';
import type { HistoryEntry } from './content-history.ts';
import { upsertContentRows, type ContentRow } from './content.ts';
import type { SqlRunner } from './database.ts';
import { completionSql, type ClaimFence } from './generations.ts';
import { brandFromFacts, type ProductRow } from './products.ts';

/** The live products among `ids`. */
export async function findProductsByIds(db: SqlRunner, ids: readonly string[]): Promise<ProductRow[]> {
  return db.query<ProductRow>('SELECT * FROM products WHERE id = ANY ($1::uuid[]) AND deleted_at IS NULL', [ids]);
}

/** Every country's record of each product, by product. */
export async function listContentOf(db: SqlRunner, productIds: readonly string[]): Promise<Map<string, ContentRow[]>> {
  const rows = await db.query<ContentRow>('SELECT * FROM product_content WHERE product_id = ANY ($1::uuid[])', [productIds]);
  const byProduct = new Map<string, ContentRow[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  return byProduct;
}

export interface Completion {
  id: string;
  fence: ClaimFence;
  handle: string | null;
  usage: GenerationUsage | null;
  review: boolean;
  /** The facts the record was written from, kept beside the product for its `sources` to point into. */
  facts: readonly Fact[];
  /** The brand those facts agree on: the product's, unless the caller or a person gave it one (brandFromFacts). */
  brand: string | null;
  /** The Google category the generation settled (null id: none); undefined: it left the category alone. */
  category?: { id: string | null; by: 'classifier' | 'merchant' } | undefined;
}

/**
 * The SET clause by which a completion stores the category it settled: the classifier's never
 * replaces a person's choice (checked in the statement, so a person's `update` that committed
 * while the generation ran wins), a merchant's replaces anything.
 */
const categoryFromGeneration = `
         google_category_id = CASE WHEN done.category_set AND (products.google_category_by IS DISTINCT FROM 'merchant' OR done.category_by = 'merchant') THEN done.category_id ELSE products.google_category_id END,
         google_category_by = CASE WHEN done.category_set AND (products.google_category_by IS DISTINCT FROM 'merchant' OR done.category_by = 'merchant') THEN CASE WHEN done.category_id IS NULL THEN NULL ELSE done.category_by END ELSE products.google_category_by END,`;

/**
 * Completes generations in one statement (completionSql): each only while still processing under
 * its own token (a run whose claim was taken over completes nothing), and its product takes its
 * state, facts and brand in the same row write (each write of a product row writes every one of
 * its index entries again). Returns the ids that
 * completed; the others were settled or taken over by another run, and their products are untouched.
 */
export async function completeGenerations(db: SqlRunner, completions: readonly Completion[]): Promise<Set<string>> {
  const input = completions.map((c) => ({
    id: c.id,
    token: c.fence.token,
    handle: c.handle,
    usage: c.usage,
    review: c.review,
    facts: c.facts,
    brand: c.brand,
    category_set: c.category !== undefined,
    category_id: c.category?.id ?? null,
    category_by: c.category?.by ?? null,
  }));
  const rows = await db.query<{ id: string }>(
    completionSql(`
         facts = done.facts,${brandFromFacts('done.brand')},${categoryFromGeneration}`),
    [JSON.stringify(input)],
  );
  return new Set(rows.map((r) => r.id));
}

export interface StoredRecords {
  productId: string;
  generationId: string;
  content: readonly CountryContent[];
  history: readonly HistoryEntry[];
}

/** The history rows of every generation of the batch, in one statement. */
export async function insertHistoryOf(db: SqlRunner, stored: readonly StoredRecords[]): Promise<void> {
  const rows = stored.flatMap((s) => s.history.map((e) => ({ product_id: s.productId, generation_id: s.generationId, ...e })));
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO product_content_history (product_id, generation_id, country, change, before, after)
     SELECT e.product_id, e.generation_id, e.country, e.change, e.before, e.after
     FROM jsonb_to_recordset($1::jsonb) AS e(product_id uuid, generation_id uuid, country text, change text, before jsonb, after jsonb)`,
    [JSON.stringify(rows)],
  );
}

/** Every country's record of every generation of the batch, in one statement; as upsertContent, a rewrite replaces. */
export async function upsertContentOf(db: SqlRunner, stored: readonly StoredRecords[]): Promise<void> {
  await upsertContentRows(
    db,
    stored.flatMap((s) => s.content.map((c) => ({ ...c, product_id: s.productId, generation_id: s.generationId }))),
  );
}
