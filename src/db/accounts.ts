import type { SqlRunner } from './database.ts';
import { firstRow } from './rows.ts';

export interface AccountRow {
  id: string;
  name: string;
  credits: number;
  image_standardization: boolean;
  created_at: Date;
}

const COLUMNS = 'id, name, credits, image_standardization, created_at';

export async function insertAccount(db: SqlRunner, name: string, imageStandardization: boolean): Promise<AccountRow> {
  const rows = await db.query<AccountRow>(`INSERT INTO accounts (name, image_standardization) VALUES ($1, $2) RETURNING ${COLUMNS}`, [name, imageStandardization]);
  return firstRow(rows, 'insertAccount');
}

export async function findAccountByName(db: SqlRunner, name: string): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE name = $1`, [name]);
  return rows[0];
}

export async function findAccountById(db: SqlRunner, id: string): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE id = $1`, [id]);
  return rows[0];
}

export async function countAccounts(db: SqlRunner): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
  return rows[0]?.n ?? 0;
}

export async function setImageStandardization(db: SqlRunner, id: string, on: boolean): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(`UPDATE accounts SET image_standardization = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [id, on]);
  return rows[0];
}

export type LedgerKind = 'grant' | 'charge' | 'refund' | 'adjustment';

export interface BalanceChange {
  accountId: string;
  /** Negative debits, positive credits; never zero. */
  delta: number;
  kind: LedgerKind;
  requestId?: string | null;
  generationId?: string | null;
  memo?: string | null;
  /** Apply only while the account's image standardisation setting is still this (the price depended on it). */
  whileImageStandardization?: boolean;
}

/**
 * Changes a balance and writes its ledger row in one statement, so neither can happen without
 * the other. The `credits + delta >= 0` guard makes an unaffordable debit change nothing:
 * the result is then undefined, and the caller reports insufficient credits.
 */
export async function changeBalance(db: SqlRunner, change: BalanceChange): Promise<number | undefined> {
  const rows = await db.query<{ balance_after: number }>(
    `WITH account AS (
       UPDATE accounts SET credits = credits + $2, updated_at = now()
       WHERE id = $1 AND credits + $2 >= 0 AND ($7::boolean IS NULL OR image_standardization = $7::boolean)
       RETURNING id, credits
     )
     INSERT INTO credit_ledger (account_id, delta, balance_after, kind, request_id, generation_id, memo)
     SELECT id, $2, credits, $3, $4, $5, $6 FROM account
     RETURNING balance_after`,
    [change.accountId, change.delta, change.kind, change.requestId ?? null, change.generationId ?? null, change.memo ?? null, change.whileImageStandardization ?? null],
  );
  return rows[0]?.balance_after;
}

export async function ledgerSum(db: SqlRunner, accountId: string): Promise<number> {
  const rows = await db.query<{ total: number }>('SELECT coalesce(sum(delta), 0)::int AS total FROM credit_ledger WHERE account_id = $1', [accountId]);
  return rows[0]?.total ?? 0;
}
