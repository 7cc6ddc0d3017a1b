import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FailedAuthLimit } from './failed-auth-limit.ts';
import type { Config } from '../config.ts';
import { ownLine } from '../db/account-lane.ts';
import { DatabaseUnavailableError, isConnectionError, type SqlRunner } from '../db/database.ts';
import { csrfMatches, sessionOf } from '../services/app-sessions.ts';
import type { AccountSnapshot } from '../db/accounts.ts';
import { type AuthenticatedToken, authenticateToken } from '../services/tokens.ts';
import { ApiError } from './errors.ts';

export interface RequestAuth {
  accountId: string;
  tokenId: string;
  /** Set when the caller is the review app's session cookie, not a Bearer token. */
  session: { id: string; csrfToken: string } | null;
  /** The account's balance and image setting as read with a Bearer token (null with the session cookie). */
  account: AccountSnapshot | null;
}

/** The review app's session cookie (/app): HttpOnly, so no script of any page can read it. */
export const SESSION_COOKIE = '__Host-vetrina_session';
/**
 * The cookie's name on plain http from this machine (local use), where a browser drops a Secure
 * cookie and so a `__Host-` one. Read only there, so a planted cookie of that name counts nowhere else.
 */
export const LOCAL_SESSION_COOKIE = 'vetrina_session';

/**
 * How the session cookie is named and flagged for this request. Everywhere but plain http on
 * loopback it is `__Host-` (no Domain, Path=/, Secure), so neither a sibling subdomain nor a man in
 * the middle of plain http can plant one (login CSRF). Behind a proxy that ends TLS the socket is
 * plain http, yet browsers reach the service over https: `publicHttps` (PUBLIC_BASE_URL) says so.
 */
/** Whether browsers reach this service over https although its socket may be plain http (PUBLIC_BASE_URL). */
export function servedOverHttps(config: Pick<Config, 'media'>): boolean {
  return config.media.publicBaseUrlSet && new URL(config.media.publicBaseUrl).protocol === 'https:';
}

export function sessionCookieFor(request: FastifyRequest, publicHttps: boolean): { name: string; secure: boolean } {
  const plainLocal = !publicHttps && request.protocol !== 'https' && fromThisMachine(request);
  return plainLocal ? { name: LOCAL_SESSION_COOKIE, secure: false } : { name: SESSION_COOKIE, secure: true };
}
/** Where the review app sends its CSRF token on every unsafe request made with the cookie. */
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Sent by the review app on its automatic refreshes (the 1.5 s polls while work runs): such a
 * request is served as usual but is no use of the session, so a page left open does not keep
 * itself signed in. It can only withhold the refresh of the last use, never extend anything.
 */
export const BACKGROUND_HEADER = 'x-vetrina-background';

/** Who is calling an admin route: an admin token, or the server's own local credential (tokenId null). */
export interface AdminAuth {
  tokenId: string | null;
  accountId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
    adminAuth: AdminAuth | null;
  }
}

// One message for missing, malformed, unknown and revoked tokens: nothing to learn from the difference.
export const UNAUTHORIZED_MESSAGE = 'A valid API token is required: send Authorization: Bearer <token>.';
export const ADMIN_ONLY_MESSAGE = 'This route needs an admin token (vetrina tokens create --admin); an account token cannot manage the instance.';
export const CSRF_MESSAGE = `A change made with the session cookie needs the session's CSRF token in the ${CSRF_HEADER} header.`;
export const ACCOUNT_ONLY_MESSAGE = "This admin token belongs to no account; an account's routes need a token of that account.";

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function orUnavailable<T>(lookup: Promise<T>): Promise<T> {
  return lookup.catch((err: unknown) => {
    // Nothing of the request has run yet: whatever it asked for was certainly not written.
    throw isConnectionError(err) ? new DatabaseUnavailableError('cannot authenticate: database unreachable', { outcome: 'not_written', cause: err }) : err;
  });
}

function lookUp(db: SqlRunner, token: string): Promise<AuthenticatedToken | null> {
  // Each request's look-up takes its own turns on the embedded database, not behind other requests'.
  return orUnavailable(ownLine(() => authenticateToken(db, token)));
}

