import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqlRunner } from '../db/database.ts';
import { deleteExpiredSessions, deleteSession, findLiveSession, insertSession } from '../db/app-sessions.ts';

// A review app session: cookie `vs_<16 hex id>_<43 base64url secret>`, shaped like an API token so
// the same reasoning holds (the id finds the row, the 256-bit secret proves possession).
const SESSION_FORMAT = /^vs_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** A session ends this long after sign-in, whatever happens in between. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

/**
 * How a session is judged: it also ends once unused for `idleSeconds` (APP_SESSION_IDLE_MINUTES).
 * A request that does not count as use (the page's automatic refresh) is served but leaves the
 * last use where it was.
 */
export interface SessionUse {
  idleSeconds: number;
  countsAsUse: boolean;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * The CSRF token of a session, derived from the cookie's secret: a page of another site can make
 * the browser send the cookie but can never read it, so it cannot compute this. Nothing to store,
 * and it changes with every session.
 */
function csrfTokenOf(secret: string): string {
  return createHmac('sha256', secret).update('vetrina csrf').digest('base64url');
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface StartedSession {
  cookie: string;
  csrfToken: string;
}

/** A new session for an already authenticated token; the cookie exists only in the return value. */
export async function startSession(db: SqlRunner, tokenId: string, idleSeconds: number): Promise<StartedSession> {
  await deleteExpiredSessions(db, idleSeconds);
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  await insertSession(db, id, tokenId, sha256(secret), SESSION_LIFETIME_SECONDS);
  return { cookie: `vs_${id}_${secret}`, csrfToken: csrfTokenOf(secret) };
}

export interface LiveSession {
  sessionId: string;
  tokenId: string;
  accountId: string | null;
  csrfToken: string;
}

/** Who a cookie is, or null for a malformed, unknown, expired or idle one, or one whose token was revoked. */
export async function sessionOf(db: SqlRunner, cookie: string, use: SessionUse): Promise<LiveSession | null> {
  const match = SESSION_FORMAT.exec(cookie);
  const id = match?.[1];
  const secret = match?.[2];
  if (id === undefined || secret === undefined) return null;
  const given = sha256(secret);
  const row = await findLiveSession(db, id, given, use.idleSeconds, use.countsAsUse);
  if (row === undefined) return null;
  const stored = Buffer.from(row.secret_sha256);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  return { sessionId: row.id, tokenId: row.token_id, accountId: row.account_id, csrfToken: csrfTokenOf(secret) };
}

export function csrfMatches(session: LiveSession, given: string | undefined): boolean {
  return given !== undefined && sameText(given, session.csrfToken);
}

export async function endSession(db: SqlRunner, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}
