import type { FastifyInstance } from 'fastify';
import type { SqlRunner } from '../../db/database.ts';
import type { SourceChain } from '../../sources/source-chain.ts';
import { ApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { healthResponseSchema } from '../response-schemas.ts';

/**
 * Unauthenticated liveness and database reachability, for load balancers and orchestrators, and
 * each remote data source's circuit breaker. A source that is down leaves the answer 200 (the
 * service still writes products from the others); `degraded` says so.
 */
export async function healthRoute(app: FastifyInstance, opts: { db: SqlRunner; sources?: Pick<SourceChain, 'health'> | undefined }): Promise<void> {
  app.get('/health', async () => {
    try {
      await opts.db.query('SELECT 1');
    } catch {
      throw new ApiError('unavailable', 'The database is not reachable.');
    }
    const sources = opts.sources?.health() ?? {};
    return { status: 'ok', degraded: Object.values(sources).some((s) => s.state !== 'closed'), sources };
  });
}

export const healthDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/health',
    summary: 'Liveness, database reachability and the data sources',
    description: 'For load balancers: 200 while the database answers, `degraded` when a remote data source is down.',
    tag: 'Service',
    auth: 'none',
    responses: { 200: { description: 'Up.', schema: healthResponseSchema } },
    errors: ['unavailable'],
  },
];
