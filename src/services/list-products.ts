import type { ValidationIssue } from '../domain/validation-issue.ts';
import type { SqlRunner } from '../db/database.ts';
import { type AttributeFilter, countProducts, listedContent, listProductsPage, type ListCursor, type ListedContent, type ProductFilters } from '../db/product-list.ts';
import type { ProductState } from '../db/products.ts';
import { normaliseCountry } from '../domain/countries.ts';
import type { PublicationState } from '../domain/publication-states.ts';
import { lowerBound, parseIsoInstant, upperBound } from '../domain/iso-instant.ts';
import { languageOf } from '../domain/countries.ts';
import { googleTaxonomy } from '../reference-data/google-taxonomy-files.ts';
import { type CategoryFields, categoryFields, categoryPath } from './category-fields.ts';
import { type MarketplaceFields, marketplaceFields } from './marketplace-fields.ts';

/** The list's filters as the query string gives them, already checked for shape (src/http/routes/list-products.ts). */
export interface FilterQuery {
  search?: string | undefined;
  country?: string | undefined;
  state?: ProductState | undefined;
  publication_state?: PublicationState | undefined;
  brand?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  updated_from?: string | undefined;
  updated_to?: string | undefined;
  completeness_lt?: number | undefined;
  category?: string | undefined;
  category_id?: string | undefined;
  tags?: string | undefined;
}

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 200;

function instant(value: string | undefined) {
  if (value === undefined) return null;
  const parsed = parseIsoInstant(value);
  if (parsed === null) throw new Error(`unchecked time filter ${value}`);
  return parsed;
}

/** The filters of a checked query; throws only on a value the route's schema should have refused. */
export function filtersOf(accountId: string, q: FilterQuery, attributes: readonly AttributeFilter[] = []): ProductFilters {
  const categoryIds = q.category === undefined ? null : googleCategoryFilter(q.category);
  if (categoryIds === undefined) throw new Error(`unchecked category ${q.category}`);
  let country: string | null = null;
  if (q.country !== undefined) {
    const normalised = normaliseCountry(q.country);
    if (!normalised.ok) throw new Error(`unchecked country ${q.country}`);
    country = normalised.country;
  }
  const bound = (value: string | undefined, end: typeof lowerBound) => {
    const parsed = instant(value);
    return parsed === null ? null : end(parsed);
  };
  const search = q.search?.trim() ?? '';
  const brand = q.brand?.trim() ?? '';
  return {
    accountId,
    search: search === '' ? null : search,
    country,
    state: q.state ?? null,
    publicationState: q.publication_state ?? null,
    brand: brand === '' ? null : brand,
    createdFrom: bound(q.from, lowerBound),
    createdTo: bound(q.to, upperBound),
    updatedFrom: bound(q.updated_from, lowerBound),
    updatedTo: bound(q.updated_to, upperBound),
    completenessLt: q.completeness_lt ?? null,
    attributes,
    googleCategoryIds: categoryIds,
    categoryId: q.category_id?.trim() || null,
    tags: tagsOf(q.tags),
  };
}

