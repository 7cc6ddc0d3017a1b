import type { Database } from '../db/database.ts';
import { AccountGate } from './account-gate.ts';

/**
 * How many reads of an account that may scan its whole catalogue (a list with its count, an
 * export's page) run in PostgreSQL at once per process; the others wait here in arrival order.
 * Each such read keeps one core busy for its length, and an instance often has few: with two,
 * one account's four searches at once left every other account's calls queued for CPU behind
 * them (p99 36 ms against 6 ms idle, bench/results/isolation.md). One at a time leaves the other
 * cores to everyone else; the account's own reads take turns. On PGlite, whose one connection
 * the database's own turns already share out statement by statement (fair-queue.ts), no gate.
 */
const SCANS_PER_ACCOUNT = 1;
const scans = new AccountGate(SCANS_PER_ACCOUNT);

/** Runs `work`, an account's scanning read, in its turn; a wait as long as a connection's is unavailable (503). */
export function inScanTurn<T>(db: Pick<Database, 'dialect' | 'connectionTimeoutMs'>, accountId: string, work: () => Promise<T>): Promise<T> {
  return db.dialect === 'postgres' ? scans.run(accountId, work, db.connectionTimeoutMs) : work();
}
