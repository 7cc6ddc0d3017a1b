import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type onSendHookHandler, type RouteOptions } from 'fastify';
import { authenticate, authenticateAdmin, servedOverHttps } from './auth.ts';
import { servingAccount } from '../db/account-lane.ts';
import { FailedAuthLimit } from './failed-auth-limit.ts';
import { ApiError, handleError, sendApiError, validationFailed } from './errors.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../domain/json-depth.ts';
import { useIdempotencyKeys } from './idempotency.ts';
import { accountRoute } from './routes/account.ts';
import { adminAccountsRoutes } from './routes/admin-accounts.ts';
import { adminCatalogueRoutes } from './routes/admin-catalogue.ts';
import { adminTokensRoutes } from './routes/admin-tokens.ts';
import { adminAuditRoutes } from './routes/admin-audit.ts';
import { localAdminOperations } from '../services/admin-operations.ts';
import { accountLedgerRoute } from './routes/account-ledger.ts';
import { attributesRoutes } from './routes/attributes.ts';
import { familiesRoutes } from './routes/families.ts';
import { appSessionRoutes } from './routes/app-session.ts';
import { pricingRoutes } from './routes/pricing.ts';
import { googleCategoriesRoutes } from './routes/google-categories.ts';
import { reviewAppRoutes } from './routes/review-app.ts';
import { catalogueImportsRoutes } from './routes/catalogue-imports.ts';
import { customCategoryRoutes } from './routes/custom-category.ts';
import { enforceBodyDeadlines } from './body-deadline.ts';
import { DrainPace } from './drain-pace.ts';
import { lingerAfterEarlyAnswers } from './lingering-close.ts';
import { registerMediaRoutes } from './routes/media.ts';
import { createProductsRoute } from './routes/create-products.ts';
import { exportProductsRoute } from './routes/export-products.ts';
import { healthRoute } from './routes/health.ts';
import { listProductsRoute } from './routes/list-products.ts';
import { metricsRoute } from './routes/metrics.ts';
import { docsRoutes } from './routes/docs.ts';
import { openApiRoute } from './routes/openapi.ts';
import { serviceDocument } from './openapi/service-document.ts';
import { productDetailsRoutes } from './routes/product-details.ts';
import { productHistoryRoutes } from './routes/product-history.ts';
import { regenerateProductRoute } from './routes/regenerate-product.ts';
import { deleteProductRoute } from './routes/delete-product.ts';
import { publicationStateRoute } from './routes/publication-state.ts';
import { updateProductRoute } from './routes/update-product.ts';
import { webhooksRoutes } from './routes/webhooks.ts';
import type { AppDeps } from './app-deps.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body as a stream (a catalogue upload): no JSON check, no Idempotency-Key. */
    streamedBody?: boolean;
    /**
     * The answer holds a secret shown once (a webhook's signing secret): the answer kept for an
     * Idempotency-Key stores `data.secret` as null, so the database never holds it in the clear.
     */
    secretInAnswer?: boolean;
    /** False: the route ignores Idempotency-Key (a sign-in, whose answer is a fresh secret each time). */
    idempotencyKeys?: boolean;
  }
}

export interface BuildOptions {
  /** Sees every route as it is registered (the test that every route is in the OpenAPI document). */
  onRoute?: (route: RouteOptions) => void;
  /** Sees every answer before it is sent, on every route (the tests check each against the OpenAPI document). */
  onSend?: onSendHookHandler;
}

/**
 * JSON bodies pass a depth check on their text before anything parses or walks them (the
 * Idempotency-Key's fingerprint, validation, the handlers), so nothing downstream recurses deeper
 * than MAX_JSON_DEPTH over caller data. Parsing itself stays Fastify's (prototype-poisoning checks).
 */
function refuseDeepJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(validationFailed({ body: [`The JSON nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`] }), undefined);
      return;
    }
    parse(request, text, done);
  });
}

