import type { FastifyInstance } from 'fastify';
import { DEFAULT_AGENT_MODEL } from '../../domain/pricing.ts';
import { parseFieldRequests } from '../../domain/regenerate-fields.ts';
import { refForMessage } from '../../services/find-own-product.ts';
import { type QueuedRegeneration, regenerateProduct } from '../../services/regenerate-product.ts';
import { modelCreditsOf, noticeField, sameEngineNotice } from '../agent-pricing.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { ApiError, insufficientCredits, validationFailed } from '../errors.ts';
import { answerInTransaction } from '../idempotency.ts';
import { MAX_LENGTH, parseBody, regenerateBodySchema } from '../schemas.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { productRefParams } from '../path-params.ts';
import { regenerateResponseSchema } from '../response-schemas.ts';

function queuedBody(outcome: QueuedRegeneration, notice: string | null) {
  return {
    status: 'success',
    message: `Regeneration of ${outcome.fields.length} field(s) queued`,
    data: { product_id: outcome.productId, status: 'queued', fields_to_regenerate: outcome.fields, ...noticeField(notice) },
  };
}

export async function regenerateProductRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/products/regenerate/:id';
  app.post<{ Params: { id: string } }>(url, async (request, reply) => {
    const auth = authOf(request);
    const id = request.params.id;
    if (id.trim().length === 0 || id.length > MAX_LENGTH.id) throw validationFailed({ id: [`The id must be 1 to ${MAX_LENGTH.id} characters long.`] });
    const body = parseBody(regenerateBodySchema, request.body);
    if (!body.ok) throw body.error;
    const fields = parseFieldRequests(body.value.fields);
    if (!fields.ok) throw validationFailed(fields.errors);

    // With an Idempotency-Key, the answer is stored in the charging transaction: key and charge commit together.
    const storeAnswer = answerInTransaction(request);
    const command = {
      ref: id,
      fields: fields.requests,
      notes: body.value.notes?.trim() || null,
      agentModel: body.value.agent_model ?? DEFAULT_AGENT_MODEL,
      processing: body.value.processing ?? null,
    };
    const notice = sameEngineNotice(deps, command.agentModel, 'regenerate');
    const outcome = await regenerateProduct({ ...deps, modelCredits: modelCreditsOf(deps) }, auth.accountId, request.id, command, {
      ...(storeAnswer === undefined ? {} : { beforeCommit: (tx, queued) => storeAnswer(tx, 202, queuedBody(queued, notice)) }),
    });
    switch (outcome.kind) {
      case 'product_not_found':
        throw new ApiError('product_not_found', `No product matches "${refForMessage(id)}".`);
      case 'validation_failed':
        throw validationFailed(outcome.errors);
      case 'insufficient_credits':
        throw insufficientCredits(outcome.required, outcome.available);
      case 'queued':
        return reply.code(202).send(queuedBody(outcome, notice));
    }
  });
  methodNotAllowed(app, url, ['POST']);
}

export const regenerateProductDocs: RouteDoc[] = [
  {
    method: 'POST',
    path: '/api/v1/products/regenerate/{id}',
    summary: "Regenerate some of a product's fields",
    description:
      "`fields` keys: `title`, `short_description`, `description`, `key_features`, `title_tag`, `meta_description`, `meta_keywords`, `global_attr.<name>`, `category`; each value is an instruction (empty: none). Touches only those fields, in every country of the product. `category` is the product's Google category: empty classifies it again, a Google id or path (in any shipped language) is the merchant's choice (an unknown one is `validation_failed`), anything else is an instruction for the model's pick. Flat price per call.",
    tag: 'Products',
    auth: 'bearer',
    params: productRefParams,
    body: regenerateBodySchema,
    responses: { 202: { description: 'Regeneration queued.', schema: regenerateResponseSchema } },
    errors: ['validation_failed', 'product_not_found', 'insufficient_credits'],
    idempotent: true,
  },
];
