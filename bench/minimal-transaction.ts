import Fastify, { type FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../src/db/database.ts';
import { changeBalance } from '../src/db/accounts.ts';
import { onTransaction } from '../src/jobs/queue.ts';

/**
 * The minimal transaction's jobs: a pg-boss queue with the settings Vetrina's generation queue had
 * while it was one (a key per product in strict order, retries with backoff, an expiry), so each
 * job insert costs what a pg-boss job of a paid unit of work costs.
 */
const MINIMAL_QUEUE = 'vetrina.bench.minimal';

/**
 * The comparator of bench/create.ts and create-ab.ts: what any service that accepts paid work must
 * do at least, on the same database, pool and tables (so the same indexes), through the same
 * pg-boss and guarded debit. POST /minimal with `codes` (comma-separated) and `countries`.
 *
 * POST /minimal-with-generations does the same plus what Vetrina keeps for each unit of paid work
 * and the minimal transaction does not: one generations row per product (its cost, state and
 * request, the row refunds and history rest on), named by the product and its job. Vetrina against
 * this one shows what its own path costs beyond that row.
 *
 * POST /generations-as-jobs writes the generations rows but no job rows: what a create would cost
 * if the generation row were itself the queue's job (bench/results/create.md).
 */
export async function minimalTransactionApp(parts: { db: Database; boss: PgBoss }, accountId: string): Promise<FastifyInstance> {
  const { boss } = parts;
  if ((await boss.getQueue(MINIMAL_QUEUE)) === null) {
    await boss.createQueue(MINIMAL_QUEUE, { policy: 'key_strict_fifo', retryLimit: 2, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 1800 });
  }
  // pg-boss looks a queue up on its own connection at its first insert: done now, outside any transaction (PGlite has one connection).
  await boss.getJobById(MINIMAL_QUEUE, '00000000-0000-0000-0000-000000000000');
  const app = Fastify({ logger: false });
  const accept =
    (withGenerations: boolean, withJobs = true) =>
    async (request: { id: string; body: { codes: string; countries: string[] } }) => {
      const codes = request.body.codes.split(',');
      await parts.db.transaction(async (tx) => {
        const products = await tx.query<{ id: string }>(
          `INSERT INTO products (account_id, code, code_type, countries, agent_model, state)
         SELECT $1, c, 'ean', $3::text[], 'v1', 'queued' FROM unnest($2::text[]) AS c ORDER BY c
         ON CONFLICT (account_id, code) WHERE code IS NOT NULL AND deleted_at IS NULL DO UPDATE SET state = 'queued', updated_at = now()
         RETURNING id`,
          [accountId, codes, request.body.countries],
        );
        const jobs = withGenerations
          ? await tx.query<{ generationId: string; productId: string }>(
              `INSERT INTO generations (product_id, account_id, kind, agent_model, cost, state, request_id, image_standardization)
             SELECT p, $2, 'create', 'v1', 1, 'queued', $3, false FROM unnest($1::uuid[]) AS p
             RETURNING id AS "generationId", product_id AS "productId"`,
              [products.map((p) => p.id), accountId, request.id],
            )
          : products.map((p) => ({ generationId: p.id, productId: p.id }));
        if (withJobs) {
          const ids = await boss.insert(
            MINIMAL_QUEUE,
            jobs.map((j) => ({ data: j, singletonKey: j.productId })),
            { db: onTransaction(tx), returnId: true },
          );
          if (ids?.length !== jobs.length) throw new Error('pg-boss queued fewer jobs than products');
        }
        const balance = await changeBalance(tx, { accountId, delta: -codes.length, kind: 'charge', requestId: request.id, memo: 'minimal' });
        if (balance === undefined) throw new Error('the bench account ran out of credits');
      });
      return { status: 'success', queued: codes.length };
    };
  app.post<{ Body: { codes: string; countries: string[] } }>('/minimal', async (request, reply) => reply.code(202).send(await accept(false)(request)));
  app.post<{ Body: { codes: string; countries: string[] } }>('/minimal-with-generations', async (request, reply) => reply.code(202).send(await accept(true)(request)));
  app.post<{ Body: { codes: string; countries: string[] } }>('/generations-as-jobs', async (request, reply) => reply.code(202).send(await accept(true, false)(request)));
  return app;
}
