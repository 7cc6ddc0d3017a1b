import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { GenerationQueue } from '../services/ports.ts';
import { authenticate } from './auth.ts';
import { ApiError, handleError, sendApiError, validationFailed } from './errors.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import { accountRoute } from './routes/account.ts';
import { registerMediaRoutes } from './routes/media.ts';
import { createProductsRoute } from './routes/create-products.ts';
import { healthRoute } from './routes/health.ts';
import { metricsRoute } from './routes/metrics.ts';
import type { Metrics } from '../metrics.ts';
import type { SourceChain } from '../sources/source-chain.ts';
import { productDetailsRoutes } from './routes/product-details.ts';
import { productHistoryRoutes } from './routes/product-history.ts';
import { regenerateProductRoute } from './routes/regenerate-product.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  queue: GenerationQueue;
  logger: Logger;
  mediaStorage: MediaStorage;
  metrics: Metrics;
  /** The data sources' circuit breakers, shown by /health. */
  sources?: Pick<SourceChain, 'health'>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP app; never listens. main.ts owns the process, tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Widened to Fastify's logger type so the instance keeps its default generics.
  const logger: FastifyBaseLogger = deps.logger;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: deps.config.bodyLimitBytes,
    requestIdHeader: false,
    // A caller's own request id is kept when it is sane, so logs on both sides line up.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    // Errors the router raises before any hook runs (a malformed URL, an over-long path segment).
    frameworkErrors: (error, request, reply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return sendApiError(reply, validationFailed({ id: ['The id is too long.'] }));
      }
      return handleError(error, request, reply);
    },
  });

  // Only JSON bodies are read; anything else is 415 before a handler runs.
  app.removeContentTypeParser(['text/plain']);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    sendApiError(reply, new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`)),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorateRequest('auth', null);
  await app.register(healthRoute, { db: deps.db, sources: deps.sources });
  // With a metrics listener of its own (METRICS_PORT), the public API port does not show them.
  if (deps.config.metricsListener === null) await app.register(metricsRoute, { metrics: deps.metrics });
  // Renditions are public (storefronts load them) and named by content hash, so outside /api/v1.
  registerMediaRoutes(app, deps.mediaStorage);
  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate(deps.db));
      await api.register(rateLimit, {
        max: deps.config.rateLimitPerMinute,
        timeWindow: 60_000,
        hook: 'preHandler',
        keyGenerator: (request) => request.auth?.tokenId ?? request.ip,
        errorResponseBuilder: (_request, context) =>
          new ApiError('rate_limited', `Too many requests for this token; retry in ${context.after}.`, {
            retry_after_seconds: Math.ceil(context.ttl / 1000),
          }),
      });
      api.addHook('preValidation', async (request) => {
        if (request.method === 'POST' && !/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
          throw new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
        }
        const body: unknown = request.body;
        if (request.method === 'POST' && (typeof body !== 'object' || body === null || Array.isArray(body))) {
          throw new ApiError('invalid_json', 'The body must be a JSON object.');
        }
      });
      await api.register(createProductsRoute, deps);
      await api.register(regenerateProductRoute, deps);
      await api.register(productDetailsRoutes, deps);
      await api.register(productHistoryRoutes, deps);
      await api.register(accountRoute, deps);
    },
    { prefix: '/api/v1' },
  );
  return app;
}

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Answers 405 on a known path with any method it does not serve. */
export function methodNotAllowed(app: FastifyInstance, url: string, allowed: readonly string[]): void {
  const others = ALL_METHODS.filter((m) => !allowed.includes(m) && !(m === 'HEAD' && allowed.includes('GET')));
  app.route({
    method: others,
    url,
    handler: async (_request, reply) => {
      reply.header('allow', allowed.join(', '));
      return sendApiError(reply, new ApiError('method_not_allowed', `This path accepts ${allowed.join(', ')} only.`));
    },
  });
}
