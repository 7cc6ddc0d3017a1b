import type { SqlRunner } from './database.ts';
import { tokenCacheOf } from './token-cache.ts';

export interface TokenRow {
  id: string;
  /** Null only for an admin token that belongs to no account. */
  account_id: string | null;
  secret_sha256: Uint8Array;
  is_admin: boolean;
  revoked_at: Date | null;
  /** The token's account's balance and image setting, read with it (null for a token of no account). */
  credits: number | null;
  image_standardization: boolean | null;
}

/** A token as the operator lists it: never its secret. */
export interface TokenListRow {
  id: string;
  account: string | null;
  is_admin: boolean;
  created_at: Date;
  revoked_at: Date | null;
}

export async function insertToken(db: SqlRunner, id: string, accountId: string | null, secretSha256: Uint8Array, isAdmin = false): Promise<void> {
  await db.query('INSERT INTO api_tokens (id, account_id, secret_sha256, is_admin) VALUES ($1, $2, $3, $4)', [id, accountId, secretSha256, isAdmin]);
}

/**
 * Read on every request on PostgreSQL; on PGlite reused for up to a second (token-cache.ts),
 * where every revocation goes through revokeToken in this process. Either way a revoked token is
 * refused on its very next request. The account's balance and image setting come with it, so a
 * create need not read them again (one round trip fewer on the busiest route); a create trusts
 * them only to skip a look-up, never to charge (see createProducts), so a second-old balance or
 * setting costs at most a read more.
 */
export function findActiveToken(db: SqlRunner, id: string): Promise<TokenRow | undefined> {
  const cache = tokenCacheOf<TokenRow>(db);
  return cache === undefined ? readActiveToken(db, id) : cache.read(id, () => readActiveToken(db, id));
}

async function readActiveToken(db: SqlRunner, id: string): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow>(
    `SELECT t.id, t.account_id, t.secret_sha256, t.is_admin, t.revoked_at, b.credits, a.image_standardization
     FROM api_tokens t LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN account_balances b ON b.account_id = t.account_id
     WHERE t.id = $1 AND t.revoked_at IS NULL`,
    [id],
    { prepared: true },
  );
  return rows[0];
}

/**
 * On PGlite the token is forgotten once the UPDATE has run: on its own it has committed, and in a
 * transaction no other statement runs until it commits, so every read that follows sees the
 * revocation. A read already in flight before it answers only the requests that came before.
 */
export async function revokeToken(db: SqlRunner, id: string): Promise<boolean> {
  const rows = await db.query('UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id', [id]);
  tokenCacheOf(db)?.forget(id);
  return rows.length > 0;
}

/** Every token, oldest first, with its account's name (null for an admin token of no account). */
export async function listTokens(db: SqlRunner): Promise<TokenListRow[]> {
  return db.query<TokenListRow>(
    `SELECT t.id, a.name AS account, t.is_admin, t.created_at, t.revoked_at
     FROM api_tokens t LEFT JOIN accounts a ON a.id = t.account_id
     ORDER BY t.created_at, t.id`,
  );
}