/** The nearest `hops` proxies are trusted (Fastify's numeric trustProxy, which its types leave out). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** What a caller may send as its own request id; kept in the log as `client_request_id`, never as ours. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP app; never listens. main.ts owns the process, tests drive it with inject(). */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Widened to Fastify's logger type so the instance keeps its default generics.
  const logger: FastifyBaseLogger = deps.logger;
  const timeoutMs = deps.config.requestTimeoutMs;
  // Node's own limit is the longest any body may take (a catalogue upload's); enforceBodyDeadlines
  // holds every other request to REQUEST_TIMEOUT_SECONDS.
  const longestBodyMs = Math.max(timeoutMs, deps.config.catalogueUploadTimeoutMs);
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: deps.config.bodyLimitBytes,
    // A request whose headers and body have not all arrived in time is answered 408 and closed, so
    // a client that sends a few bytes cannot hold a socket (or the shutdown) for ever. Node checks
    // open requests every `connectionsCheckingInterval`; its default (30 s) would double the wait.
    requestTimeout: longestBodyMs,
    http: { requestTimeout: longestBodyMs, headersTimeout: timeoutMs, connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(timeoutMs / 2))) },
    requestIdHeader: false,
    // Behind a load balancer, the client's address (rate limits, the session cookie's loopback
    // case) is the one the trusted proxies name in X-Forwarded-For; by default no proxy is trusted.
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
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
  if (options.onRoute !== undefined) app.addHook('onRoute', options.onRoute);
  if (options.onSend !== undefined) app.addHook('onSend', options.onSend);
  // Up to twice the largest body the server takes, for at most 30 s (nginx's lingering_time), so
  // that a file somewhat over its limit still gets its 413. First: a request behind such an answer
  // on its connection is stopped before any other hook sees it.
  lingerAfterEarlyAnswers(app, {
    bytes: 2 * Math.max(deps.config.bodyLimitBytes, deps.config.catalogueMaxBytes),
    ms: 30_000,
    pace: new DrainPace(deps.config.refusedBodyBytesPerSecond),
  });
  closeUnfinishedUploadsOnClose(app);
  enforceBodyDeadlines(app, { defaultMs: timeoutMs, streamedBodyMs: deps.config.catalogueUploadTimeoutMs });

  // Only JSON bodies are read; anything else is 415 before a handler runs.
  app.removeContentTypeParser(['text/plain']);
  refuseDeepJson(app);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    sendApiError(reply, new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`)),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // No answer is ever to be read as another type than the one it declares (a JSON error as HTML).
    reply.header('x-content-type-options', 'nosniff');
  });

  // Only the review app's session cookie is read (src/http/auth.ts); nothing is signed by the plugin.
  await app.register(cookie);
  // One count of failed authentications per client address for the account and the admin routes.
  const failedAuth = new FailedAuthLimit(deps.config.authFailuresPerMinute);
  app.decorateRequest('auth', null);
  app.decorateRequest('adminAuth', null);
  await app.register(healthRoute, { db: deps.db, sources: deps.sources });
  // With a metrics listener of its own (METRICS_PORT) the API port never shows them; without one,
  // only to holders of METRICS_TOKEN (no token set: 404, as for any unknown path).
  const metricsToken = deps.config.metricsToken;
  if (deps.config.metricsListener === null && metricsToken !== undefined) await app.register(metricsRoute, { metrics: deps.metrics, token: metricsToken });
  // Renditions are public (storefronts load them) and named by content hash, so outside /api/v1.
  registerMediaRoutes(app, { storage: deps.mediaStorage, redirectBaseUrl: deps.config.media.redirectBaseUrl });
  // The service describing itself, public like /health (src/http/openapi/).
  await app.register(openApiRoute, { document: serviceDocument() });
  await app.register(docsRoutes);
  // The review app's page and its scripts: public files; every datum it shows comes from /api/v1.
  await app.register(reviewAppRoutes);
  // Everything an account calls: /api/v1, and the one CommerceClarity path outside it. One rate
  // limit for both, so the second path is no way around it.
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', authenticate(deps.db, { idleSeconds: deps.config.appSessionIdleSeconds, publicHttps: servedOverHttps(deps.config) }, failedAuth));
    await guarded.register(rateLimit, {
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
    // From here on the request's statements (and the work it leaves running: an import, a
    // fan-out) count as its account's: on the embedded database they take turns with other
    // accounts' (src/db/account-lane.ts). A callback hook: the handler runs inside `done`, after
    // the body was read (whose events come from the socket's context, not the request's).
    guarded.addHook('preValidation', (request, _reply, done) => {
      if (request.auth === null) done();
      else servingAccount(request.auth.accountId, () => done());
    });
    guarded.addHook('preValidation', async (request) => {
      // A catalogue upload's body is a CSV or JSON Lines stream, checked by its route.
      if (request.routeOptions.config.streamedBody === true) return;
      if (!carriesBody(request)) return;
      if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
        throw new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
      }
      const body: unknown = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ApiError('invalid_json', 'The body must be a JSON object.');
      }
    });
    // After the body checks: a request refused as unreadable never claims its key.
    useIdempotencyKeys(guarded, { db: deps.db });
    await guarded.register(
      async (api) => {
        await api.register(createProductsRoute, deps);
        await api.register(regenerateProductRoute, deps);
        await api.register(productDetailsRoutes, deps);
        await api.register(productHistoryRoutes, deps);
        await api.register(updateProductRoute, deps);
        await api.register(deleteProductRoute, deps);
        await api.register(publicationStateRoute, deps);
        await api.register(listProductsRoute, deps);
        await api.register(exportProductsRoute, deps);
        await api.register(accountRoute, deps);
        await api.register(accountLedgerRoute, deps);
        await api.register(catalogueImportsRoutes, deps);
        await api.register(customCategoryRoutes, deps);
        await api.register(attributesRoutes, deps);
        await api.register(familiesRoutes, deps);
        await api.register(webhooksRoutes, deps);
        await api.register(appSessionRoutes, deps);
        await api.register(pricingRoutes, deps);
        await api.register(googleCategoriesRoutes, deps);
      },
      { prefix: '/api/v1' },
    );
    // CommerceClarity documents this one path outside /api/v1; its clients call it there.
    await guarded.register(publicationStateRoute, deps);
  });
  await app.register((admin) => registerAdminRoutes(admin, deps, failedAuth), { prefix: '/api/v1/admin' });
  return app;
}

/** A POST always sends a JSON body here; a PUT, PATCH or DELETE whenever it sends a body at all. */
function carriesBody(request: FastifyRequest): boolean {
  if (request.method === 'POST') return true;
  if (request.method !== 'PUT' && request.method !== 'PATCH' && request.method !== 'DELETE') return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * /api/v1/admin: the operator's routes, with their own authentication (an admin token, or the
 * server's local credential) and no Idempotency-Key (its keys are an account's; an admin token
 * may have none).
 */
async function registerAdminRoutes(admin: FastifyInstance, deps: AppDeps, failedAuth: FailedAuthLimit): Promise<void> {
  admin.addHook('onRequest', authenticateAdmin(deps.db, deps.localAdminCredential ?? null, failedAuth));
  await admin.register(rateLimit, {
    max: deps.config.rateLimitPerMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    keyGenerator: (request) => request.adminAuth?.tokenId ?? request.ip,
    // The CLI on this machine (local credential) is the operator at the keyboard: never throttled.
    allowList: (request) => request.adminAuth !== null && request.adminAuth.tokenId === null,
    errorResponseBuilder: (_request, context) =>
      new ApiError('rate_limited', `Too many requests for this token; retry in ${context.after}.`, { retry_after_seconds: Math.ceil(context.ttl / 1000) }),
  });
  // Per request: each change is recorded with the admin token that made it (`local`: the server's
  // own credential, the CLI through it) and the request's id.
  const operationsFor = (request: FastifyRequest) => localAdminOperations(deps.db, { actor: request.adminAuth?.tokenId ?? 'local', requestId: request.id });
  await admin.register(async (json) => {
    json.addHook('preValidation', async (request) => {
      if ((request.method === 'POST' || request.method === 'PATCH') && !/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
        throw new ApiError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
      }
      const body: unknown = request.body;
      if ((request.method === 'POST' || request.method === 'PATCH') && (typeof body !== 'object' || body === null || Array.isArray(body))) {
        throw new ApiError('invalid_json', 'The body must be a JSON object.');
      }
    });
    await json.register(adminAccountsRoutes, { operationsFor });
    await json.register(adminTokensRoutes, { operationsFor });
    await json.register(adminAuditRoutes, { operationsFor });
  });
  await admin.register(adminCatalogueRoutes, { db: deps.db, maxBytes: deps.config.catalogueMaxBytes, limits: deps.config.catalogue.limits });
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
