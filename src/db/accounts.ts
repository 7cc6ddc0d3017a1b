import type { SqlRunner } from './database.ts';
import { firstRow } from './rows.ts';
import { recordWebhookEvent } from './webhook-events.ts';

export interface AccountRow {
  id: string;
  name: string;
  credits: number;
  image_standardization: boolean;
  /** Per country, the language its records are written in where it is not the country's default. */
  country_languages: Record<string, string>;
  /** Under this balance a debit sends `credits.low`; null: off. */
  credits_low_threshold: number | null;
  /** How a generation that names no `processing` sends its model calls (migration 034). */
  default_processing: 'interactive' | 'batch';
  created_at: Date;
}

/** What a create is priced with: the balance and the image setting, as read at one moment (they may have changed since). */
export interface AccountSnapshot {
  credits: number;
  imageStandardization: boolean;
}

// The balance is a row of account_balances (migration 019): a debit must not write the accounts row that foreign keys lock.
const COLUMNS = 'a.id, a.name, b.credits, a.image_standardization, a.country_languages, a.credits_low_threshold, a.default_processing, a.created_at';
const ACCOUNTS = 'accounts a JOIN account_balances b ON b.account_id = a.id';

export async function insertAccount(db: SqlRunner, name: string, imageStandardization: boolean): Promise<AccountRow> {
  const rows = await db.query<AccountRow>(
    `WITH a AS (INSERT INTO accounts (name, image_standardization) VALUES ($1, $2) RETURNING *),
       b AS (INSERT INTO account_balances (account_id) SELECT id FROM a RETURNING credits)
     SELECT ${COLUMNS} FROM a, b`,
    [name, imageStandardization],
  );
  return firstRow(rows, 'insertAccount');
}

export async function findAccountByName(db: SqlRunner, name: string): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM ${ACCOUNTS} WHERE a.name = $1`, [name]);
  return rows[0];
}

export async function findAccountById(db: SqlRunner, id: string): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM ${ACCOUNTS} WHERE a.id = $1`, [id]);
  return rows[0];
}

export async function countAccounts(db: SqlRunner): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
  return rows[0]?.n ?? 0;
}

export async function setImageStandardization(db: SqlRunner, id: string, on: boolean): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(
    `UPDATE accounts a SET image_standardization = $2, updated_at = now() FROM account_balances b WHERE a.id = $1 AND b.account_id = a.id RETURNING ${COLUMNS}`,
    [id, on],
  );
  return rows[0];
}

export async function setCountryLanguages(db: SqlRunner, id: string, languages: Readonly<Record<string, string>>): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(
    `UPDATE accounts a SET country_languages = $2::jsonb, updated_at = now() FROM account_balances b WHERE a.id = $1 AND b.account_id = a.id RETURNING ${COLUMNS}`,
    [id, JSON.stringify(languages)],
  );
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
}

/** A change of the balance from `before` to `after` (SQL) crosses the credits.low `threshold` when it goes from at or over it to under it. */
const crossesLowThreshold = (before: string, after: string, threshold: string) => `(${threshold} IS NOT NULL AND ${before} >= ${threshold} AND ${after} < ${threshold})`;

/** A balance change for balanceChangeSql, each part an SQL expression of the statement it goes in. */
export interface BalanceChangeSql {
  account: string;
  /** Negative debits, positive credits; may name columns of `from`. */
  delta: string;
  /** Further tables the change reads, such as a CTE that sums a price. */
  from?: string;
  /** Further conditions on the account's settings row. */
  settingsCondition?: string;
  /** Further conditions for the change to apply. */
  condition?: string;
  /** Whether the change may cross the credits.low threshold (see crossesLowThreshold); one that would not otherwise applies not. */
  mayCrossLowThreshold: string;
  kind: string;
  requestId: string;
  generationId: string;
  memo: string;
}

