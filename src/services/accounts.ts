import {
  changeBalance,
  lockBalanceWithHeld,
  countAccounts,
  findAccountByName,
  insertAccount,
  listAccounts as listAccountRows,
  setCountryLanguages,
  setCreditsLowThreshold,
  setDefaultProcessing,
  setImageStandardization,
  type AccountRow,
} from '../db/accounts.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { issueToken } from './tokens.ts';

export interface CreatedAccount {
  account: AccountRow;
  token: string;
  tokenId: string;
}

/** Why an operator's change was refused: the CLI prints the message, the admin API maps the reason to a code. */
export type AccountErrorReason = 'invalid' | 'account_not_found' | 'token_not_found';

export class AccountError extends Error {
  override name = 'AccountError';
  readonly reason: AccountErrorReason;
  /** The request field the refusal is about, for `invalid`. */
  readonly field: string | null;
  constructor(message: string, options: { reason?: AccountErrorReason; field?: string } = {}) {
    super(message);
    this.reason = options.reason ?? 'invalid';
    this.field = options.field ?? null;
  }
}

export function noSuchAccount(name: string): AccountError {
  return new AccountError(`no account named "${name}"`, { reason: 'account_not_found' });
}

/** An account with its opening balance (as a ledger grant) and a first token, in one transaction. */
/** The balance column is a PostgreSQL integer: nothing may take it past this. */
const MAX_CREDITS = 2_147_483_647;
const ACCOUNT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** An account by name; a string that cannot be a name (a NUL, a slash …) is no account, and never reaches SQL. */
async function findNamedAccount(db: SqlRunner, name: string): Promise<AccountRow | undefined> {
  return ACCOUNT_NAME.test(name) ? findAccountByName(db, name) : undefined;
}

export async function createAccount(db: Database, input: { name: string; credits: number; imageStandardization: boolean }): Promise<CreatedAccount> {
  return db.transaction((tx) => createAccountIn(tx, input));
}

/** createAccount's work, inside a transaction the caller holds (an admin change and its audit entry). */
export async function createAccountIn(tx: SqlRunner, input: { name: string; credits: number; imageStandardization: boolean }): Promise<CreatedAccount> {
  const name = input.name.trim();
  if (!ACCOUNT_NAME.test(name)) {
    throw new AccountError('an account name is 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit', { field: 'name' });
  }
  if (!Number.isInteger(input.credits) || input.credits < 0 || input.credits > MAX_CREDITS) {
    throw new AccountError(`credits must be a whole number from 0 to ${MAX_CREDITS}`, { field: 'credits' });
  }
  if ((await findAccountByName(tx, name)) !== undefined) throw new AccountError(`an account named "${name}" already exists`, { field: 'name' });
  return openAccount(tx, name, input.credits, input.imageStandardization);
}

async function openAccount(tx: SqlRunner, name: string, credits: number, imageStandardization: boolean): Promise<CreatedAccount> {
  const created = await insertAccount(tx, name, imageStandardization);
  const balance = credits > 0 ? await changeBalance(tx, { accountId: created.id, delta: credits, kind: 'grant', memo: 'opening balance' }) : 0;
  const token = await issueToken(tx, created.id);
  return { account: { ...created, credits: balance ?? 0 }, token: token.token, tokenId: token.id };
}

/**
 * Adds (or with a negative amount, removes) credits; never below zero. One ledger row, read back
 * by the ledger as a `credit` or a `debit`. `via` says who did it (cli, admin api).
 */
export async function adjustCredits(db: Database, name: string, amount: number, via = 'cli'): Promise<AccountRow> {
  return db.transaction((tx) => adjustCreditsIn(tx, name, amount, { memo: via, requestId: null }));
}

/** Who a credit change is by, as its ledger row says: a memo naming the operator, and its request. */
export interface LedgerAuthor {
  memo: string;
  requestId: string | null;
}

