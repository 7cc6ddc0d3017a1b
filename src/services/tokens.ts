import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqlRunner } from '../db/database.ts';
import { findActiveToken, insertToken } from '../db/tokens.ts';

// `vt_<16 hex id>_<43 base64url secret>`: the id finds the row, the 256-bit secret proves possession.
const TOKEN_FORMAT = /^vt_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export interface IssuedToken {
  id: string;
  token: string;
}

/** Creates a token; the plain text exists only in the return value. */
export async function issueToken(db: SqlRunner, accountId: string): Promise<IssuedToken> {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  await insertToken(db, id, accountId, sha256(secret));
  return { id, token: `vt_${id}_${secret}` };
}

/** The account a bearer token belongs to, or null for a malformed, unknown or revoked one. */
export async function authenticateToken(db: SqlRunner, token: string): Promise<{ accountId: string; tokenId: string } | null> {
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
  return { accountId: row.account_id, tokenId: row.id };
}
