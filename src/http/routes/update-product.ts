import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTENT_LIMITS } from '../../domain/content-limits.ts';
import { isAttributeName } from '../../domain/facts.ts';
import { stripMarkup } from '../../text/plain-text.ts';
import { updateProduct } from '../../services/update-product.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { ApiError, validationFailed } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { productSchema } from '../response-schemas.ts';
import { MAX_LENGTH, parseBody } from '../schemas.ts';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Text whose reading differs once markup and entities are stripped: "<b>x</b>", "&amp;", "<!-- -->"; "< 5 %" is text. */
function hasMarkup(text: string): boolean {
  return squash(stripMarkup(text).text) !== squash(text);
}

const markupMessage = (field: string) => `The ${field} must be plain text: HTML tags, comments and entities are not allowed.`;

function plain(field: string, max: number, options: { required?: boolean } = {}) {
  let schema = z
    .string({ error: `The ${field} must be a string.` })
    .max(max, { error: `The ${field} must be at most ${max} characters long.` })
    .refine((text) => !hasMarkup(text), { error: markupMessage(field) });
  if (options.required === true) schema = schema.refine((text) => text.trim() !== '', { error: `The ${field} cannot be empty; every record needs one.` });
  return schema;
}

const MAX_TAGS = 50;
const MAX_TAG_CHARS = 64;