/** adjustCredits' work, inside a transaction the caller holds (an admin change and its audit entry). */
export async function adjustCreditsIn(tx: SqlRunner, name: string, amount: number, by: LedgerAuthor): Promise<AccountRow> {
  if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > MAX_CREDITS) {
    throw new AccountError(`the amount must be a whole number other than 0, at most ${MAX_CREDITS} either way`, { field: 'amount' });
  }
  const account = await findNamedAccount(tx, name);
  if (account === undefined) throw noSuchAccount(name);
  // Read under the balance row's lock, so two grants at once cannot both pass. The refunds of its
  // unfinished work must fit too: a refund that cannot be written would leave its generation unsettled.
  const balance = await lockBalanceWithHeld(tx, account.id);
  if (balance === undefined) throw noSuchAccount(name);
  if (amount > 0 && balance.credits + balance.held + amount > MAX_CREDITS) {
    const held = balance.held > 0 ? ` and ${balance.held} more held by unfinished work (refunded should it fail)` : '';
    throw new AccountError(
      `the account "${name}" has ${balance.credits} credits${held}; adding ${amount} would pass the most a balance can hold (${MAX_CREDITS}), so nothing was changed`,
      { field: 'amount' },
    );
  }
  const after = await changeBalance(tx, { accountId: account.id, delta: amount, kind: amount > 0 ? 'grant' : 'adjustment', memo: by.memo, requestId: by.requestId });
  if (after === undefined) {
    throw new AccountError(`the account "${name}" has ${balance.credits} credits; removing ${-amount} would take it below 0, so nothing was changed`, { field: 'amount' });
  }
  return { ...account, credits: after };
}

/** Turns image standardization on or off for a named account. */
export async function setAccountImageStandardization(db: SqlRunner, name: string, on: boolean): Promise<AccountRow> {
  const found = await findNamedAccount(db, name);
  if (found === undefined) throw noSuchAccount(name);
  const updated = await setImageStandardization(db, found.id, on);
  if (updated === undefined) throw noSuchAccount(name);
  return updated;
}

/** Sets the languages an account's records take per country (replacing the whole setting; `{}` clears it). */
export async function setAccountCountryLanguages(db: SqlRunner, name: string, languages: Readonly<Record<string, string>>): Promise<AccountRow> {
  const found = await findNamedAccount(db, name);
  if (found === undefined) throw noSuchAccount(name);
  const updated = await setCountryLanguages(db, found.id, languages);
  if (updated === undefined) throw noSuchAccount(name);
  return updated;
}

/** Sets the balance under which a debit sends the `credits.low` webhook; null turns it off. */
export async function setAccountCreditsLowThreshold(db: SqlRunner, name: string, threshold: number | null): Promise<AccountRow> {
  if (threshold !== null && (!Number.isInteger(threshold) || threshold < 1 || threshold > MAX_CREDITS)) {
    throw new AccountError(`the credits-low threshold must be a whole number from 1 to ${MAX_CREDITS}, or off`, { field: 'credits_low_threshold' });
  }
  const found = await findNamedAccount(db, name);
  if (found === undefined) throw noSuchAccount(name);
  const updated = await setCreditsLowThreshold(db, found.id, threshold);
  if (updated === undefined) throw noSuchAccount(name);
  return updated;
}

export async function setAccountDefaultProcessing(db: SqlRunner, name: string, processing: 'interactive' | 'batch'): Promise<AccountRow> {
  const found = await findNamedAccount(db, name);
  if (found === undefined) throw noSuchAccount(name);
  const updated = await setDefaultProcessing(db, found.id, processing);
  if (updated === undefined) throw noSuchAccount(name);
  return updated;
}

export function listAccounts(db: SqlRunner): Promise<AccountRow[]> {
  return listAccountRows(db);
}

export const DEFAULT_ACCOUNT = { name: 'default', credits: 1000 } as const;

export interface Bootstrapped extends CreatedAccount {
  /** An admin token of no account, for /api/v1/admin; shown once beside the account's. */
  adminToken: string;
}

/** First start on an empty database: the `default` account and an admin token, both shown once. */
export async function bootstrapDefaultAccount(db: Database): Promise<Bootstrapped | null> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts against one server.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('vetrina.bootstrap'))`);
    if ((await countAccounts(tx)) > 0) return null;
    const created = await openAccount(tx, DEFAULT_ACCOUNT.name, DEFAULT_ACCOUNT.credits, false);
    const admin = await issueToken(tx, null, { admin: true });
    return { ...created, adminToken: admin.token };
  });
}
