import type { FastifyInstance } from 'fastify';
import { planCreate } from '../../domain/create-request.ts';
import { createProducts, type QueuedCreate } from '../../services/create-products.ts';
import { modelCreditsOf, noticeField, sameEngineNotice } from '../agent-pricing.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { insufficientCredits, validationFailed } from '../errors.ts';
import { answerInTransaction } from '../idempotency.ts';
import { createBodySchema, parseBody } from '../schemas.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { createAllFailedBodySchema, createResponseSchema } from '../response-schemas.ts';

function summary(successful: number, total: number, failed: number): string {
  return failed === 0 ? `All ${successful} product(s) successfully queued for import` : `Imported ${successful} of ${total} product(s), ${failed} failed`;
}

/** The contract's message, exactly; anything more for the caller goes in `data.notice`. */
function queuedBody({ data }: QueuedCreate, notice: string | null) {
  return { status: data.failed === 0 ? 'success' : 'partial', message: summary(data.successful, data.total_requested, data.failed), data: { ...data, ...noticeField(notice) } };
}

export async function createProductsRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/products/create';
  app.post(url, async (request, reply) => {
    const auth = authOf(request);
    const body = parseBody(createBodySchema, request.body);
    if (!body.ok) throw body.error;
    const planned = planCreate(body.value);
    if (!planned.ok) throw validationFailed(planned.errors);

    // With an Idempotency-Key, the answer is stored in the charging transaction: key and charge commit together.
    const storeAnswer = answerInTransaction(request);
    const notice = sameEngineNotice(deps, planned.plan.agentModel, 'create');
    const outcome = await createProducts({ ...deps, modelCredits: modelCreditsOf(deps) }, auth.accountId, request.id, planned.plan, {
      ...(auth.account === null ? {} : { account: auth.account }),
      ...(storeAnswer === undefined ? {} : { beforeCommit: (tx, queued) => storeAnswer(tx, 202, queuedBody(queued, notice)) }),
    });
    switch (outcome.kind) {
      case 'invalid':
        throw validationFailed(outcome.errors);
      case 'insufficient_credits':
        throw insufficientCredits(outcome.required, outcome.available);
      case 'all_failed': {
        const errors = { codes: outcome.data.failures.map((f) => `${f.code}: ${f.message}`) };
        const message = `Imported 0 of ${outcome.data.total_requested} product(s), ${outcome.data.failed} failed`;
        throw validationFailed(errors, { message, data: outcome.data });
      }
      case 'queued': {
        const { data } = outcome;
        request.log.info({ queued: data.successful, failed: data.failed, charged: outcome.charged }, 'products queued');
        return reply.code(202).send(queuedBody(outcome, notice));
      }
    }
  });
  methodNotAllowed(app, url, ['POST']);
}

export const createProductsDocs: RouteDoc[] = [
  {
    method: 'POST',
    path: '/api/v1/products/create',
    summary: 'Queue products for content generation',
    description:
      'One product with its details, or up to 100 codes (comma-separated). Charged per queued product in one transaction with the queued generations: all or nothing. A code that already names a product of the account re-queues it.',
    tag: 'Products',
    auth: 'bearer',
    body: createBodySchema,
    responses: {
      202: { description: 'Queued: `success`, or `partial` when some items failed (listed in `failures`).', schema: createResponseSchema },
    },
    errors: ['validation_failed', 'insufficient_credits'],
    // `validation_failed`: a field is invalid, or every item failed (then `data` lists the failures).
    errorBodies: { validation_failed: createAllFailedBodySchema },
    idempotent: true,
  },
];
