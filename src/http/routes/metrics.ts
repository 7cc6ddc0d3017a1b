import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../metrics.ts';

/**
 * Prometheus metrics of this process, unauthenticated like /health: model calls, tokens and
 * latency per provider and model, generations and repair rounds. Keep it off the public network.
 */
export async function metricsRoute(app: FastifyInstance, opts: { metrics: Metrics }): Promise<void> {
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', opts.metrics.registry.contentType);
    return opts.metrics.registry.metrics();
  });
}
