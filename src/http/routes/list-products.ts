import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normaliseCountry } from '../../domain/countries.ts';
import { parseIsoInstant } from '../../domain/iso-instant.ts';
import { PUBLICATION_STATES } from '../../domain/publication-states.ts';
import { cursorText, DEFAULT_PER_PAGE, filtersOf, googleCategoryFilter, listProducts, MAX_PER_PAGE, parseCursor } from '../../services/list-products.ts';
import { inScanTurn } from '../../services/account-scans.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';
import { categoryFieldSchemas, marketplaceFieldSchemas, validationIssueSchema } from '../response-schemas.ts';
import { validationFailed } from '../errors.ts';
import { addError, type FieldErrors } from '../../domain/validation.ts';
import { type AttributeFilter, countSliceRows } from '../../db/product-list.ts';
import { ATTRIBUTE_FILTER_PREFIX, attributeFilters } from '../../services/attribute-filters.ts';

const PRODUCT_STATES = ['queued', 'processing', 'completed', 'failed'] as const;

const isoInstant = (name: string, what: string) => {
  const message = `The ${name} parameter must be one ISO 8601 date (2024-05-31) or date-time (2024-05-31T12:00:00Z).`;
  return z
    .string({ error: message })
    .max(40, { error: message })
    .refine((value) => parseIsoInstant(value) !== null, { error: message })
    .describe(`${what}. A date covers its whole day (UTC); a date-time without a zone is UTC.`);
};

/** The filters the list and the export share (docs/api.md, "Listing and exporting"). */
export const productFilterFields = {
  search: z
    .string({ error: 'The search parameter must be one string.' })
    .max(255, { error: 'The search parameter must be at most 255 characters long.' })
    .describe('Case-insensitive text found anywhere in the code, sku, product handle or title (any country).')
    .optional(),
  country: z
    .string({ error: 'The country parameter must be one ISO 3166 two-letter code.' })
    .max(16, { error: 'The country parameter must be one ISO 3166 two-letter code.' })
    .refine((value) => normaliseCountry(value).ok, { error: 'The country parameter must be an ISO 3166 two-letter code.' })
    .describe("Only products sold in this country, shown with this country's record (default: each product's first country).")
    .optional(),
  state: z.enum(PRODUCT_STATES, { error: `The state parameter must be one of ${PRODUCT_STATES.join(', ')}.` }).optional(),
  publication_state: z.enum(PUBLICATION_STATES, { error: `The publication_state parameter must be one of ${PUBLICATION_STATES.join(', ')}.` }).optional(),
  brand: z
    .string({ error: 'The brand parameter must be one string.' })
    .max(200, { error: 'The brand parameter must be at most 200 characters long.' })
    .describe('The brand, case-insensitive, whole.')
    .optional(),
  from: isoInstant('from', 'Created at or after').optional(),
  to: isoInstant('to', 'Created at or before').optional(),
  updated_from: isoInstant('updated_from', 'Changed at or after (for syncing: the updated_at of the newest product seen last time)').optional(),
  updated_to: isoInstant('updated_to', 'Changed at or before').optional(),
  completeness_lt: z.coerce
    .number({ error: 'The completeness_lt parameter must be a number from 0 to 1.' })
    .min(0, { error: 'The completeness_lt parameter must be a number from 0 to 1.' })
    .max(1, { error: 'The completeness_lt parameter must be a number from 0 to 1.' })
    .describe(
      'Accounts with attributes: products whose completeness (share of essential attributes filled) is below this. `attr.<attribute_id>=<value>` filters by an attribute value as well (any number of them).',
    )
    .optional(),
  category: z
    .string({ error: 'The category parameter must be one category path or Google category id.' })
    .max(1024, { error: 'The category parameter must be at most 1024 characters long.' })
    .refine((value) => googleCategoryFilter(value) !== undefined, {
      error: 'The category parameter names no category of Google\'s product taxonomy: send a full path joined with " > " ("Home & Garden > Lighting") or a Google id ("594").',
    })
    .describe('Products in this Google category or below it: a full path joined with " > ", case-insensitive, in any language the taxonomy is shipped in, or a Google category id.')
    .optional(),
  category_id: z
    .string({ error: "The category_id parameter must be one id of the account's category tree." })
    .max(128, { error: 'The category_id parameter must be at most 128 characters long.' })
    .describe("Products in this category of the account's own tree (GET /api/v1/custom-category).")
    .optional(),
  tags: z
    .string({ error: 'The tags parameter must be one comma-separated list of tags.' })
    .max(2048, { error: 'The tags parameter must be at most 2048 characters long.' })
    .describe('Comma-separated: products carrying every one of these tags.')
    .optional(),
};

/**
 * Splits `attr.<attribute_id>=<value>` parameters from the rest of a query, checked against the
 * account's schema: the rest go through the route's strict schema as before.
 */
export async function splitAttributeQuery(
  deps: AppDeps,
  accountId: string,
  query: Record<string, unknown>,
): Promise<{ rest: Record<string, unknown>; attributes: AttributeFilter[]; kept: [string, string][] }> {
  const rest: Record<string, unknown> = {};
  const raw: Record<string, string> = {};
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith(ATTRIBUTE_FILTER_PREFIX)) rest[key] = value;
    else if (typeof value !== 'string' || value.length > 255) addError(errors, key, 'An attribute filter is one value of at most 255 characters.');
    else raw[key] = value;
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const resolved = await attributeFilters(deps.db, accountId, raw);
  if (!resolved.ok) throw validationFailed(resolved.errors);
  return { rest, attributes: resolved.filters, kept: Object.entries(raw) };
}

