import type { Database } from '../db/database.ts';
import { FairQueue } from '../db/fair-queue.ts';
import { unavailableAfter } from '../db/turn-deadline.ts';

/** Runs an account's piece of work in its turn. */
export type AccountTurns = <T>(db: Pick<Database, 'dialect' | 'connectionTimeoutMs'>, accountId: string, work: () => Promise<T>) => Promise<T>;

/**
 * At most `perAccount` pieces of one account's work of a kind under way at once in this process on
 * PostgreSQL; the others wait in arrival order and start as those end, and other accounts' work
 * waits for none of them. Waiting counts as waiting for a connection: after as long, the work is
 * unavailable (503), with nothing written. On PGlite, whose one connection the database's own
 * turns share out statement by statement (pglite-database.ts), the work runs at once.
 */
export function accountTurns(perAccount: number): AccountTurns {
  const queue = new FairQueue(Number.POSITIVE_INFINITY, perAccount);
  return (db, accountId, work) => {
    if (db.dialect !== 'postgres') return work();
    const ms = db.connectionTimeoutMs;
    return queue.run(accountId, work, '', ms === undefined ? undefined : unavailableAfter(ms, "waiting for the account's turn at the database"));
  };
}
