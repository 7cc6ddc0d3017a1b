import type { FastifyInstance } from 'fastify';
import { HISTORY_PAGE_SIZE, readHistory, restoreVersion } from '../../services/product-history.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { historyQuerySchema, MAX_LENGTH, parseBody, restoreBodySchema } from '../schemas.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { productRefParams } from '../path-params.ts';
import { historyResponseSchema, restoreResponseSchema } from '../response-schemas.ts';

/** Beyond the API the clients were written for: what each change replaced (`GET …/history`), and undoing one (`POST restore`). */
export async function productHistoryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const history = '/products/details/:id/history';
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(history, async (request, reply) => {
    const { id } = request.params;
    if (id.length === 0 || id.length > MAX_LENGTH.id) throw new ApiError('product_not_found', `No product matches "${id.slice(0, 64)}".`);
    const query = parseBody(historyQuerySchema, request.query);
    if (!query.ok) throw query.error;
    const outcome = await readHistory(deps.db, authOf(request).accountId, id, {
      limit: query.value.limit ?? HISTORY_PAGE_SIZE,
      before: query.value.before ?? null,
    });
    if (outcome.kind !== 'ok') throw new ApiError(outcome.kind, outcome.message);
    return reply.send({ status: 'success', data: { product_id: outcome.productId, versions: outcome.versions, next_before: outcome.nextBefore } });
  });
  methodNotAllowed(app, history, ['GET']);

  const restore = '/products/restore/:id';
  app.post<{ Params: { id: string } }>(restore, async (request, reply) => {
    const { id } = request.params;
    if (id.trim().length === 0 || id.length > MAX_LENGTH.id) throw validationFailed({ id: [`The id must be 1 to ${MAX_LENGTH.id} characters long.`] });
    const body = parseBody(restoreBodySchema, request.body);
    if (!body.ok) throw body.error;
    const outcome = await restoreVersion(deps.db, authOf(request).accountId, id, body.value.version_id);
    if (outcome.kind !== 'restored') throw new ApiError(outcome.kind, outcome.message);
    return reply.send({
      status: 'success',
      message: `Restored ${outcome.fields.length} field(s) in ${outcome.country}`,
      data: { product_id: outcome.productId, country: outcome.country, fields_restored: outcome.fields },
    });
  });
  methodNotAllowed(app, restore, ['POST']);
}

export const productHistoryDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/products/details/{id}/history',
    summary: "Changes to a product's record, newest first",
    description: "Each version lists the fields a change replaced, before and after. Page with `limit` and `before` (the previous page's `next_before`).",
    tag: 'Products',
    auth: 'bearer',
    params: productRefParams,
    query: historyQuerySchema,
    responses: { 200: { description: 'A page of versions.', schema: historyResponseSchema } },
    errors: ['validation_failed', 'product_not_found', 'version_not_found'],
  },
  {
    method: 'POST',
    path: '/api/v1/products/restore/{id}',
    summary: 'Undo one change',
    description: 'The fields the version changed get back the values they had before it, in its country. Free, and kept in the history itself.',
    tag: 'Products',
    auth: 'bearer',
    params: productRefParams,
    body: restoreBodySchema,
    responses: { 200: { description: 'Restored.', schema: restoreResponseSchema } },
    errors: ['validation_failed', 'product_not_found', 'version_not_found', 'product_busy'],
    idempotent: true,
  },
];
