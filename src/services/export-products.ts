import { loadSchema } from '../db/attributes.ts';
import { hasSchema } from '../domain/attributes/schema.ts';
import type { Database } from '../db/database.ts';
import { inScanTurn } from './account-scans.ts';
import { bulkTurn } from '../queue/bulk-pace.ts';
import { fromStored } from '../domain/generation-usage.ts';
import { escapeFormula } from '../domain/spreadsheet-formulas.ts';
import { attributeNames, contentInCountry, exportProductsPage, generationsByIds, type ListCursor, type ProductFilters } from '../db/product-list.ts';
import { googleTaxonomy } from '../reference-data/google-taxonomy-files.ts';
import { csvRecords } from '../text/csv-records.ts';
import { plainTextToHtml } from '../text/plain-text-html.ts';
import { slugify } from '../text/words.ts';
import { imageUrl } from './list-products.ts';
import { productView, type ProductView } from './read-product.ts';

export const EXPORT_FORMATS = ['jsonl', 'csv', 'shopify'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Products read per page. The export holds about one page in memory, whatever the catalogue, and
 * each page costs three short statements, then a few milliseconds of the API's thread to turn into
 * text: small, so that on PGlite (one statement at a time for every account) another account's
 * statement waits behind a page's statement for a few milliseconds, not a hundred, and so that
 * what outlives each of V8's young-generation collections (the page being written) stays too small
 * for V8 to grow that generation (by 64 MiB) during an export of 100,000 products.
 */
export const EXPORT_BATCH = 50;
/**
 * Products turned into text at a time. A piece of some tens of KiB is young garbage once sent,
 * collected at once; a whole page's text (over 128 KiB) would go straight to V8's old generation,
 * garbage that piles up until a full collection (the export's memory growth, bench/results/export.md).
 */
const PIECE_PRODUCTS = 20;
const CSV_IMAGES = 10;
const BOM = '\uFEFF';

export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  shopify: 'text/csv; charset=utf-8',
};

/**
 * Every matching product in one country, in list order, as details-shaped objects, PIECE_PRODUCTS
 * at a time, read a batch at a time. Each batch starts after the last product of the one before
 * (a keyset, no transaction held open), so a product changed during the export is either where it
 * was or, changed, out of it.
 */
async function* exportedViews(db: Database, filters: ProductFilters & { country: string }, batch = EXPORT_BATCH): AsyncGenerator<ProductView[]> {
  let cursor: ListCursor | null = null;
  const schema = await loadSchema(db, filters.accountId);
  for (;;) {
    const after = cursor;
    const { products, content, generations } = await inScanTurn(db, filters.accountId, async () => {
      const products = await exportProductsPage(db, filters, after, batch);
      const ids = products.map((p) => p.id);
      const [content, generations] = await Promise.all([
        contentInCountry(db, ids, filters.country),
        generationsByIds(
          db,
          products.flatMap((p) => (p.latest_generation_id === null ? [] : [p.latest_generation_id])),
        ),
      ]);
      return { products, content, generations };
    });
    if (products.length === 0) return;
    const contentOf = new Map(content.map((c) => [c.product_id, c]));
    const generationOf = new Map(generations.map((g) => [g.id, g]));
    for (let at = 0; at < products.length; at += PIECE_PRODUCTS) {
      // Each piece's views, and the text the caller makes of them, in a bulk turn of their own.
      await bulkTurn();
      yield products.slice(at, at + PIECE_PRODUCTS).map((p) => {
        const g = p.latest_generation_id === null ? undefined : generationOf.get(p.latest_generation_id);
        const generation = g === undefined ? null : { id: g.id, kind: g.kind, agent_model: g.agent_model, usage: fromStored(g.usage) };
        return productView(p, filters.country, contentOf.get(p.id), generation, schema);
      });
    }
    const last = products.at(-1);
    if (products.length < batch || last === undefined) return;
    cursor = { updatedAt: last.cursor_at, id: last.id };
  }
}

const imageUrls = (view: ProductView): string[] => view.images.flatMap((image) => imageUrl(image) ?? []);

const CSV_COLUMNS = [
  'id',
  'code',
  'sku',
  'product_handle',
  'brand',
  'state',
  'publication_state',
  'country',
  'language',
  'title',
  'short_description',
  'description',
  'key_features',
  'title_tag',
  'meta_description',
  'meta_keywords',
  'category',
  'google_category_id',
  'category_id',
  'tags',
  ...Array.from({ length: CSV_IMAGES }, (_, i) => `image_${i + 1}`),
];

