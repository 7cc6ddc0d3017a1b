import { type LedgerEntryRow, readLedgerPage } from '../db/accounts.ts';
import type { SqlRunner } from '../db/database.ts';

export const LEDGER_PAGE_SIZE = 50;

export interface LedgerEntryView extends Omit<LedgerEntryRow, 'created_at'> {
  created_at: string;
}

export type LedgerPage = { kind: 'ok'; entries: LedgerEntryView[]; nextBefore: string | null } | { kind: 'unknown_cursor' };

/** A page of the account's ledger, newest first; `nextBefore` names the last entry when older ones remain. */
export async function readLedger(db: SqlRunner, accountId: string, page: { limit: number; before: string | null }): Promise<LedgerPage> {
  // One more than asked tells whether another page follows, without a count.
  const rows = await readLedgerPage(db, accountId, { limit: page.limit + 1, before: page.before });
  if (rows === undefined) return { kind: 'unknown_cursor' };
  const entries = rows.slice(0, page.limit).map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  const last = entries.at(-1);
  return { kind: 'ok', entries, nextBefore: rows.length > page.limit && last !== undefined ? last.id : null };
}
