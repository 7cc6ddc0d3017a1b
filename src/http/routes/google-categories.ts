import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { searchCategories } from '../../domain/categories/search-categories.ts';
import { googleTaxonomy } from '../../reference-data/google-taxonomy-files.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';

export const googleCategoriesQuerySchema = z.strictObject({
  search: z
    .string({ error: 'The search parameter must be one string of words.' })
    .trim()
    .min(1, { error: 'The search parameter must hold at least one word.' })
    .max(200, { error: 'The search parameter must be at most 200 characters long.' })
    .describe('Words that begin words of the path ("lamp", "luce tavolo"), in the language asked or in English.'),
  language: z
    .string({ error: 'The language parameter must be a two-letter language code.' })
    .regex(/^[a-zA-Z]{2}(-[a-zA-Z]{2})?$/, { error: 'The language parameter must be a two-letter language code.' })
    .describe('The language of the paths answered (default en); English where its names are not shipped.')
    .optional(),
  limit: z.coerce
    .number({ error: 'The limit parameter must be a whole number from 1 to 100.' })
    .int({ error: 'The limit parameter must be a whole number from 1 to 100.' })
    .min(1, { error: 'The limit parameter must be a whole number from 1 to 100.' })
    .max(100, { error: 'The limit parameter must be a whole number from 1 to 100.' })
    .describe('Default 20.')
    .optional(),
});

export const googleCategoriesResponseSchema = z
  .strictObject({
    status: z.literal('success'),
    data: z.array(z.strictObject({ id: z.string().describe("Google's id."), path: z.array(z.string()).describe('The path, as segments.') })),
    version: z.string().nullable().describe('The version of the shipped taxonomy.'),
  })
  .meta({ id: 'GoogleCategoriesResponse' });

/** A search of Google's product taxonomy, for choosing a product's category by hand. */
export async function googleCategoriesRoutes(app: FastifyInstance, _deps: AppDeps): Promise<void> {
  const url = '/google-categories';
  app.get(url, async (request) => {
    const query = parseBody(googleCategoriesQuerySchema, request.query);
    if (!query.ok) throw query.error;
    const taxonomy = googleTaxonomy();
    return { status: 'success', data: searchCategories(taxonomy, query.value.search, query.value.language ?? 'en', query.value.limit ?? 20), version: taxonomy.version };
  });
  methodNotAllowed(app, url, ['GET']);
}

export const googleCategoriesDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/google-categories',
    summary: "Search Google's product taxonomy",
    description:
      'The categories whose path holds every word searched (each word begins a word of the path, case and accents aside), the category itself matching first. For choosing `category` or `google_category_id` in `update`.',
    tag: 'Products',
    auth: 'bearer',
    query: googleCategoriesQuerySchema,
    responses: { 200: { description: 'Up to `limit` categories, best first.', schema: googleCategoriesResponseSchema } },
    errors: ['validation_failed'],
  },
];
