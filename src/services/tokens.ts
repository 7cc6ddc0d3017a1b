import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqlRunner } from '../db/database.ts';
import { findActiveToken, insertToken } from '../db/tokens.ts';
import type { AccountSnapshot } from '../db/accounts.ts';

// `vt_<16 hex id>_<43 base64url secret>`: the id finds the row, the 256-bit secret proves possession.
const TOKEN_FORMAT = /^vt_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const TOKEN_ID = /^[0-9a-f]{16}$/;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export interface IssuedToken {
  id: string;
  token: string;
}

/** Creates a token; the plain text exists only in the return value. An admin token may belong to no account. */
export async function issueToken(db: SqlRunner, accountId: string | null, options: { admin?: boolean } = {}): Promise<IssuedToken> {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  await insertToken(db, id, accountId, sha256(secret), options.admin === true);
  return { id, token: `vt_${id}_${secret}` };
}

/**
 * The id a token is known by, from its id or from the whole token (`vt_<id>_<secret>`), so a
 * leaked token can be revoked as it was found; null when it is neither.
 */
export function tokenIdOf(idOrToken: string): string | null {
  const text = idOrToken.trim();
  if (TOKEN_ID.test(text)) return text;
  return TOKEN_FORMAT.exec(text)?.[1] ?? null;
}

export interface AuthenticatedToken {
  /** Null only for an admin token that belongs to no account. */
  accountId: string | null;
  tokenId: string;
  admin: boolean;
  /** The account's balance and image setting when the token was read; null for a token of no account. */
  account: AccountSnapshot | null;
}

/**
 * Who a bearer token is, or null for a malformed, unknown or revoked one. A revocation holds from
 * the next request on: the row is read on every request, or on PGlite reused for up to a second
 * and forgotten by the revocation (findActiveToken).
 */
export async function authenticateToken(db: SqlRunner, token: string): Promise<AuthenticatedToken | null> {
  const match = TOKEN_FORMAT.exec(token);
  const id = match?.[1];
  const secret = match?.[2];
  if (id === undefined || secret === undefined) return null;
  const row = await findActiveToken(db, id);
  if (row === undefined) return null;
  const stored = Buffer.from(row.secret_sha256);
  const given = sha256(secret);
  // Constant-time: the time taken does not reveal how much of the secret matched.
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  const account = row.credits === null || row.image_standardization === null ? null : { credits: row.credits, imageStandardization: row.image_standardization };
  return { accountId: row.account_id, tokenId: row.id, admin: row.is_admin, account };
}
