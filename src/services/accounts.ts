import { changeBalance, countAccounts, findAccountByName, insertAccount, type AccountRow } from '../db/accounts.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { issueToken } from './tokens.ts';

export interface CreatedAccount {
  account: AccountRow;
  token: string;
  tokenId: string;
}

export class AccountError extends Error {
  override name = 'AccountError';
}

/** An account with its opening balance (as a ledger grant) and a first token, in one transaction. */
export async function createAccount(db: Database, input: { name: string; credits: number; imageStandardization: boolean }): Promise<CreatedAccount> {
  const name = input.name.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    throw new AccountError('an account name is 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit');
  }
  if (!Number.isInteger(input.credits) || input.credits < 0) throw new AccountError('credits must be a whole number, 0 or more');
  return db.transaction(async (tx) => {
    if ((await findAccountByName(tx, name)) !== undefined) throw new AccountError(`an account named "${name}" already exists`);
    return openAccount(tx, name, input.credits, input.imageStandardization);
  });
}

async function openAccount(tx: SqlRunner, name: string, credits: number, imageStandardization: boolean): Promise<CreatedAccount> {
  const created = await insertAccount(tx, name, imageStandardization);
  const balance = credits > 0 ? await changeBalance(tx, { accountId: created.id, delta: credits, kind: 'grant', memo: 'opening balance' }) : 0;
  const token = await issueToken(tx, created.id);
  return { account: { ...created, credits: balance ?? 0 }, token: token.token, tokenId: token.id };
}

/** Adds (or with a negative amount, removes) credits; never below zero. */
export async function adjustCredits(db: Database, name: string, amount: number): Promise<AccountRow> {
  if (!Number.isInteger(amount) || amount === 0) throw new AccountError('the amount must be a whole number other than 0');
  return db.transaction(async (tx) => {
    const account = await findAccountByName(tx, name);
    if (account === undefined) throw new AccountError(`no account named "${name}"`);
    const balance = await changeBalance(tx, { accountId: account.id, delta: amount, kind: amount > 0 ? 'grant' : 'adjustment', memo: 'cli' });
    if (balance === undefined) throw new AccountError(`the account "${name}" has ${account.credits} credits; it cannot go below 0`);
    return { ...account, credits: balance };
  });
}

export const DEFAULT_ACCOUNT = { name: 'default', credits: 1000 } as const;

/** First start on an empty database: the `default` account, whose token is shown once. */
export async function bootstrapDefaultAccount(db: Database): Promise<CreatedAccount | null> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts against one server.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('vetrina.bootstrap'))`);
    if ((await countAccounts(tx)) > 0) return null;
    return openAccount(tx, DEFAULT_ACCOUNT.name, DEFAULT_ACCOUNT.credits, false);
  });
}
