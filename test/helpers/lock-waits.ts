import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { SqlRunner } from '../../src/db/database.ts';

/**
 * Resolves once at least `count` backends of this database wait on a lock, with a statement
 * matching `like` (pg_stat_activity keeps a statement's first kilobyte); throws after `timeoutMs`,
 * so a wait that never comes fails its test rather than hanging it. `watcher` must be outside any
 * transaction: the view is read once per transaction.
 */
export async function untilWaitingOnLock(watcher: pg.Client | SqlRunner, count = 1, like = '%', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const text = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`;
  for (;;) {
    const rows = watcher instanceof pg.Client ? (await watcher.query<{ n: number }>(text, [like])).rows : await watcher.query<{ n: number }>(text, [like]);
    const waiting = rows[0]?.n ?? 0;
    if (waiting >= count) return;
    if (Date.now() >= deadline) throw new Error(`${waiting} of ${count} statements like ${JSON.stringify(like)} came to wait on a lock in ${timeoutMs} ms`);
    await sleep(20);
  }
}
