import { findAccountByName, type AccountRow } from '../db/accounts.ts';
import type { SqlRunner } from '../db/database.ts';
import { listTokens as listTokenRows, revokeToken } from '../db/tokens.ts';
import { AccountError, noSuchAccount } from './accounts.ts';
import { type IssuedTokenView, issuedTokenView, type RevokedTokenView, type TokenView, tokenView } from './admin-views.ts';
import { issueToken, tokenIdOf } from './tokens.ts';

/** A new token for an account, or (admin only) for no account; the secret is in the answer only. */
export async function createToken(db: SqlRunner, input: { account: string | null; admin: boolean }): Promise<IssuedTokenView> {
  let account: AccountRow | null = null;
  if (input.account !== null) {
    account = (await findAccountByName(db, input.account)) ?? null;
    if (account === null) throw noSuchAccount(input.account);
  } else if (!input.admin) {
    throw new AccountError('a token needs an account (only an admin token may have none)', { field: 'account' });
  }
  const issued = await issueToken(db, account?.id ?? null, { admin: input.admin });
  return issuedTokenView(account, issued, input.admin);
}

/** Revokes a token named by its id or by the whole token; its next request is refused. */
export async function revokeTokenByIdOrToken(db: SqlRunner, idOrToken: string): Promise<RevokedTokenView> {
  const id = tokenIdOf(idOrToken);
  if (id === null) throw new AccountError('name the token by its id (16 hex characters) or give the whole token (vt_…)', { field: 'id' });
  if (!(await revokeToken(db, id))) throw new AccountError(`no active token with id "${id}"`, { reason: 'token_not_found' });
  return { token_id: id, revoked: true };
}

export async function listTokens(db: SqlRunner): Promise<TokenView[]> {
  return (await listTokenRows(db)).map(tokenView);
}
