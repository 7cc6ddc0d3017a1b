import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database.ts';
import { changeBalance } from '../src/db/accounts.ts';
import type { GenerationQueue } from '../src/services/ports.ts';

/**
 * The comparator of bench/create.ts and create-ab.ts: what any service that accepts paid work must
 * do at least, on the same database, pool and tables (so the same indexes), through the same
 * pg-boss insert and guarded debit. POST /minimal with `codes` (comma-separated) and `countries`.
 */
export function minimalTransactionApp(parts: { db: Database; queue: GenerationQueue }, accountId: string): FastifyInstance {
  const app = Fastify({ logger: false });
  app.post<{ Body: { codes: string; countries: string[] } }>('/minimal', async (request, reply) => {
    const codes = request.body.codes.split(',');
    await parts.db.transaction(async (tx) => {
      const products = await tx.query<{ id: string }>(
        `INSERT INTO products (account_id, code, code_type, countries, agent_model, state)
         SELECT $1, c, 'ean', $3::text[], 'v1', 'queued' FROM unnest($2::text[]) AS c ORDER BY c
         ON CONFLICT (account_id, code) WHERE code IS NOT NULL AND deleted_at IS NULL DO UPDATE SET state = 'queued', updated_at = now()
         RETURNING id`,
        [accountId, codes, request.body.countries],
      );
      await parts.queue.enqueue(
        tx,
        products.map((p) => ({ generationId: p.id, productId: p.id })),
      );
      const balance = await changeBalance(tx, { accountId, delta: -codes.length, kind: 'charge', requestId: request.id, memo: 'minimal' });
      if (balance === undefined) throw new Error('the bench account ran out of credits');
    });
    return reply.code(202).send({ status: 'success', queued: codes.length });
  });
  return app;
}
