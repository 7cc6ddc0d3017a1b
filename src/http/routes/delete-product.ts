import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deleteProduct } from '../../services/delete-product.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { ApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { MAX_LENGTH, parseBody } from '../schemas.ts';

export const deleteBodySchema = z.strictObject({
  code: z
    .string({ error: 'The code field must be the product id, code or sku.' })
    .min(1, { error: 'The code field must be the product id, code or sku.' })
    .max(MAX_LENGTH.id, { error: `The code field must be at most ${MAX_LENGTH.id} characters long.` }),
});

export const deleteResponseSchema = z.object({ status: z.literal('success') });

export const deleteProductDocs: RouteDoc[] = [
  {
    method: 'DELETE',
    path: '/api/v1/products/delete',
    summary: 'Delete a product',
    description:
      'Removes the product with its content and history in every country. A generation still queued is cancelled and one running is stopped; either is refunded (a `refund` ledger entry). The ledger keeps all its entries. Afterwards the product is `product_not_found` and its code or sku can be created afresh, as a new product.',
    tag: 'Products',
    auth: 'bearer',
    body: deleteBodySchema,
    responses: { 200: { description: 'The product is deleted.', schema: deleteResponseSchema } },
    errors: ['validation_failed', 'product_not_found'],
    idempotent: true,
  },
];

export async function deleteProductRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/products/delete';
  app.delete(url, async (request, reply) => {
    if (request.body === undefined) throw new ApiError('invalid_json', 'The body is empty; send a JSON object.');
    const body = parseBody(deleteBodySchema, request.body);
    if (!body.ok) throw body.error;
    const outcome = await deleteProduct(deps, authOf(request).accountId, body.value.code);
    if (outcome.kind === 'product_not_found') throw new ApiError('product_not_found', outcome.message);
    request.log.info({ product_id: outcome.productId, refunded: outcome.refunded }, 'product deleted');
    return reply.send({ status: 'success' });
  });
  methodNotAllowed(app, url, ['DELETE']);
}