/** The `tags` filter's comma-separated tags, trimmed, without empties; null when none is named. */
export function tagsOf(text: string | undefined): string[] | null {
  const tags = (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return tags.length === 0 ? null : tags;
}

/**
 * The Google ids a `category` filter matches: a Google id or a path in any shipped language, with
 * every category below it (a shop's "Home & Garden" holds its lamps). Undefined when it names none.
 */
export function googleCategoryFilter(text: string): string[] | undefined {
  const taxonomy = googleTaxonomy();
  const term = text.trim();
  const id = /^\d+$/.test(term) ? taxonomy.get(term)?.id : taxonomy.idOfPath(term);
  return id === undefined ? undefined : taxonomy.subtree(id);
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** `<updated_at with microseconds>_<id>`: where the next page of a list starts. */
export function parseCursor(text: string): ListCursor | null {
  const match = CURSOR.exec(text);
  if (match === null || match[1] === undefined || match[2] === undefined) return null;
  return parseIsoInstant(match[1]) === null ? null : { updatedAt: match[1], id: match[2] };
}

export function cursorText(cursor: ListCursor): string {
  return `${cursor.updatedAt}_${cursor.id}`;
}

/** One list item (docs/api.md, "Listing and exporting"). */
export interface ListItem extends MarketplaceFields, CategoryFields {
  id: string;
  /** The title of the record shown (the `country` filter's, else the first country's). */
  name: string | null;
  code: string | null;
  code_type: 'ean' | 'asin' | 'minsan' | null;
  sku: string | null;
  product_handle: string | null;
  state: ProductState;
  publication_state: PublicationState;
  /** `name` is `title` again, under the name marketplace-style clients read; `category` is in that record's language. */
  countries: Record<string, { title: string | null; name: string | null; brand: string | null; category: string[] }>;
  thumb: string | null;
  validation_messages: string[];
  validation_issues: ValidationIssue[];
  created_at: string;
  /** With PostgreSQL's microseconds, so `updated_from` set to it names exactly this instant. */
  updated_at: string;
}

/** An image of a record is a URL, or an object with one (a source's candidate, a rendition). */
export function imageUrl(image: unknown): string | null {
  if (typeof image === 'string') return image;
  if (typeof image === 'object' && image !== null && 'url' in image && typeof image.url === 'string') return image.url;
  return null;
}

export interface ListPage {
  items: ListItem[];
  total: number;
  /** Where the page after this one starts; null on the last page. */
  next: ListCursor | null;
}

/**
 * One page of the caller's products, newest change first. With a cursor the page starts right
 * after it, whatever changed since the previous page; without one, after `(page - 1) * perPage`.
 */
export async function listProducts(
  db: SqlRunner,
  filters: ProductFilters,
  page: { page: number; perPage: number; cursor: ListCursor | null; countSliceRows?: number | null },
): Promise<ListPage> {
  // One row more than shown tells whether a next page exists, whatever the count says by then.
  const [rows, total] = await Promise.all([
    listProductsPage(db, filters, { limit: page.perPage + 1, offset: (page.page - 1) * page.perPage, cursor: page.cursor }),
    countProducts(db, filters, page.countSliceRows ?? null),
  ]);
  const shown = rows.slice(0, page.perPage);
  const content = await listedContent(
    db,
    shown.map((p) => p.id),
  );
  const byProduct = new Map<string, Map<string, ListedContent>>();
  for (const row of content) {
    const countries = byProduct.get(row.product_id) ?? new Map<string, ListedContent>();
    countries.set(row.country, row);
    byProduct.set(row.product_id, countries);
  }
  const items = shown.map((p): ListItem => {
    const records = byProduct.get(p.id);
    const country = filters.country ?? p.countries[0] ?? '';
    const record = records?.get(country);
    const images = record?.images ?? [];
    return {
      id: p.id,
      name: record?.title ?? null,
      ...categoryFields(p, record?.language ?? languageOf(country)),
      code: p.code,
      code_type: p.code_type,
      ...marketplaceFields(p),
      sku: p.sku,
      product_handle: p.product_handle,
      state: p.state,
      publication_state: p.publication_state,
      countries: Object.fromEntries(
        p.countries.map((c) => {
          const shown = records?.get(c);
          const title = shown?.title ?? null;
          return [c, { title, name: title, brand: p.brand, category: categoryPath(p.google_category_id, shown?.language ?? languageOf(c)) }];
        }),
      ),
      thumb: (images.length > 0 ? imageUrl(images[0]) : null) ?? p.images[0] ?? null,
      validation_messages: (record?.validation_issues ?? []).map((i) => i.message),
      validation_issues: record?.validation_issues ?? [],
      created_at: p.created_at.toISOString(),
      updated_at: p.cursor_at,
    };
  });
  const last = shown.at(-1);
  return { items, total, next: rows.length > page.perPage && last !== undefined ? { updatedAt: last.cursor_at, id: last.id } : null };
}
