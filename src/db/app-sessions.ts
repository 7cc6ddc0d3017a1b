import type { SqlRunner } from './database.ts';

export interface SessionRow {
  id: string;
  token_id: string;
  account_id: string | null;
  secret_sha256: Uint8Array;
}

export async function insertSession(db: SqlRunner, id: string, tokenId: string, secretSha256: Uint8Array, lifetimeSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO app_sessions (id, token_id, secret_sha256, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [id, tokenId, secretSha256, lifetimeSeconds],
  );
}

/**
 * A live session whose token is live too: read on every request, like tokens, with no cache.
 * Live means within its absolute end and used within the last `idleSeconds`. When `countsAsUse`
 * and the secret matches, the same statement moves last_used_at to now, but only once it is a
 * minute old: the page polls every 1.5 s, and a write per poll would be a write per request.
 * The secret is compared here only to decide the refresh (a guessed id with a wrong secret must
 * not keep someone's session alive); the caller still checks it in constant time before use.
 */
export async function findLiveSession(db: SqlRunner, id: string, secretSha256: Uint8Array, idleSeconds: number, countsAsUse: boolean): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(
    // A data-modifying WITH runs to completion whether or not the outer query reads it. The
    // refresh tests the row's own last_used_at, so of two requests racing on a stale session the
    // second, re-checking the row once the first commits, writes nothing.
    `WITH live AS (
       SELECT s.id, s.token_id, t.account_id, s.secret_sha256
       FROM app_sessions s JOIN api_tokens t ON t.id = s.token_id
       WHERE s.id = $1 AND s.expires_at > now() AND s.last_used_at > now() - make_interval(secs => $3)
         AND t.revoked_at IS NULL
     ), touched AS (
       UPDATE app_sessions s SET last_used_at = now()
       FROM live
       WHERE $4::boolean AND s.id = live.id AND s.secret_sha256 = $2 AND s.last_used_at <= now() - interval '1 minute'
       RETURNING s.id
     )
     SELECT id, token_id, account_id, secret_sha256 FROM live`,
    [id, secretSha256, idleSeconds, countsAsUse],
    { prepared: true },
  );
  return rows[0];
}

export async function deleteSession(db: SqlRunner, id: string): Promise<void> {
  await db.query('DELETE FROM app_sessions WHERE id = $1', [id]);
}

/** Sessions past their end or idle too long are refused already; this only keeps the table small. */
export async function deleteExpiredSessions(db: SqlRunner, idleSeconds: number): Promise<void> {
  await db.query('DELETE FROM app_sessions WHERE expires_at <= now() OR last_used_at <= now() - make_interval(secs => $1)', [idleSeconds]);
}