const wholeNumber = (name: string, max: number) => {
  const message = `The ${name} parameter must be a whole number from 1 to ${max}.`;
  return z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });
};

export const listProductsQuerySchema = z.strictObject({
  page: wholeNumber('page', 1_000_000).describe('Default 1.').optional(),
  per_page: wholeNumber('per_page', MAX_PER_PAGE).describe(`Default ${DEFAULT_PER_PAGE}.`).optional(),
  ...productFilterFields,
  cursor: z
    .string({ error: 'The cursor parameter must be the one from a next_page_url.' })
    .refine((value) => parseCursor(value) !== null, { error: 'The cursor parameter must be the one from a next_page_url.' })
    .describe('Set by next_page_url: the page starts right after the last product of the previous page, so products changed meanwhile are neither repeated nor skipped.')
    .optional(),
});

const listItemSchema = z.strictObject({
  id: z.string(),
  name: z.string().nullable().describe("The title of the record shown: the `country` filter's, else the first country's."),
  ...categoryFieldSchemas,
  code: z.string().nullable(),
  code_type: z.enum(['ean', 'asin', 'minsan']).nullable(),
  ...marketplaceFieldSchemas,
  sku: z.string().nullable(),
  product_handle: z.string().nullable(),
  state: z.enum(PRODUCT_STATES),
  publication_state: z.enum(PUBLICATION_STATES),
  countries: z.record(
    z.string(),
    z.strictObject({
      title: z.string().nullable(),
      name: z.string().nullable().describe('The same as `title`, under the name marketplace-style clients read.'),
      brand: z.string().nullable(),
      category: z.array(z.string()).describe("The Google category's path in this record's language, as segments; `[]` when unclassified."),
    }),
  ),
  thumb: z.string().nullable(),
  validation_messages: z.array(z.string()).describe('What the checks found in the record of the country shown, as sentences.'),
  validation_issues: z.array(validationIssueSchema).describe('The same findings, each with its field and check.'),
  created_at: z.string(),
  updated_at: z.string().describe('ISO 8601 UTC with microseconds.'),
});

/** The Laravel paginator CommerceClarity clients read. */
export const listProductsResponseSchema = z.strictObject({
  status: z.literal('success'),
  data: z.strictObject({
    current_page: z.number().int(),
    data: z.array(listItemSchema),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
    last_page: z.number().int(),
    next_page_url: z.string().nullable(),
    prev_page_url: z.string().nullable(),
    path: z.string(),
  }),
});

export const listProductsDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/products',
    summary: "A page of the account's products, newest change first",
    description:
      'Ordered by updated_at descending, then id. Follow next_page_url to page on: it carries a cursor, so a product changed while you page moves to the front (out of the later pages) and nothing is repeated or skipped. To sync, pass updated_from = the newest updated_at of your previous sync.',
    tag: 'Products',
    auth: 'bearer',
    query: listProductsQuerySchema,
    responses: { 200: { description: 'One page, in the Laravel paginator shape.', schema: listProductsResponseSchema } },
    errors: ['validation_failed', 'unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
  },
];

/** Where clients reach the service: PUBLIC_BASE_URL when set, else the address this request came to. */
export function baseUrlOf(deps: AppDeps, request: FastifyRequest): string {
  return deps.config.media.publicBaseUrlSet ? deps.config.media.publicBaseUrl : `${request.protocol}://${request.host}`;
}

export async function listProductsRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/products';
  app.get<{ Querystring: Record<string, unknown> }>(url, async (request, reply) => {
    const accountId = authOf(request).accountId;
    const split = await splitAttributeQuery(deps, accountId, request.query);
    const parsed = parseBody(listProductsQuerySchema, split.rest);
    if (!parsed.ok) throw parsed.error;
    const { page: pageNumber = 1, per_page: perPage = DEFAULT_PER_PAGE, cursor: cursorParam, ...filterQuery } = parsed.value;
    const filters = filtersOf(accountId, filterQuery, split.attributes);
    const cursor = cursorParam === undefined ? null : parseCursor(cursorParam);
    const page = await inScanTurn(deps.db, accountId, () => listProducts(deps.db, filters, { page: pageNumber, perPage, cursor, countSliceRows: countSliceRows(deps.db.dialect) }));

    const path = `${baseUrlOf(deps, request)}/api/v1/products`;
    // The links keep every filter the caller gave, in the order given.
    const kept = [
      ...Object.entries(filterQuery).flatMap(([key, value]): [string, string][] => (typeof value === 'string' || typeof value === 'number' ? [[key, String(value)]] : [])),
      ...split.kept,
    ];
    const link = (n: number, next: string | null) => {
      const query = new URLSearchParams(kept);
      query.set('per_page', String(perPage));
      query.set('page', String(n));
      if (next !== null) query.set('cursor', next);
      return `${path}?${query.toString()}`;
    };
    const first = (pageNumber - 1) * perPage + 1;
    return reply.send({
      status: 'success',
      data: {
        current_page: pageNumber,
        data: page.items,
        per_page: perPage,
        from: page.items.length === 0 ? null : first,
        to: page.items.length === 0 ? null : first + page.items.length - 1,
        total: page.total,
        last_page: Math.max(1, Math.ceil(page.total / perPage)),
        next_page_url: page.next === null ? null : link(pageNumber + 1, cursorText(page.next)),
        prev_page_url: pageNumber > 1 ? link(pageNumber - 1, null) : null,
        path,
      },
    });
  });
  methodNotAllowed(app, url, ['GET']);
}
