import type { PublicationState } from '../domain/publication-states.ts';
import type { Dialect, SqlRunner } from './database.ts';
import type { ContentRow } from './content.ts';
import type { GenerationRow } from './generations.ts';
import type { ProductRow, ProductState } from './products.ts';

/** One end of a time range, as PostgreSQL parses it; a date-only `to` is the next midnight, exclusive. */
export interface TimeBound {
  at: string;
  inclusive: boolean;
}

/** Which of an account's products a list or an export reads (migration 008 indexes each). */
export interface ProductFilters {
  accountId: string;
  search: string | null;
  country: string | null;
  state: ProductState | null;
  publicationState: PublicationState | null;
  brand: string | null;
  createdFrom: TimeBound | null;
  createdTo: TimeBound | null;
  updatedFrom: TimeBound | null;
  updatedTo: TimeBound | null;
  /** Products whose completeness is below this (issue #17); products without one never match. */
  completenessLt?: number | null;
  /** `attr.<id>=<value>`, value in stored form: every one must hold in some country's record (or the country's). */
  attributes?: readonly AttributeFilter[];
  /** Google category ids, a category and every one below it: products classified in any of them. */
  googleCategoryIds?: readonly string[] | null;
  /** The merchant's own category id. */
  categoryId?: string | null;
  /** Products carrying every one of these tags. */
  tags?: readonly string[] | null;
}

export interface AttributeFilter {
  key: string;
  value: string;
  /** A multi-select: the value is one of the stored ones. */
  multi: boolean;
}

/**
 * A position in the order `updated_at DESC, id DESC`: the next page starts after it. `updatedAt`
 * keeps PostgreSQL's microseconds (a JS Date would round them away and repeat or skip rows).
 */
export interface ListCursor {
  updatedAt: string;
  id: string;
}

/** A trigram index serves only terms of at least three characters. */
const TRIGRAM_LENGTH = 3;

/** `\`, `%` and `_` match themselves in the search term. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE clause of a filter set, its parameters appended to `params`. */
function whereOf(f: ProductFilters, params: unknown[], options: { recordsPerProduct?: boolean } = {}): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const account = add(f.accountId);
  const conditions = [`p.account_id = ${account}`, 'p.deleted_at IS NULL'];
  if (f.state !== null) conditions.push(`p.state = ${add(f.state)}`);
  if (f.publicationState !== null) conditions.push(`p.publication_state = ${add(f.publicationState)}`);
  if (f.brand !== null) conditions.push(`lower(p.brand) = lower(${add(f.brand)})`);
  if (f.country !== null) conditions.push(`p.countries @> ARRAY[${add(f.country)}::text]`);
  const range = (column: string, from: TimeBound | null, to: TimeBound | null) => {
    if (from !== null) conditions.push(`${column} >${from.inclusive ? '=' : ''} ${add(from.at)}::timestamptz`);
    if (to !== null) conditions.push(`${column} <${to.inclusive ? '=' : ''} ${add(to.at)}::timestamptz`);
  };
  range('p.created_at', f.createdFrom, f.createdTo);
  range('p.updated_at', f.updatedFrom, f.updatedTo);
  if (f.completenessLt !== undefined && f.completenessLt !== null) conditions.push(`p.completeness < ${add(f.completenessLt)}::real`);
  if (f.googleCategoryIds !== undefined && f.googleCategoryIds !== null) conditions.push(`p.google_category_id = ANY(${add(f.googleCategoryIds)}::text[])`);
  if (f.categoryId !== undefined && f.categoryId !== null) conditions.push(`p.category_id = ${add(f.categoryId)}`);
  if (f.tags !== undefined && f.tags !== null && f.tags.length > 0) conditions.push(`p.tags @> ${add(f.tags)}::text[]`);
  for (const a of f.attributes ?? []) {
    const inCountry = f.country === null ? '' : ` AND c.country = ${add(f.country)}`;
    // Containment is what the GIN index on global_attr (migration 014) serves; a multi-select's
    // stored "A | B" needs the part match, which reads the account's records.
    const match = a.multi
      ? `(' | ' || (c.global_attr ->> ${add(a.key)}) || ' | ') LIKE ${add(likePattern(` | ${a.value} | `))}`
      : `c.global_attr @> ${add(JSON.stringify({ [a.key]: a.value }))}::jsonb`;
    conditions.push(`EXISTS (SELECT 1 FROM product_content c WHERE c.product_id = p.id AND ${match}${inCountry})`);
  }
  if (f.search !== null) {
    const pattern = add(likePattern(f.search));
    const ownFields = (alias: string) =>
      `${alias}.code ILIKE ${pattern} OR ${alias}.sku ILIKE ${pattern} OR ${alias}.product_handle ILIKE ${pattern} OR ${alias}.title ILIKE ${pattern}`;
    if (readsWholeAccount(f)) {
      // No trigram index can serve a term this short: the account's own products are read (its
      // index), each with its records, so the cost is the account's size, never the instance's.
      // With recordsPerProduct, OFFSET 0 keeps the records' look-up per product, by its key, for a
      // statement that reads a bounded number of products (a page, a slice). Otherwise PostgreSQL
      // may read every record of the instance that matches the term into a hash first: cheaper for
      // a count of the whole account on PostgreSQL (measured: 10,000 probes cost A's searches a
      // third of their rate), but a page that a few products fill read all of them (PGlite, 10,000
      // products: 19-83 ms that way, 1-6 ms per product), and so did each slice of a count.
      const perProduct = options.recordsPerProduct === true ? ' OFFSET 0' : '';
      conditions.push(`(${ownFields('p')} OR EXISTS (SELECT 1 FROM product_content c WHERE c.product_id = p.id AND c.title ILIKE ${pattern}${perProduct}))`);
    } else {
      // A union of index-served matches (trigram indexes, migration 008) rather than one OR across
      // two tables, which PostgreSQL could only answer by reading every row of the account. The
      // records' side is joined to the account's products, so the planner may equally start from
      // them (a small account) or from the title index (a selective term).
      conditions.push(`p.id IN (
      SELECT s.id FROM products s
      WHERE s.account_id = ${account} AND s.deleted_at IS NULL AND (${ownFields('s')})
      UNION
      SELECT c.product_id FROM product_content c JOIN products s ON s.id = c.product_id
      WHERE s.account_id = ${account} AND s.deleted_at IS NULL AND c.title ILIKE ${pattern})`);
    }
  }
  return conditions.join(' AND ');
}

