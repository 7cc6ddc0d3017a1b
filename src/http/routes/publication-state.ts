import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLICATION_STATES } from '../../domain/publication-states.ts';
import { setPublicationStates } from '../../services/set-publication-state.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { ApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { MAX_LENGTH, parseBody } from '../schemas.ts';

export const MAX_PUBLICATION_IDS = 100;

/** The ids of a comma-separated list: trimmed, empty segments dropped. */
export function splitIds(ids: string): string[] {
  return ids
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

const idsMessage = `The ids field must list 1 to ${MAX_PUBLICATION_IDS} product ids, codes or skus, separated by commas.`;

export const publicationStateBodySchema = z.strictObject({
  ids: z
    .string({ error: idsMessage })
    .max(MAX_PUBLICATION_IDS * (MAX_LENGTH.id + 1), { error: idsMessage })
    .superRefine((value, ctx) => {
      const ids = splitIds(value);
      if (ids.length === 0 || ids.length > MAX_PUBLICATION_IDS) ctx.addIssue({ code: 'custom', message: `${idsMessage} Got ${ids.length}.` });
      const long = ids.find((id) => id.length > MAX_LENGTH.id);
      if (long !== undefined) ctx.addIssue({ code: 'custom', message: `An id must be at most ${MAX_LENGTH.id} characters long ("${long.slice(0, 32)}…").` });
    }),
  publication_state: z.enum(PUBLICATION_STATES, { error: `The publication_state field must be one of ${PUBLICATION_STATES.join(', ')}.` }),
});

export const publicationStateResponseSchema = z.object({ status: z.literal('success'), message: z.literal('Inventory statuses set') });

const doc = (path: string, note: string, operationId: string): RouteDoc => ({
  method: 'PUT',
  path,
  operationId,
  summary: `Set the publication state of up to ${MAX_PUBLICATION_IDS} products${note}`,
  description:
    'Sets `publication_state` (`pending_review`, `ready`, `online`) of every product named in `ids` (comma-separated ids, codes or skus). Any state may follow any other: a person decides. One unknown id fails the whole call with `product_not_found` naming it, and nothing changes. A completed generation puts a product back to `pending_review`.',
  tag: 'Products',
  auth: 'bearer',
  body: publicationStateBodySchema,
  responses: { 200: { description: 'Every named product has the state.', schema: publicationStateResponseSchema } },
  errors: ['validation_failed', 'product_not_found'],
  idempotent: true,
});

export const publicationStateDocs: RouteDoc[] = [
  doc('/api/v1/inventories/set-publication-state', '', 'setPublicationState'),
  doc('/inventories/set-publication-state', ' (the path CommerceClarity documents)', 'setPublicationStateAtCommerceClarityPath'),
];

/** Registered twice: under /api/v1, and at the root for CommerceClarity's path, with the same hooks. */
export async function publicationStateRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/inventories/set-publication-state';
  app.put(url, async (request, reply) => {
    if (request.body === undefined) throw new ApiError('invalid_json', 'The body is empty; send a JSON object.');
    const body = parseBody(publicationStateBodySchema, request.body);
    if (!body.ok) throw body.error;
    const ids = splitIds(body.value.ids);
    const outcome = await setPublicationStates(deps.db, authOf(request).accountId, ids, body.value.publication_state);
    if (outcome.kind === 'product_not_found') throw new ApiError('product_not_found', outcome.message);
    request.log.info({ products: outcome.productIds.length, publication_state: body.value.publication_state }, 'publication state set');
    return reply.send({ status: 'success', message: 'Inventory statuses set' });
  });
  methodNotAllowed(app, url, ['PUT']);
}
