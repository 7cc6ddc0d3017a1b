import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { planCreate } from '../../domain/create-request.ts';
import { priceList } from '../../domain/pricing.ts';
import { quoteCreate } from '../../services/quote-create.ts';
import { modelCreditsOf, noticeField, sameEngineNotice } from '../agent-pricing.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf, UNAUTHORIZED_MESSAGE } from '../auth.ts';
import { ApiError, validationFailed } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { itemFailureSchema, sameEngineNoticeSchema } from '../response-schemas.ts';
import { createBodySchema, parseBody } from '../schemas.ts';

const perModel = z.strictObject({ v1: z.int(), v2: z.int() });

export const pricingResponseSchema = z
  .strictObject({
    status: z.literal('success'),
    data: z.strictObject({
      create: z.strictObject({
        base: perModel.describe('Credits per product, by agent model.'),
        per_extra_country: z.int().describe('Added per country beyond the first.'),
        image_standardization: z.int().describe('Added when the account standardises images.'),
      }),
      regenerate: perModel.describe('Credits per regeneration call, whatever its fields and countries.'),
    }),
  })
  .meta({ id: 'PricingResponse' });

export const createQuoteResponseSchema = z
  .strictObject({
    status: z.literal('success'),
    data: z.strictObject({
      price: z.int().describe('Credits the same create call would be charged now.'),
      available: z.int().describe("The account's balance."),
      products: z.int().describe('Products that would be queued.'),
      failures: z.array(itemFailureSchema).describe('Codes that would fail, with the reason.'),
      notice: sameEngineNoticeSchema,
    }),
  })
  .meta({ id: 'CreateQuoteResponse' });

/** Prices before spending: the price list, and the exact price of one create call. Both free and read-only. */
export async function pricingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/pricing', async () => ({ status: 'success', data: priceList(modelCreditsOf(deps)) }));
  methodNotAllowed(app, '/pricing', ['GET']);

  const quote = '/products/create/quote';
  app.post(quote, { config: { idempotencyKeys: false } }, async (request) => {
    const auth = authOf(request);
    const body = parseBody(createBodySchema, request.body);
    if (!body.ok) throw body.error;
    const planned = planCreate(body.value);
    if (!planned.ok) throw validationFailed(planned.errors);
    const quoted = await quoteCreate(deps.db, auth.accountId, planned.plan, modelCreditsOf(deps));
    if (quoted === undefined) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    return { status: 'success', data: { ...quoted, ...noticeField(sameEngineNotice(deps, planned.plan.agentModel, 'create')) } };
  });
  methodNotAllowed(app, quote, ['POST']);
}

export const pricingDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/pricing',
    summary: 'The price list in credits',
    description:
      'A create costs `base[model]` per product, plus `per_extra_country` for each country beyond the first, plus `image_standardization` when the account has it on. A regeneration costs `regenerate[model]` per call.',
    tag: 'Account',
    auth: 'bearer',
    responses: { 200: { description: 'The price list.', schema: pricingResponseSchema } },
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/v1/products/create/quote',
    summary: 'The exact price of a create call, without making it',
    description:
      'The same body as `POST /api/v1/products/create`, checked and priced the same way (a code that already names a product is priced for its merged countries). Nothing is written or charged. No Idempotency-Key.',
    tag: 'Products',
    auth: 'bearer',
    body: createBodySchema,
    responses: { 200: { description: 'The price, the balance, and the codes that would fail.', schema: createQuoteResponseSchema } },
    errors: ['validation_failed'],
  },
];