function csvRow(view: ProductView, attributes: readonly string[]): (string | null)[] {
  const images = imageUrls(view);
  return [
    view.id,
    view.code,
    view.sku,
    view.product_handle,
    view.brand,
    view.state,
    view.publication_state,
    view.country,
    view.language,
    view.title,
    view.short_description,
    view.description,
    view.key_features.join(' | '),
    view.title_tag,
    view.meta_description,
    view.meta_keywords,
    view.category.length === 0 ? null : view.category.join(' > '),
    view.google_category_id,
    view.category_id,
    view.tags.length === 0 ? null : view.tags.join(', '),
    ...Array.from({ length: CSV_IMAGES }, (_, i) => images[i] ?? null),
    ...attributes.map((name) => view.global_attr[name] ?? null),
  ];
}

export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Tags',
  'Published',
  'Variant SKU',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'SEO Title',
  'SEO Description',
  'Product Category',
  'Google Shopping / Google Product Category',
] as const;

/** A product without a handle gets one from its title, made unique by its code or id (Shopify merges rows of one handle). */
export function shopifyHandle(view: ProductView): string {
  if (view.product_handle !== null && view.product_handle.trim() !== '') return view.product_handle;
  const suffix = (view.code ?? view.sku ?? view.id.slice(0, 8)).toLowerCase();
  const base = view.title === null ? '' : slugify(view.title, 60);
  return slugify(base === '' ? suffix : `${base}-${suffix}`, 100) || view.id;
}

/** A product's rows in Shopify's product CSV: the product with its first image, then one row per further image. */
function shopifyRows(view: ProductView): string[][] {
  const handle = shopifyHandle(view);
  const images = imageUrls(view);
  // Shopify's own taxonomy grew out of Google's and matches its English paths at the upper
  // levels; Google Shopping takes Google's path as it is.
  const googlePath = view.google_category_id === null ? '' : googleTaxonomy().path(view.google_category_id, 'en').join(' > ');
  const first = [
    handle,
    view.title ?? '',
    plainTextToHtml(view.description, view.key_features),
    view.brand ?? '',
    // The merchant's tags when there are any; else the record's keywords, as before tags existed.
    view.tags.length > 0 ? view.tags.join(', ') : (view.meta_keywords ?? ''),
    view.publication_state === 'online' ? 'TRUE' : 'FALSE',
    view.sku ?? '',
    view.code_type === 'ean' ? (view.code ?? '') : '',
    images[0] ?? '',
    images.length > 0 ? '1' : '',
    view.title_tag ?? '',
    view.meta_description ?? '',
    googlePath,
    googlePath,
  ];
  const more = images.slice(1).map((src, i) => [handle, '', '', '', '', '', '', '', src, String(i + 2), '', '', '', '']);
  return [first, ...more];
}

// Every cell of both CSV formats goes through escapeFormula: merchants open the Shopify file in a
// spreadsheet too, and product text can come from third parties.
const csv = (rows: readonly (readonly (string | null)[])[]) => csvRecords(rows.map((row) => row.map((cell) => (cell === null ? null : escapeFormula(cell)))));

/**
 * The export as text chunks (a few products each), pulled one at a time, so a slow reader slows
 * the database reads instead of filling memory. CSV files start with a BOM for spreadsheet programs.
 */
export async function* exportChunks(db: Database, filters: ProductFilters & { country: string }, format: ExportFormat): AsyncGenerator<string> {
  if (format === 'jsonl') {
    for await (const piece of exportedViews(db, filters)) yield piece.map((v) => `${JSON.stringify(v)}\n`).join('');
    return;
  }
  if (format === 'csv') {
    // The attribute columns go in the header, so their names are read before any row: with a
    // schema, one per enabled attribute in schema order; without one, those the records hold.
    const schema = await loadSchema(db, filters.accountId);
    const attributes = hasSchema(schema) ? schema.attributes.filter((a) => a.is_enabled).map((a) => a.attribute_id) : await attributeNames(db, filters, filters.country);
    yield BOM + csv([[...CSV_COLUMNS, ...attributes.map((name) => `attr:${name}`)]]);
    for await (const piece of exportedViews(db, filters)) yield csv(piece.map((v) => csvRow(v, attributes)));
    return;
  }
  yield BOM + csv([[...SHOPIFY_COLUMNS]]);
  for await (const piece of exportedViews(db, filters)) yield csv(piece.flatMap(shopifyRows));
}
