import type { Fact } from '../domain/facts.ts';
import type { AgentModel } from '../domain/pricing.ts';
import type { PublicationState } from '../domain/publication-states.ts';
import type { SqlRunner } from './database.ts';
import { type LinkedGenerations, type PaidColumns, withLinkedGenerations } from './generations.ts';
import { firstRow } from './rows.ts';

export type ProductState = 'queued' | 'processing' | 'completed' | 'failed';

export interface ProductRow {
  id: string;
  account_id: string;
  code: string | null;
  code_type: 'ean' | 'asin' | 'minsan' | null;
  sku: string | null;
  product_handle: string | null;
  title: string | null;
  /** The brand the product shows: the caller's or a person's (`brand_set_by`), else its facts' (migration 026). */
  brand: string | null;
  brand_set_by: BrandSetBy | null;
  description: string | null;
  images: string[];
  notes: string | null;
  countries: string[];
  agent_model: AgentModel;
  state: ProductState;
  failure: { reason: string; message: string } | null;
  latest_generation_id: string | null;
  facts: Fact[];
  publication_state: PublicationState;
  /** The family's `_id`: set by a person, or proposed by a generation (`family_proposed`) until confirmed. */
  family_id: string | null;
  family_proposed: boolean;
  /** A Google product taxonomy id (migration 032): a generation's classification, or a person's choice (`merchant`) that no generation replaces. */
  google_category_id: string | null;
  google_category_by: 'classifier' | 'merchant' | null;
  /** Share of the essential attributes filled, 0 to 1; null when none applies (migration 014). */
  completeness: number | null;
  /** An id of the account's own category tree: proposed by a generation (`category_id_proposed`) until a person confirms it. */
  category_id: string | null;
  category_id_proposed: boolean;
  /** The merchant's tags. */
  tags: string[];
  /** Set when the product was deleted; such a row is a tombstone that no read returns. */
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The condition every read of products adds: a deleted product is in none of them. */
const LIVE = 'deleted_at IS NULL';

/** Who gave a product its brand; a brand given is kept by every later generation. */
export type BrandSetBy = 'caller' | 'person';

export interface ProductInputs {
  sku: string | null;
  productHandle: string | null;
  title: string | null;
  brand: string | null;
  description: string | null;
  images: string[];
  notes: string | null;
  countries: string[];
  agentModel: AgentModel;
}

// Re-queueing merges countries (existing first, new ones appended, no repeats) and updates
// only the inputs the caller sent this time.
const REQUEUE_SET = `
  countries = (
    SELECT array_agg(country ORDER BY first_seen)
    FROM (
      SELECT country, min(n) AS first_seen
      FROM unnest(products.countries || EXCLUDED.countries) WITH ORDINALITY AS t(country, n)
      GROUP BY country
    ) merged
  ),
  sku = coalesce(EXCLUDED.sku, products.sku),
  product_handle = coalesce(EXCLUDED.product_handle, products.product_handle),
  title = coalesce(EXCLUDED.title, products.title),
  brand = coalesce(EXCLUDED.brand, products.brand),
  brand_set_by = CASE WHEN EXCLUDED.brand IS NULL THEN products.brand_set_by ELSE 'caller' END,
  description = coalesce(EXCLUDED.description, products.description),
  images = CASE WHEN jsonb_array_length(EXCLUDED.images) > 0 THEN EXCLUDED.images ELSE products.images END,
  notes = coalesce(EXCLUDED.notes, products.notes),
  agent_model = EXCLUDED.agent_model,
  latest_generation_id = EXCLUDED.latest_generation_id,
  state = 'queued',
  failure = NULL,
  updated_at = now()`;

// A create names the generation it inserts in the same statement (withLinkedGenerations) as the product's latest:
// each product row is written once per call, not inserted and then updated again (every index of
// products, migration 008's among them, would take each product twice).
const INPUT_COLUMNS =
  'account_id, code, code_type, sku, product_handle, title, brand, description, images, notes, countries, agent_model, state, latest_generation_id, brand_set_by';
// The caller's brand ($5 of inputParams) is the caller's to keep.
const BRAND_SET_BY = `CASE WHEN $5::text IS NULL THEN NULL ELSE 'caller' END`;

function inputParams(accountId: string, p: ProductInputs): unknown[] {
  return [accountId, p.sku, p.productHandle, p.title, p.brand, p.description, JSON.stringify(p.images), p.notes, p.countries, p.agentModel];
}

/** What a create's product write answers: its rows, and what its paid step did (null when it wrote no row). */
export interface Written<T> {
  products: T;
  paid: PaidColumns | null;
}

const PAID_COLUMNS = ['charged', 'balance_after', 'credits_low_threshold', 'crossed_low'] as const;

/** Every row of the statement carries the same PaidColumns; null when it wrote no row. */
function paidOf(rows: readonly object[]): PaidColumns | null {
  const first = rows[0];
  if (first === undefined) return null;
  const row = first as Partial<Record<(typeof PAID_COLUMNS)[number], unknown>>;
  for (const column of PAID_COLUMNS) if (!(column in row)) throw new Error(`the paid create statement answered no ${column}`);
  return row as PaidColumns;
}

/** Runs a create's product write with its generations (and its paid step), in one statement. */
async function writeWith<Row extends object>(db: SqlRunner, text: string, params: readonly unknown[], generations: LinkedGenerations): Promise<Written<Row[]>> {
  const combined = withLinkedGenerations(text, params, generations);
  // Prepared: for a call of one code, parsing and planning this statement cost more than running it.
  const rows = await db.query<Row>(combined.text, combined.params, { prepared: true });
  return { products: rows, paid: paidOf(rows) };
}

/** A written product: its id, how many countries it has now (re-queueing merges them), and the id its queued generation must take. */
export interface WrittenProduct {
  id: string;
  country_count: number;
  generation_id: string;
}

/** Inserts or re-queues one product per code, in one statement; returns each code's product. */
export async function upsertProductsByCode(
  db: SqlRunner,
  accountId: string,
  codes: readonly { code: string; codeType: string }[],
  inputs: ProductInputs,
  generations: LinkedGenerations,
): Promise<Written<Map<string, WrittenProduct>>> {
  const written = await writeWith<WrittenProduct & { code: string }>(
    db,
    `INSERT INTO products (${INPUT_COLUMNS})
     SELECT $1, c.code, c.code_type, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::text[], $10, 'queued', gen_random_uuid(), ${BRAND_SET_BY}
     FROM unnest($11::text[], $12::text[]) AS c(code, code_type)
     -- One lock order for every call, so two calls with the same codes in another order cannot deadlock.
     ORDER BY c.code
     ON CONFLICT (account_id, code) WHERE code IS NOT NULL AND deleted_at IS NULL DO UPDATE SET ${REQUEUE_SET}
     RETURNING id, code, cardinality(countries) AS country_count, latest_generation_id AS generation_id`,
    [...inputParams(accountId, inputs), codes.map((c) => c.code), codes.map((c) => c.codeType)],
    generations,
  );
  return { products: new Map(written.products.map((r) => [r.code, { id: r.id, country_count: r.country_count, generation_id: r.generation_id }])), paid: written.paid };
}

/** The one product a raw write answers. */
function theProduct(written: Written<WrittenProduct[]>, what: string): Written<WrittenProduct> {
  return { products: firstRow(written.products, what), paid: written.paid };
}

/** A product sent as raw data with a sku: the sku names it, so a second call re-queues it. */
export async function upsertProductBySku(db: SqlRunner, accountId: string, inputs: ProductInputs, generations: LinkedGenerations): Promise<Written<WrittenProduct>> {
  const written = await writeWith<WrittenProduct>(
    db,
    `INSERT INTO products (${INPUT_COLUMNS})
     VALUES ($1, NULL, NULL, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::text[], $10, 'queued', gen_random_uuid(), ${BRAND_SET_BY})
     ON CONFLICT (account_id, sku) WHERE sku IS NOT NULL AND deleted_at IS NULL DO UPDATE SET ${REQUEUE_SET}
     RETURNING id, cardinality(countries) AS country_count, latest_generation_id AS generation_id`,
    inputParams(accountId, inputs),
    generations,
  );
  return theProduct(written, 'upsertProductBySku');
}

export async function insertRawProduct(db: SqlRunner, accountId: string, inputs: ProductInputs, generations: LinkedGenerations): Promise<Written<WrittenProduct>> {
  const written = await writeWith<WrittenProduct>(
    db,
    `INSERT INTO products (${INPUT_COLUMNS})
     VALUES ($1, NULL, NULL, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::text[], $10, 'queued', gen_random_uuid(), ${BRAND_SET_BY})
     RETURNING id, cardinality(countries) AS country_count, latest_generation_id AS generation_id`,
    inputParams(accountId, inputs),
    generations,
  );
  return theProduct(written, 'insertRawProduct');
}

/** This account's products with these codes or this sku: what a create re-queues and merges with. */
export interface ExistingProduct {
  id: string;
  code: string | null;
  sku: string | null;
  countries: string[];
}

export async function findExistingProducts(db: SqlRunner, accountId: string, codes: readonly string[], sku: string | null): Promise<ExistingProduct[]> {
  return db.query<ExistingProduct>(`SELECT id, code, sku, countries FROM products WHERE account_id = $1 AND (code = ANY($2::text[]) OR sku = $3) AND ${LIVE}`, [
    accountId,
    codes,
    sku,
  ]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A product of this account by id, else by code, else by sku; never another account's. */
export async function findProductByRef(db: SqlRunner, accountId: string, ref: { raw: string; normalisedCode: string }): Promise<ProductRow | undefined> {
  const id = UUID.test(ref.raw) ? ref.raw : null;
  const rows = await db.query<ProductRow>(
    `SELECT * FROM products
     WHERE account_id = $1 AND (id = $2::uuid OR code = $3 OR sku = $4) AND ${LIVE}
     ORDER BY CASE WHEN id = $2::uuid THEN 0 WHEN code = $3 THEN 1 ELSE 2 END
     LIMIT 1`,
    [accountId, id, ref.normalisedCode, ref.raw],
  );
  return rows[0];
}

/** The ids of the products these refs name, in the refs' order (undefined: none), with findProductByRef's precedence, in one statement. */
export async function findProductIdsByRefs(db: SqlRunner, accountId: string, refs: readonly { raw: string; normalisedCode: string }[]): Promise<(string | undefined)[]> {
  if (refs.length === 0) return [];
  // Per ref, three look-ups each by its own unique index (id, then code, then sku, the first found),
  // rather than one join on an OR of them: without fresh statistics the planner answered the OR by
  // reading the account's products once per ref (130-190 ms for 100 refs over 10,000 products on
  // PGlite, inside a publication call's transaction).
  const rows = await db.query<{ n: string; id: string | null }>(
    `SELECT r.n::text AS n, coalesce(
       (SELECT p.id FROM products p WHERE p.id = r.id AND p.account_id = $1 AND p.${LIVE}),
       (SELECT p.id FROM products p WHERE p.account_id = $1 AND p.code = r.code AND p.${LIVE}),
       (SELECT p.id FROM products p WHERE p.account_id = $1 AND p.sku = r.raw AND p.${LIVE})) AS id
     FROM unnest($2::text[], $3::text[], $4::uuid[]) WITH ORDINALITY AS r(raw, code, id, n)`,
    [accountId, refs.map((r) => r.raw), refs.map((r) => r.normalisedCode), refs.map((r) => (UUID.test(r.raw) ? r.raw : null))],
  );
  const byIndex = new Map(rows.map((row) => [Number(row.n) - 1, row.id ?? undefined]));
  return refs.map((_, i) => byIndex.get(i));
}

export async function findProductById(db: SqlRunner, id: string): Promise<ProductRow | undefined> {
  const rows = await db.query<ProductRow>(`SELECT * FROM products WHERE id = $1 AND ${LIVE}`, [id]);
  return rows[0];
}

/** The SET clause by which the brand a generation's facts agree on (`brand`, an SQL expression) becomes the product's, unless the caller or a person gave it one. */
export const brandFromFacts = (brand: string) => `
  brand = CASE WHEN products.brand_set_by IS NULL THEN ${brand} ELSE products.brand END`;

/** A person's brand (null: none), kept by later generations; `setBy` null hands the brand back to the facts. */
export async function setProductBrand(db: SqlRunner, id: string, brand: string | null, setBy: BrandSetBy | null): Promise<void> {
  await db.query('UPDATE products SET brand = $2, brand_set_by = $3, updated_at = now() WHERE id = $1', [id, brand, setBy]);
}

/** A person's choice of categories and tags; only the parts given change. A Google category set here is kept by later generations. */
export async function setProductCategories(
  db: SqlRunner,
  id: string,
  set: { googleCategoryId?: string | null; categoryId?: string | null; tags?: readonly string[] },
): Promise<void> {
  const params: unknown[] = [id];
  const assignments: string[] = [];
  if (set.googleCategoryId !== undefined) {
    params.push(set.googleCategoryId);
    assignments.push(`google_category_id = $${params.length}`, "google_category_by = 'merchant'");
  }
  if (set.categoryId !== undefined) {
    params.push(set.categoryId);
    assignments.push(`category_id = $${params.length}`, 'category_id_proposed = false');
  }
  if (set.tags !== undefined) {
    params.push([...set.tags]);
    assignments.push(`tags = $${params.length}::text[]`);
  }
  if (assignments.length === 0) return;
  await db.query(`UPDATE products SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1`, params);
}

/** Locks a product row for the rest of the transaction, so a restore and a generation never interleave. */
export async function lockProduct(db: SqlRunner, id: string): Promise<ProductRow | undefined> {
  const rows = await db.query<ProductRow>(`SELECT * FROM products WHERE id = $1 AND ${LIVE} FOR UPDATE`, [id]);
  return rows[0];
}

/** A person changed the product (its content or handle): it shows as updated, for syncs by `updated_from`. */
export async function touchProduct(db: SqlRunner, id: string, productHandle: string | null): Promise<void> {
  await db.query('UPDATE products SET product_handle = $2, updated_at = now() WHERE id = $1', [id, productHandle]);
}

/**
 * Sets the publication state of live products by id; returns the ids it found (a product deleted
 * meanwhile is missing). Only products whose state changes show as updated.
 */
export async function setPublicationState(db: SqlRunner, ids: readonly string[], state: PublicationState): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE products SET publication_state = $2,
       updated_at = CASE WHEN publication_state = $2 THEN updated_at ELSE now() END
     WHERE id = ANY($1::uuid[]) AND ${LIVE}
     RETURNING id`,
    [ids, state],
  );
  return rows.map((r) => r.id);
}

/** Makes a locked product a tombstone: its content, history and facts go; the row stays for its generations and ledger rows. */
export async function markProductDeleted(db: SqlRunner, id: string): Promise<void> {
  await db.query('DELETE FROM product_content WHERE product_id = $1', [id]);
  await db.query('DELETE FROM product_content_history WHERE product_id = $1', [id]);
  await db.query(`UPDATE products SET deleted_at = now(), facts = '[]'::jsonb, updated_at = now() WHERE id = $1`, [id]);
}

/** A person's choice of family (null: none), which confirms any proposal. */
export async function setProductFamily(db: SqlRunner, id: string, familyId: string | null): Promise<void> {
  await db.query('UPDATE products SET family_id = $2, family_proposed = false, updated_at = now() WHERE id = $1', [id, familyId]);
}

/**
 * A family a generation found: proposed from the facts, only for a product without one; named by
 * the shop's catalogue, also over a proposal. Neither overrides a family a person set.
 */
export async function recordProductFamily(db: SqlRunner, id: string, familyId: string, proposed: boolean): Promise<void> {
  await db.query(
    `UPDATE products SET family_id = $2, family_proposed = $3
     WHERE id = $1 AND (family_id IS NULL OR (family_proposed AND NOT $3))`,
    [id, familyId, proposed],
  );
}
