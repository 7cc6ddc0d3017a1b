import type { SqlRunner } from './database.ts';

export interface TokenRow {
  id: string;
  account_id: string;
  secret_sha256: Uint8Array;
  revoked_at: Date | null;
}

export async function insertToken(db: SqlRunner, id: string, accountId: string, secretSha256: Uint8Array): Promise<void> {
  await db.query('INSERT INTO api_tokens (id, account_id, secret_sha256) VALUES ($1, $2, $3)', [id, accountId, secretSha256]);
}

export async function findActiveToken(db: SqlRunner, id: string): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow>('SELECT id, account_id, secret_sha256, revoked_at FROM api_tokens WHERE id = $1 AND revoked_at IS NULL', [id]);
  return rows[0];
}

export async function revokeToken(db: SqlRunner, id: string): Promise<boolean> {
  const rows = await db.query('UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id', [id]);
  return rows.length > 0;
}
