import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database.ts';
import { changeBalance } from '../src/db/accounts.ts';

/**
 * The minimal transaction's jobs: a plain queue table (a row per paid unit of work, indexed by its
 * due time), so each job insert costs what the least queue on the same database costs.
 */
const MINIMAL_QUEUE_TABLE = `CREATE TABLE IF NOT EXISTS bench_minimal_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key uuid NOT NULL,
  data jsonb NOT NULL,
  due_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * The comparators of bench/create-ab.ts: what any service that accepts paid work must
 * do at least, on the same database, pool and tables (so the same indexes), through the same
 * queue table and guarded debit. POST /minimal with `codes` (comma-separated) and `countries`.
 *
 * POST /minimal-with-generations does the same plus what Vetrina keeps for each unit of paid work
 * and the minimal transaction does not: one generations row per product (its cost, state and
 * request, the row refunds and history rest on), named by the product and its job. Vetrina against
 * this one shows what its own path costs beyond that row.
 *
 * POST /generations-as-jobs writes the generations rows but no job rows: what a create would cost
 * if the generation row were itself the queue's job, as Vetrina's is. bench/create.ts measures
 * Vetrina against this one, the like-for-like comparator of issue 34 (bench/results/create.md).
 */
export async function minimalTransactionApp(parts: { db: Database }, accountId: string): Promise<FastifyInstance> {
  await parts.db.query(MINIMAL_QUEUE_TABLE);
  await parts.db.query('CREATE INDEX IF NOT EXISTS bench_minimal_jobs_due ON bench_minimal_jobs (due_at)');
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
          const ids = await tx.query("INSERT INTO bench_minimal_jobs (key, data) SELECT (j->>'productId')::uuid, j FROM jsonb_array_elements($1::jsonb) AS j RETURNING id", [
            JSON.stringify(jobs),
          ]);
          if (ids.length !== jobs.length) throw new Error('queued fewer jobs than products');
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
