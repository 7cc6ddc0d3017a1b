import { type AccountTurns, accountTurns } from './account-turns.ts';

/**
 * How many reads of an account that may scan its whole catalogue (a list with its count, an
 * export's page) run in PostgreSQL at once per process; the others wait here in arrival order.
 * Each such read keeps one core busy for its length, and an instance often has few: with two,
 * one account's four searches at once left every other account's calls queued for CPU behind
 * them (p99 36 ms against 6 ms idle, bench/results/isolation.md). One at a time leaves the other
 * cores to everyone else; the account's own reads take turns. On PGlite, whose one connection
 * the database's own turns already share out statement by statement (fair-queue.ts), none here.
 */
const SCANS_PER_ACCOUNT = 1;

/** Runs `work`, an account's scanning read, in its turn; a wait as long as a connection's is unavailable (503). */
export const inScanTurn: AccountTurns = accountTurns(SCANS_PER_ACCOUNT);
