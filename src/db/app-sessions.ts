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

/** A live session whose token is live too: read on every request, like tokens, with no cache. */
export async function findLiveSession(db: SqlRunner, id: string): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(
    `SELECT s.id, s.token_id, t.account_id, s.secret_sha256
     FROM app_sessions s JOIN api_tokens t ON t.id = s.token_id
     WHERE s.id = $1 AND s.expires_at > now() AND t.revoked_at IS NULL`,
    [id],
  );
  return rows[0];
}

export async function deleteSession(db: SqlRunner, id: string): Promise<void> {
  await db.query('DELETE FROM app_sessions WHERE id = $1', [id]);
}

/** Sessions past their end are refused already; this only keeps the table small. */
export async function deleteExpiredSessions(db: SqlRunner): Promise<void> {
  await db.query('DELETE FROM app_sessions WHERE expires_at <= now()');
}
