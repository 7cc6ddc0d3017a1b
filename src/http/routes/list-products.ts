import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normaliseCountry } from '../../domain/countries.ts';
import { parseIsoInstant } from '../../domain/iso-instant.ts';
import { cursorText, DEFAULT_PER_PAGE, filtersOf, listProducts, MAX_PER_PAGE, parseCursor } from '../../services/list-products.ts';
import type { AppDeps } from '../app.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';

const PRODUCT_STATES = ['queued', 'processing', 'completed', 'failed'] as const;
const PUBLICATION_STATES = ['pending_review', 'ready', 'online'] as const;

const isoInstant = (name: string, what: string) => {
  const message = `The ${name} parameter must be one ISO 8601 date (2024-05-31) or date-time (2024-05-31T12:00:00Z).`;
  return z
    .string({ error: message })
    .max(40, { error: message })
    .refine((value) => parseIsoInstant(value) !== null, { error: message })
    .describe(`${what}. A date covers its whole day (UTC); a date-time without a zone is UTC.`);
};

/** The filters the list and the export share (INTEGRATION.md, "Reading many products"). */
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
};

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
  code: z.string().nullable(),
  code_type: z.enum(['ean', 'asin', 'minsan']).nullable(),
  sku: z.string().nullable(),
  product_handle: z.string().nullable(),
  state: z.enum(PRODUCT_STATES),
  publication_state: z.enum(PUBLICATION_STATES),
  countries: z.record(z.string(), z.strictObject({ title: z.string().nullable(), brand: z.string().nullable() })),
  thumb: z.string().nullable(),
  validation_messages: z.array(z.string()),
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
    const parsed = parseBody(listProductsQuerySchema, request.query);
    if (!parsed.ok) throw parsed.error;
    const { page: pageNumber = 1, per_page: perPage = DEFAULT_PER_PAGE, cursor: cursorParam, ...filterQuery } = parsed.value;
    const filters = filtersOf(authOf(request).accountId, filterQuery);
    const cursor = cursorParam === undefined ? null : parseCursor(cursorParam);
    const page = await listProducts(deps.db, filters, { page: pageNumber, perPage, cursor });

    const path = `${baseUrlOf(deps, request)}/api/v1/products`;
    // The links keep every filter the caller gave, in the order given.
    const kept = Object.entries(filterQuery).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
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