export const updateBodySchema = z
  .strictObject({
    code: z
      .string({ error: 'The code field must be the product id, code or sku.' })
      .min(1, { error: 'The code field must be the product id, code or sku.' })
      .max(MAX_LENGTH.id, { error: `The code field must be at most ${MAX_LENGTH.id} characters long.` }),
    country: z.string({ error: 'The country field must be a two-letter country code.' }).max(16, { error: 'A country code is two letters.' }),
    title: plain('title', CONTENT_LIMITS.title.maxChars, { required: true }).optional(),
    name: plain('name', CONTENT_LIMITS.title.maxChars, { required: true }).optional().describe('An alias of title.'),
    short_description: plain('short_description', CONTENT_LIMITS.short_description.maxChars).optional(),
    description: plain('description', CONTENT_LIMITS.description.maxChars, { required: true }).optional(),
    key_features: z
      .array(plain('key feature', CONTENT_LIMITS.key_features.maxCharsEach, { required: true }), { error: 'The key_features field must be an array of strings.' })
      .max(CONTENT_LIMITS.key_features.maxItems, { error: `At most ${CONTENT_LIMITS.key_features.maxItems} key features are allowed.` })
      .optional(),
    title_tag: plain('title_tag', CONTENT_LIMITS.title_tag.maxChars).optional(),
    meta_description: plain('meta_description', CONTENT_LIMITS.meta_description.maxChars).optional(),
    meta_keywords: plain('meta_keywords', CONTENT_LIMITS.meta_keywords.maxChars)
      .refine((text) => text.split(',').filter((k) => k.trim() !== '').length <= CONTENT_LIMITS.meta_keywords.maxItems, {
        error: `The meta_keywords may hold at most ${CONTENT_LIMITS.meta_keywords.maxItems} comma-separated keywords.`,
      })
      .optional(),
    product_handle: plain('product_handle', CONTENT_LIMITS.product_handle.maxChars, { required: true }).optional(),
    brand: plain('brand', CONTENT_LIMITS.brand.maxChars)
      .refine((text) => text.trim() !== '', { error: 'The brand cannot be empty; send null for a product without one.' })
      .nullable()
      .optional()
      .describe("The product's brand, in every country; null for none. Later generations keep it."),
    global_attr: z
      .record(z.string(), plain('attribute value', CONTENT_LIMITS.attribute_value.maxChars).nullable(), {
        error: 'The global_attr field must be an object of attribute names to strings (null removes one).',
      })
      .optional(),
    family: z
      .string({ error: 'The family field must be a family_id or _id (null for none).' })
      .max(255, { error: 'The family field must be at most 255 characters long.' })
      .nullable()
      .optional()
      .describe("Accounts with attributes: the product's family (family_id or _id); confirms a proposed one."),
    category: z
      .string({ error: 'The category field must be a category path joined with " > " (null for none).' })
      .max(1024, { error: 'The category field must be at most 1024 characters long.' })
      .nullable()
      .optional()
      .describe(
        'A Google category by its full path (" > " between segments, any shipped language, case-insensitive); null for none. Kept by later generations, which otherwise classify the product.',
      ),
    google_category_id: z
      .string({ error: 'The google_category_id field must be a Google category id such as "5863" (null for none).' })
      .max(16, { error: 'The google_category_id field must be a Google category id such as "5863".' })
      .nullable()
      .optional()
      .describe('A Google category by its id; null for none. Kept by later generations.'),
    category_id: z
      .string({ error: "The category_id field must be an id of the account's category tree (null for none)." })
      .max(128, { error: 'The category_id field must be at most 128 characters long.' })
      .nullable()
      .optional()
      .describe("An id of the account's own category tree (GET /api/v1/custom-category); confirms a proposed one; null for none."),
    tags: z
      .array(
        z
          .string({ error: 'Each tag must be a string.' })
          .trim()
          .min(1, { error: 'A tag cannot be empty.' })
          .max(MAX_TAG_CHARS, { error: `A tag is at most ${MAX_TAG_CHARS} characters long.` })
          .refine((tag) => !tag.includes(','), { error: 'A tag cannot hold a comma (the list filter separates tags with commas).' }),
        { error: 'The tags field must be an array of strings.' },
      )
      .max(MAX_TAGS, { error: `At most ${MAX_TAGS} tags are allowed.` })
      .optional()
      .describe("The product's tags, replacing the ones it has (`[]` removes them all); repeats are kept once."),
  })
  .superRefine((body, ctx) => {
    if (body.title !== undefined && body.name !== undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Send title or its alias name, not both.' });
    for (const name of Object.keys(body.global_attr ?? {})) {
      if (!isAttributeName(name)) {
        ctx.addIssue({ code: 'custom', path: ['global_attr', name], message: 'An attribute name is 1 to 64 lowercase letters, digits or _ (and not a reserved word).' });
      }
    }
    const edits = [
      'title',
      'name',
      'short_description',
      'description',
      'key_features',
      'title_tag',
      'meta_description',
      'meta_keywords',
      'product_handle',
      'brand',
      'global_attr',
      'family',
      'category',
      'google_category_id',
      'category_id',
      'tags',
    ] as const;
    if (!edits.some((field) => body[field] !== undefined)) ctx.addIssue({ code: 'custom', path: ['body'], message: `Send at least one field to change: ${edits.join(', ')}.` });
  });

export const updateResponseSchema = z.object({ status: z.literal('success'), product: productSchema });

export const updateProductDocs: RouteDoc[] = [
  {
    method: 'POST',
    path: '/api/v1/products/update',
    summary: 'Change content fields of one country by hand',
    description:
      "Free. Only the fields sent change; `name` is an alias of `title`; a `null` attribute value removes it. `product_handle` and `brand` belong to the product (every country); a brand set here is kept by later generations, which otherwise set the brand their facts agree on. Once the account has attributes, `global_attr` keys are attribute_ids and values are checked against the schema (select options in any language, numbers normalised to the unit), and `family` sets the family. `category` (a Google path) or `google_category_id` sets the Google category, `category_id` the account's own category (confirming a proposal), `tags` the tags: all belong to the product (every country), are checked (an unknown one is `validation_failed` on that field) and, like the family, are not part of the history. Text must be plain (no HTML). Kept in the history as a `manual` change, so restore undoes it. Refused with `product_busy` while a generation is queued or running. The publication state is left as it is.",
    tag: 'Products',
    auth: 'bearer',
    body: updateBodySchema,
    responses: { 200: { description: 'The product object for that country, as the details endpoint shows it.', schema: updateResponseSchema } },
    errors: ['validation_failed', 'product_not_found', 'product_busy'],
    idempotent: true,
  },
];

export async function updateProductRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/products/update';
  app.post(url, async (request, reply) => {
    const body = parseBody(updateBodySchema, request.body);
    if (!body.ok) throw body.error;
    const { code, country, title, name, key_features, product_handle, brand, global_attr, family, category, google_category_id, category_id, tags, ...text } = body.value;
    const newTitle = title ?? name;
    const outcome = await updateProduct(deps.db, authOf(request).accountId, {
      ref: code,
      country,
      text: { ...text, ...(newTitle === undefined ? {} : { title: newTitle }) },
      ...(key_features === undefined ? {} : { keyFeatures: key_features }),
      ...(product_handle === undefined ? {} : { productHandle: product_handle.trim() }),
      ...(brand === undefined ? {} : { brand: brand === null ? null : brand.trim() }),
      ...(global_attr === undefined ? {} : { attributes: global_attr }),
      ...(family === undefined ? {} : { family }),
      ...(category === undefined ? {} : { categoryPath: category }),
      ...(google_category_id === undefined ? {} : { googleCategoryId: google_category_id }),
      ...(category_id === undefined ? {} : { categoryId: category_id === null ? null : category_id.trim() }),
      ...(tags === undefined ? {} : { tags: [...new Set(tags)] }),
    });
    if (outcome.kind === 'validation_failed') throw validationFailed(outcome.errors);
    if (outcome.kind !== 'updated') throw new ApiError(outcome.kind, outcome.message);
    request.log.info({ product_id: outcome.product.id, fields: outcome.fields }, 'product updated by hand');
    return reply.send({ status: 'success', product: outcome.product });
  });
  methodNotAllowed(app, url, ['POST']);
}
