import type { FastifyInstance } from 'fastify';
import type { SqlRunner } from '../../db/database.ts';
import { ApiError } from '../errors.ts';

/** Unauthenticated liveness and database reachability, for load balancers and orchestrators. */
export async function healthRoute(app: FastifyInstance, opts: { db: SqlRunner }): Promise<void> {
  app.get('/health', async () => {
    try {
      await opts.db.query('SELECT 1');
    } catch {
      throw new ApiError('unavailable', 'The database is not reachable.');
    }
    return { status: 'ok' };
  });
}