function afterCursor(cursor: ListCursor | null, params: unknown[]): string {
  if (cursor === null) return '';
  params.push(cursor.updatedAt, cursor.id);
  return ` AND (p.updated_at, p.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
}

const CURSOR_KEY = `to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;

export type ListedProduct = Pick<
  ProductRow,
  | 'id'
  | 'code'
  | 'code_type'
  | 'sku'
  | 'product_handle'
  | 'brand'
  | 'state'
  | 'countries'
  | 'images'
  | 'facts'
  | 'google_category_id'
  | 'category_id'
  | 'category_id_proposed'
  | 'tags'
  | 'created_at'
  | 'updated_at'
> & {
  publication_state: PublicationState;
  cursor_at: string;
};

/** Whether the filters' count reads every product of the account: a search term too short for an index. */
function readsWholeAccount(filters: ProductFilters): boolean {
  return filters.search !== null && [...filters.search].length < TRIGRAM_LENGTH;
}

/**
 * Products an account's count reads per statement when a short term makes it read them all, or
 * null for one statement. On the embedded database one statement holds it for every account: one
 * count over an account's 10,000 products took 65-160 ms on a busy machine, every other account's
 * statement waiting behind it; in slices, other accounts' turns come between them. Slices of 1,000
 * held it up to 31 ms each at 100,000 products, and another account's p99 under four such
 * searches was 20-26 ms against 15-19 ms with 500 (bench/results/isolation.md). On
 * PostgreSQL each request has its own session, and one statement costs less.
 */
export function countSliceRows(dialect: Dialect): number | null {
  return dialect === 'pglite' ? 500 : null;
}

/**
 * How many products match. With `sliceRows`, a count that would read the whole account (a short
 * search term) reads it in slices of that many products in id order, one statement each, and adds
 * them up: every product is in exactly one slice, so the total is the same; as with the page read
 * beside it, a product changed during the count is counted as it was when its slice was read.
 */
export async function countProducts(db: SqlRunner, filters: ProductFilters, sliceRows: number | null = null): Promise<number> {
  if (sliceRows === null || !readsWholeAccount(filters)) {
    const params: unknown[] = [];
    const rows = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products p WHERE ${whereOf(filters, params)}`, params);
    return rows[0]?.total ?? 0;
  }
  let total = 0;
  let after: string | null = null;
  for (;;) {
    const params: unknown[] = [];
    const where = whereOf(filters, params, { recordsPerProduct: true });
    let from = '';
    if (after !== null) {
      params.push(after);
      from = ` AND s.id > $${params.length}::uuid`;
    }
    params.push(sliceRows);
    // The slice is read through migration 035's (account_id, id) index, and the filters applied
    // to its rows only: a subquery with a LIMIT is computed before them.
    const [slice] = await db.query<{ matched: number; seen: number; last: string | null }>(
      `SELECT (count(*) FILTER (WHERE ${where}))::int AS matched, count(*)::int AS seen, max(p.id::text) AS last
       FROM (SELECT * FROM products s
             WHERE s.account_id = $1 AND s.deleted_at IS NULL${from}
             ORDER BY s.id LIMIT $${params.length}) AS p`,
      params,
    );
    total += slice?.matched ?? 0;
    if (slice === undefined || slice.last === null || slice.seen < sliceRows) return total;
    after = slice.last;
  }
}

/** One page in list order: `limit` rows after the cursor, or after `offset` rows when there is none. */
export async function listProductsPage(db: SqlRunner, filters: ProductFilters, page: { limit: number; offset: number; cursor: ListCursor | null }): Promise<ListedProduct[]> {
  const params: unknown[] = [];
  const where = whereOf(filters, params, { recordsPerProduct: true }) + afterCursor(page.cursor, params);
  const offset = page.cursor === null ? page.offset : 0;
  params.push(page.limit, offset);
  const columns = `p.id, p.code, p.code_type, p.sku, p.product_handle, p.brand, p.state, p.publication_state, p.countries, p.images, p.facts,
       p.google_category_id, p.category_id, p.category_id_proposed, p.tags, p.created_at, p.updated_at, ${CURSOR_KEY}`;
  const order = 'ORDER BY p.updated_at DESC, p.id DESC';
  const window = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  if (offset === 0) return db.query<ListedProduct>(`SELECT ${columns} FROM products p WHERE ${where} ${order} ${window}`, params);
  // A deep page skips its offset on ids alone, which the list indexes answer without reading the
  // skipped products' rows (an index-only scan); only the page's own rows are read in full.
  return db.query<ListedProduct>(
    `SELECT ${columns} FROM products p
     WHERE p.id IN (SELECT p.id FROM products p WHERE ${where} ${order} ${window})
     ${order}`,
    params,
  );
}

/** What a list item shows of each country's record. */
export type ListedContent = Pick<ContentRow, 'product_id' | 'country' | 'language' | 'title' | 'images' | 'validation_issues'>;

export async function listedContent(db: SqlRunner, productIds: readonly string[]): Promise<ListedContent[]> {
  if (productIds.length === 0) return [];
  return db.query<ListedContent>('SELECT product_id, country, language, title, images, validation_issues FROM product_content WHERE product_id = ANY($1::uuid[])', [productIds]);
}

export type ExportedProduct = ProductRow & { publication_state: PublicationState; cursor_at: string };

/** The next `limit` whole products after the cursor (an export reads the catalogue in such pages). */
export async function exportProductsPage(db: SqlRunner, filters: ProductFilters, cursor: ListCursor | null, limit: number): Promise<ExportedProduct[]> {
  const params: unknown[] = [];
  const where = whereOf(filters, params) + afterCursor(cursor, params);
  params.push(limit);
  return db.query<ExportedProduct>(`SELECT p.*, ${CURSOR_KEY} FROM products p WHERE ${where} ORDER BY p.updated_at DESC, p.id DESC LIMIT $${params.length}`, params);
}

export async function contentInCountry(db: SqlRunner, productIds: readonly string[], country: string): Promise<ContentRow[]> {
  if (productIds.length === 0) return [];
  return db.query<ContentRow>('SELECT * FROM product_content WHERE product_id = ANY($1::uuid[]) AND country = $2', [productIds, country]);
}

/** What a product's view shows of its latest generation. */
export type ExportedGeneration = Pick<GenerationRow, 'id' | 'kind' | 'agent_model' | 'usage'>;

export async function generationsByIds(db: SqlRunner, ids: readonly string[]): Promise<ExportedGeneration[]> {
  if (ids.length === 0) return [];
  return db.query<ExportedGeneration>('SELECT id, kind, agent_model, usage FROM generations WHERE id = ANY($1::uuid[])', [ids]);
}

/** Every attribute name in the matching products' records of one country, sorted: the CSV's `attr:` columns. */
export async function attributeNames(db: SqlRunner, filters: ProductFilters, country: string): Promise<string[]> {
  const params: unknown[] = [];
  const where = whereOf(filters, params);
  params.push(country);
  const rows = await db.query<{ name: string }>(
    `SELECT DISTINCT a.name FROM products p
     JOIN product_content c ON c.product_id = p.id AND c.country = $${params.length}
     CROSS JOIN LATERAL jsonb_object_keys(c.global_attr) AS a(name)
     WHERE ${where}
     ORDER BY a.name`,
    params,
  );
  return rows.map((r) => r.name);
}
