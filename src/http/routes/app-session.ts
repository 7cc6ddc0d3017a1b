import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endSession, SESSION_LIFETIME_SECONDS, startSession } from '../../services/app-sessions.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf, BACKGROUND_HEADER, CSRF_HEADER, LOCAL_SESSION_COOKIE, SESSION_COOKIE, servedOverHttps, sessionCookieFor } from '../auth.ts';
import { ApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';

/** A sign-in sends nothing but its token. */
export const sessionBodySchema = z.strictObject({});

export const sessionResponseSchema = z
  .strictObject({
    status: z.literal('success'),
    data: z.strictObject({
      authenticated_by: z.enum(['token', 'session']),
      csrf_token: z.string().nullable().describe(`With the session cookie: the value every POST, PUT, PATCH and DELETE must send in ${CSRF_HEADER}. Null with a Bearer token.`),
    }),
  })
  .meta({ id: 'SessionResponse' });

export const signOutResponseSchema = z.strictObject({ status: z.literal('success') });

const SIGN_IN_NEEDS_TOKEN = 'A session is started with an API token: send Authorization: Bearer <token>.';

/**
 * The review app's sign-in: an API token exchanged for an HttpOnly session cookie. Open to any
 * caller (a browser page of an integrator's own may use it too); the cookie only ever reaches
 * this origin's own pages, whose every change must also send the CSRF token.
 */
export async function appSessionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/session';
  const publicHttps = servedOverHttps(deps.config);
  app.post(url, { config: { idempotencyKeys: false } }, async (request, reply) => {
    const auth = authOf(request);
    if (auth.session !== null) throw new ApiError('unauthorized', SIGN_IN_NEEDS_TOKEN);
    // The body is `{}`: a key the route does not know is refused, as on every other route.
    const body = parseBody(sessionBodySchema, request.body ?? {});
    if (!body.ok) throw body.error;
    const started = await startSession(deps.db, auth.tokenId, deps.config.appSessionIdleSeconds);
    const cookie = sessionCookieFor(request, publicHttps);
    reply.setCookie(cookie.name, started.cookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: cookie.secure,
      maxAge: SESSION_LIFETIME_SECONDS,
    });
    return reply.code(201).send({ status: 'success', data: { authenticated_by: 'session', csrf_token: started.csrfToken } });
  });

  // The page reloaded: it learns whether it is signed in, and its CSRF token again.
  app.get(url, async (request) => {
    const { session } = authOf(request);
    return { status: 'success', data: { authenticated_by: session === null ? 'token' : 'session', csrf_token: session?.csrfToken ?? null } };
  });

  app.delete(url, { config: { idempotencyKeys: false } }, async (request, reply) => {
    const auth = authOf(request);
    if (auth.session !== null) await endSession(deps.db, auth.session.id);
    const cookie = sessionCookieFor(request, publicHttps);
    reply.clearCookie(cookie.name, { path: '/', httpOnly: true, sameSite: 'strict', secure: cookie.secure });
    return { status: 'success' };
  });
  methodNotAllowed(app, url, ['GET', 'POST', 'DELETE']);
}

export const appSessionDocs: RouteDoc[] = [
  {
    method: 'POST',
    path: '/api/v1/session',
    summary: 'Start a browser session (the review app’s sign-in)',
    description: `Exchanges the Bearer token for a \`${SESSION_COOKIE}\` cookie (HttpOnly, SameSite=Strict, Secure, Path=/, ${SESSION_LIFETIME_SECONDS / 3600} hours); only on plain http from the server's own machine (PUBLIC_BASE_URL not https) is it \`${LOCAL_SESSION_COOKIE}\` without Secure, since browsers drop a Secure cookie there. The session also ends once unused for APP_SESSION_IDLE_MINUTES (default 30); a request sent with \`${BACKGROUND_HEADER}: 1\` (the review app's automatic refreshes) is served but does not count as use. An ended session answers 401 like an unknown one. Requests with that cookie and no Authorization header act as the token; each POST, PUT, PATCH and DELETE must also send \`csrf_token\` in \`${CSRF_HEADER}\` (else 403). Revoking the token ends its sessions. Body: \`{}\`. No Idempotency-Key.`,
    tag: 'Session',
    auth: 'bearer',
    body: sessionBodySchema,
    responses: { 201: { description: 'Signed in; the cookie is in Set-Cookie.', schema: sessionResponseSchema } },
    errors: ['validation_failed'],
  },
  {
    method: 'GET',
    path: '/api/v1/session',
    summary: 'How the caller is signed in, and the session’s CSRF token',
    tag: 'Session',
    auth: 'bearer',
    responses: { 200: { description: 'The session (or the token) in use.', schema: sessionResponseSchema } },
    errors: [],
  },
  {
    method: 'DELETE',
    path: '/api/v1/session',
    summary: 'Sign out: end the session of the cookie sent',
    description: `Deletes the session and clears the cookie (needs \`${CSRF_HEADER}\`). With a Bearer token there is no session to end: nothing changes.`,
    tag: 'Session',
    auth: 'bearer',
    responses: { 200: { description: 'Signed out.', schema: signOutResponseSchema } },
    errors: [],
  },
];
