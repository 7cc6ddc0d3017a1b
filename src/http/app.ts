import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { GenerationQueue } from '../services/ports.ts';
import { authenticate } from './auth.ts';
import { ApiError, handleError, sendApiError, validationFailed } from './errors.ts';
import { useIdempotencyKeys } from './idempotency.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import { accountRoute } from './routes/account.ts';
import { accountLedgerRoute } from './routes/account-ledger.ts';
import { catalogueImportsRoutes } from './routes/catalogue-imports.ts';
import { registerMediaRoutes } from './routes/media.ts';
import { createProductsRoute } from './routes/create-products.ts';
import { healthRoute } from './routes/health.ts';
import { metricsRoute } from './routes/metrics.ts';
import type { Metrics } from '../metrics.ts';
import type { SourceChain } from '../sources/source-chain.ts';
import { productDetailsRoutes } from './routes/product-details.ts';
import { productHistoryRoutes } from './routes/product-history.ts';
import { regenerateProductRoute } from './routes/regenerate-product.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body as a stream (a catalogue upload): no JSON check, no Idempotency-Key. */
    streamedBody?: boolean;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  queue: GenerationQueue;
  logger: Logger;
  mediaStorage: MediaStorage;
  metrics: Metrics;
  /** What writes each agent model ("template", "<provider>:<model>"), shown by GET /api/v1/account. */
  engines: Readonly<Record<'v1' | 'v2', string>>;
  /** The data sources' circuit breakers, shown by /health. */
  sources?: Pick<SourceChain, 'health'>;
}

/** What a caller may send as its own request id; kept in the log as `client_request_id`, never as ours. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP app; never listens. main.ts owns the process, tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Widened to Fastify's logger type so the instance keeps its default generics.
  const logger: FastifyBaseLogger = deps.logger;
  const timeoutMs = deps.config.requestTimeoutMs;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: deps.config.bodyLimitBytes,
    // A request whose headers and body have not all arrived in time is answered 408 and closed, so
    // a client that sends a few bytes cannot hold a socket (or the shutdown) for ever. Node checks
    // open requests every `connectionsCheckingInterval`; its default (30 s) would double the wait.
    requestTimeout: timeoutMs,
    http: { requestTimeout: timeoutMs, headersTimeout: timeoutMs, connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(timeoutMs / 2))) },
    requestIdHeader: false,
    // Our id is always ours: a caller's could collide with another's or be chosen to confuse the log.
    genReqId: () => randomUUID(),
    // The caller's own id, when sane, is logged beside ours so logs on both sides still line up.
    childLoggerFactory: (parent, bindings, options, rawRequest) => {
      const given = rawRequest.headers['x-request-id'];
      const client = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? { client_request_id: given } : {};
      return parent.child({ ...bindings, ...client }, options);
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
  closeUnfinishedUploadsOnClose(app);

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
  // With a metrics listener of its own (METRICS_PORT) the API port never shows them; without one,
  // only to holders of METRICS_TOKEN (no token set: 404, as for any unknown path).
  const metricsToken = deps.config.metricsToken;
  if (deps.config.metricsListener === null && metricsToken !== undefined) await app.register(metricsRoute, { metrics: deps.metrics, token: metricsToken });
  // Renditions are public (storefronts load them) and named by content hash, so outside /api/v1.
  registerMediaRoutes(app, deps.mediaStorage);
  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate(deps.db));
      await api.register(rateLimit, {
        max: deps.config.rateLimitPerMinute,
        timeWindow: 60_000,
        // After authentication (registered above) and before the body is read: a flood of large
        // bodies from one token is refused without reading them.
        hook: 'onRequest',
        keyGenerator: (request) => request.auth?.tokenId ?? request.ip,
        errorResponseBuilder: (_request, context) =>
          new ApiError('rate_limited', `Too many requests for this token; retry in ${context.after}.`, {
            retry_after_seconds: Math.ceil(context.ttl / 1000),
          }),
      });
      api.addHook('preValidation', async (request) => {
        // A catalogue upload's body is a CSV or JSON Lines stream, checked by its route.
        if (request.routeOptions.config.streamedBody === true) return;
        if (request.method === 'POST' && !/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
          throw new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
        }
        const body: unknown = request.body;
        if (request.method === 'POST' && (typeof body !== 'object' || body === null || Array.isArray(body))) {
          throw new ApiError('invalid_json', 'The body must be a JSON object.');
        }
      });
      // After the body checks: a request refused as unreadable never claims its key.
      useIdempotencyKeys(api, { db: deps.db });
      await api.register(createProductsRoute, deps);
      await api.register(regenerateProductRoute, deps);
      await api.register(productDetailsRoutes, deps);
      await api.register(productHistoryRoutes, deps);
      await api.register(accountRoute, deps);
      await api.register(accountLedgerRoute, deps);
      await api.register(catalogueImportsRoutes, deps);
    },
    { prefix: '/api/v1' },
  );
  return app;
}

/**
 * On close, requests whose body has not all arrived are cut off: their sender may never finish,
 * and Node stops timing requests once its server closes, so they would hold the shutdown until
 * the force-exit. Requests already read run to their answer; once they have all answered, every
 * connection left (idle, or a client still sending its headers) is closed.
 */
function closeUnfinishedUploadsOnClose(app: FastifyInstance): void {
  const open = new Set<FastifyRequest['raw']>();
  let closing = false;
  const closeRestWhenDrained = () => {
    if (closing && open.size === 0) app.server.closeAllConnections();
  };
  app.addHook('onRequest', async (request, reply) => {
    open.add(request.raw);
    reply.raw.once('close', () => {
      open.delete(request.raw);
      closeRestWhenDrained();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const raw of open) if (!raw.complete) raw.socket.destroy();
    closeRestWhenDrained();
  });
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