/**
 * The CTEs `settings`, `balance` and `ledger` that change a balance and write its ledger row in
 * one statement, so neither can happen without the other. The `credits + delta >= 0` guard makes
 * an unaffordable debit change nothing, and so does any condition the change is given: `ledger`
 * then has no row. `balance` answers the account's `credits_low_threshold` and whether the
 * change crossed it (`crossed_low`); `ledger` answers `balance_after`.
 */
export function balanceChangeSql(change: BalanceChangeSql): string {
  const { account, delta, from, settingsCondition, condition } = change;
  const threshold = 'settings.credits_low_threshold';
  const others = from === undefined ? '' : `, ${from}`;
  // FOR SHARE holds the setting the price depended on until commit: a settings change waits for
  // this change, as it did when the debit wrote the accounts row itself.
  return `settings AS (
       SELECT id, credits_low_threshold FROM accounts
       WHERE id = ${account}${settingsCondition === undefined ? '' : ` AND ${settingsCondition}`}
       FOR SHARE
     ), balance AS (
       UPDATE account_balances b SET credits = b.credits + (${delta})
       FROM settings${others}
       WHERE b.account_id = settings.id AND b.credits + (${delta}) >= 0${condition === undefined ? '' : ` AND ${condition}`}
         AND (${change.mayCrossLowThreshold} OR NOT ${crossesLowThreshold('b.credits', `b.credits + (${delta})`, threshold)})
       RETURNING b.account_id AS id, b.credits, ${threshold},
         ${crossesLowThreshold(`b.credits - (${delta})`, 'b.credits', threshold)} AS crossed_low
     ), ledger AS (
       INSERT INTO credit_ledger (account_id, delta, balance_after, kind, request_id, generation_id, memo)
       SELECT balance.id, (${delta}), balance.credits, ${change.kind}, ${change.requestId}, ${change.generationId}, ${change.memo} FROM balance${others}
       RETURNING balance_after
     )`;
}

/**
 * Changes a balance and writes its ledger row (balanceChangeSql), and the credits.low event when
 * a debit crossed the threshold. An unaffordable debit changes nothing: the result is then
 * undefined, and the caller reports insufficient credits.
 */
export async function changeBalance(db: SqlRunner, change: BalanceChange): Promise<number | undefined> {
  const rows = await db.query<{ balance_after: number; credits_low_threshold: number | null; crossed_low: boolean }>(
    `WITH ${balanceChangeSql({ account: '$1', delta: '$2', mayCrossLowThreshold: 'true', kind: '$3', requestId: '$4', generationId: '$5', memo: '$6' })}
     SELECT ledger.balance_after, balance.credits_low_threshold, balance.crossed_low FROM ledger, balance`,
    [change.accountId, change.delta, change.kind, change.requestId ?? null, change.generationId ?? null, change.memo ?? null],
  );
  const row = rows[0];
  if (row === undefined) return undefined;
  if (row.crossed_low) await recordCreditsLow(db, change.accountId, row.balance_after, row.credits_low_threshold);
  return row.balance_after;
}

/** `credits.low`, written in the transaction of the debit that crossed the threshold: as durable as the balance it reports. */
export async function recordCreditsLow(tx: SqlRunner, accountId: string, balance: number, threshold: number | null): Promise<void> {
  await recordWebhookEvent(tx, { accountId, type: 'credits.low', data: { balance, threshold } });
}

/**
 * The balance, locked until the transaction ends, and the credits its unsettled generations hold
 * (each refunded in full should it fail): what the balance can come back up to without a grant.
 */
export async function lockBalanceWithHeld(tx: SqlRunner, accountId: string): Promise<{ credits: number; held: number } | undefined> {
  const [balance] = await tx.query<{ credits: number }>('SELECT credits FROM account_balances WHERE account_id = $1 FOR UPDATE', [accountId]);
  if (balance === undefined) return undefined;
  // A statement of its own: one that waited for the lock above would re-read only the locked row,
  // and count the held credits as they were before the charge it waited for. Through products:
  // generations have no index by account, products do.
  const [held] = await tx.query<{ held: string }>(
    `SELECT coalesce(sum(g.cost), 0)::text AS held FROM products p JOIN generations g ON g.product_id = p.id
     WHERE p.account_id = $1 AND g.account_id = $1 AND g.state IN ('queued', 'processing')`,
    [accountId],
  );
  return { credits: balance.credits, held: Number(held?.held ?? 0) };
}

