import type { FastifyInstance, FastifyReply } from 'fastify';
import { readProduct } from '../../services/read-product.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { ApiError } from '../errors.ts';
import { MAX_LENGTH } from '../schemas.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { productInCountryParams, productRefParams } from '../path-params.ts';
import { productDetailsResponseSchema, productProcessingResponseSchema } from '../response-schemas.ts';

export async function productDetailsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  async function respond(reply: FastifyReply, accountId: string, id: string, country: string | undefined) {
    if (id.length === 0 || id.length > MAX_LENGTH.id) throw new ApiError('product_not_found', `No product matches "${id.slice(0, 64)}".`);
    const outcome = await readProduct(deps.db, accountId, id, country);
    switch (outcome.kind) {
      case 'product_not_found':
        throw new ApiError('product_not_found', outcome.message);
      case 'pending':
        return reply.code(202).send({ status: 'processing', product: outcome.product });
      case 'ready':
        return reply.code(200).send({ status: 'success', product: outcome.product });
    }
  }

  const one = '/products/details/:id';
  const inCountry = '/products/details/:id/:country';
  app.get<{ Params: { id: string } }>(one, async (request, reply) => respond(reply, authOf(request).accountId, request.params.id, undefined));
  app.get<{ Params: { id: string; country: string } }>(inCountry, async (request, reply) => respond(reply, authOf(request).accountId, request.params.id, request.params.country));
  methodNotAllowed(app, one, ['GET']);
  methodNotAllowed(app, inCountry, ['GET']);
}

const detailsResponses: RouteDoc['responses'] = {
  200: { description: 'The product is `completed` or `failed`: its record in the country.', schema: productDetailsResponseSchema },
  202: { description: 'The product is `queued` or `processing`.', schema: productProcessingResponseSchema },
};

export const productDetailsDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/products/details/{id}',
    summary: 'A product, in its first country',
    tag: 'Products',
    auth: 'bearer',
    params: productRefParams,
    responses: detailsResponses,
    errors: ['product_not_found'],
  },
  {
    method: 'GET',
    path: '/api/v1/products/details/{id}/{country}',
    summary: 'A product, in one of its countries',
    description: 'A country the product does not have is `product_not_found`, with a message that says so.',
    tag: 'Products',
    auth: 'bearer',
    params: productInCountryParams,
    responses: detailsResponses,
    errors: ['product_not_found'],
  },
];
