import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../metrics.ts';
import { bearerToken } from '../auth.ts';
import { ApiError } from '../errors.ts';

export const METRICS_UNAUTHORIZED_MESSAGE = 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.';

/**
 * Prometheus metrics of this process on the API port: model calls, tokens and latency per provider
 * and model, generations and repair rounds. Registered only when METRICS_TOKEN is set, and only
 * for callers who send it: the API port may face the internet.
 */
export async function metricsRoute(app: FastifyInstance, opts: { metrics: Metrics; token: string }): Promise<void> {
  const expected = digest(opts.token);
  app.get('/metrics', async (request, reply) => {
    const given = bearerToken(request.headers.authorization);
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (given === null || !timingSafeEqual(digest(given), expected)) throw new ApiError('unauthorized', METRICS_UNAUTHORIZED_MESSAGE);
    reply.header('content-type', opts.metrics.registry.contentType);
    return opts.metrics.registry.metrics();
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