/** Sets the balance under which a debit sends `credits.low`; null turns it off. */
export async function setCreditsLowThreshold(db: SqlRunner, id: string, threshold: number | null): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(
    `UPDATE accounts a SET credits_low_threshold = $2, updated_at = now() FROM account_balances b WHERE a.id = $1 AND b.account_id = a.id RETURNING ${COLUMNS}`,
    [id, threshold],
  );
  return rows[0];
}

/** Sets how the account's generations that name no `processing` send their model calls. */
export async function setDefaultProcessing(db: SqlRunner, id: string, processing: 'interactive' | 'batch'): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(
    `UPDATE accounts a SET default_processing = $2, updated_at = now() FROM account_balances b WHERE a.id = $1 AND b.account_id = a.id RETURNING ${COLUMNS}`,
    [id, processing],
  );
  return rows[0];
}

export async function ledgerSum(db: SqlRunner, accountId: string): Promise<number> {
  const rows = await db.query<{ total: number }>('SELECT coalesce(sum(delta), 0)::int AS total FROM credit_ledger WHERE account_id = $1', [accountId]);
  return rows[0]?.total ?? 0;
}

/** What a ledger entry is for, as the API names it (from the stored kind; see readLedgerPage). */
export type LedgerReason = 'create' | 'regenerate' | 'refund' | 'credit' | 'debit';

export interface LedgerEntryRow {
  id: string;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  product_id: string | null;
  request_id: string | null;
  created_at: Date;
}

/**
 * One page of an account's ledger, newest first, in the order the balance changed (`seq`, see
 * migration 010), so each entry's balance_after is the one before it plus its delta.
 * `before` is an entry id of this account (the previous page's last); undefined when it names
 * no entry of this account. A charge is a `create` or a `regenerate` by its generation's kind
 * (a create of several products has no single generation: still `create`, with no product_id);
 * a grant is a `credit`; a manual adjustment is a `credit` or a `debit` by its sign.
 */
export async function readLedgerPage(db: SqlRunner, accountId: string, page: { limit: number; before: string | null }): Promise<LedgerEntryRow[] | undefined> {
  let beforeSeq: string | null = null;
  if (page.before !== null) {
    const cursor = await db.query<{ seq: string }>('SELECT seq::text AS seq FROM credit_ledger WHERE id = $1 AND account_id = $2', [page.before, accountId]);
    const seq = cursor[0]?.seq;
    if (seq === undefined) return undefined;
    beforeSeq = seq;
  }
  return db.query<LedgerEntryRow>(
    `SELECT l.id, l.delta, l.balance_after,
            CASE l.kind
              WHEN 'charge' THEN CASE WHEN g.kind = 'regenerate' OR (g.kind IS NULL AND l.memo = 'regenerate') THEN 'regenerate' ELSE 'create' END
              WHEN 'refund' THEN 'refund'
              WHEN 'grant' THEN 'credit'
              ELSE CASE WHEN l.delta > 0 THEN 'credit' ELSE 'debit' END
            END AS reason,
            g.product_id, l.request_id, l.created_at
     FROM credit_ledger l LEFT JOIN generations g ON g.id = l.generation_id
     WHERE l.account_id = $1 AND ($2::bigint IS NULL OR l.seq < $2::bigint)
     ORDER BY l.seq DESC
     LIMIT $3`,
    [accountId, beforeSeq, page.limit],
  );
}

/** Every account, by name. */
export async function listAccounts(db: SqlRunner): Promise<AccountRow[]> {
  return db.query<AccountRow>(`SELECT ${COLUMNS} FROM ${ACCOUNTS} ORDER BY a.name`);
}