/**
 * onRequest hook for every /api/v1 route of an account: a Bearer token, or else the review app's
 * session cookie. A request with an Authorization header is judged by it alone, so integrators
 * are unaffected by any cookie. With the cookie, every unsafe method must carry the session's
 * CSRF token: a browser sends the cookie on its own, the header only when our page adds it.
 */
export function authenticate(db: SqlRunner, sessions: { idleSeconds: number; publicHttps: boolean }, failures?: FailedAuthLimit) {
  const check = async (request: FastifyRequest): Promise<void> => {
    // `cookies` exists only where @fastify/cookie is registered (buildApp does); a scope without it has no session.
    const cookie: string | undefined = (request.cookies as FastifyRequest['cookies'] | undefined)?.[sessionCookieFor(request, sessions.publicHttps).name];
    if (request.headers.authorization !== undefined || cookie === undefined) {
      const token = bearerToken(request.headers.authorization);
      const found = token === null ? null : await lookUp(db, token);
      if (found === null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
      if (found.accountId === null) throw new ApiError('forbidden', ACCOUNT_ONLY_MESSAGE);
      request.auth = { accountId: found.accountId, tokenId: found.tokenId, session: null, account: found.account };
      return;
    }
    const countsAsUse = request.headers[BACKGROUND_HEADER] === undefined;
    const session = await orUnavailable(ownLine(() => sessionOf(db, cookie, { idleSeconds: sessions.idleSeconds, countsAsUse })));
    if (session === null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    if (session.accountId === null) throw new ApiError('forbidden', ACCOUNT_ONLY_MESSAGE);
    const csrf = request.headers[CSRF_HEADER];
    if (!SAFE_METHODS.has(request.method) && !csrfMatches(session, typeof csrf === 'string' ? csrf : undefined)) {
      throw new ApiError('forbidden', CSRF_MESSAGE);
    }
    request.auth = { accountId: session.accountId, tokenId: session.tokenId, session: { id: session.sessionId, csrfToken: session.csrfToken }, account: null };
  };
  return failures === undefined ? check : limitedBy(failures, check);
}

/**
 * Wraps an authentication hook: a client address over its limit of failed authentications is
 * answered 429 before its token is looked up; each 401 counts against it.
 */
function limitedBy(failures: FailedAuthLimit, check: (request: FastifyRequest) => Promise<void>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const wait = failures.retryAfterSeconds(request.ip);
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      throw new ApiError('rate_limited', `Too many failed authentications from this address; retry in ${wait} seconds.`, { retry_after_seconds: wait });
    }
    try {
      await check(request);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'unauthorized') failures.recordFailure(request.ip);
      throw err;
    }
  };
}

/** A connection from this machine: loopback, or to one of its own addresses from that same address. */
function fromThisMachine(request: FastifyRequest): boolean {
  const remote = request.socket.remoteAddress;
  if (remote === undefined) return false;
  if (remote === '::1' || remote.startsWith('127.') || remote.startsWith('::ffff:127.')) return true;
  return remote === request.socket.localAddress;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * onRequest hook for /api/v1/admin: an admin token, or the running server's local credential
 * (the one it wrote into its data directory for the CLI), which counts only from this machine.
 * No token or an unknown one is 401; an account's ordinary token is 403.
 */
export function authenticateAdmin(db: SqlRunner, localCredential: string | null, failures?: FailedAuthLimit) {
  const check = async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    if (localCredential !== null && sameSecret(token, localCredential)) {
      if (!fromThisMachine(request)) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
      request.adminAuth = { tokenId: null, accountId: null };
      return;
    }
    const found = await lookUp(db, token);
    if (found === null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    if (!found.admin) throw new ApiError('forbidden', ADMIN_ONLY_MESSAGE);
    request.adminAuth = { tokenId: found.tokenId, accountId: found.accountId };
  };
  return failures === undefined ? check : limitedBy(failures, check);
}

export function authOf(request: FastifyRequest): RequestAuth {
  if (request.auth === null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
  return request.auth;
}
