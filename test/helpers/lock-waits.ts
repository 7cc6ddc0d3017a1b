import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/**
 * Resolves once at least `count` backends of this database wait on a lock, with a statement
 * matching `like` (pg_stat_activity keeps a statement's first kilobyte). `watcher` must be outside
 * any transaction: the view is read once per transaction.
 */
export async function untilWaitingOnLock(watcher: pg.Client, count = 1, like = '%'): Promise<void> {
  for (;;) {
    const { rows } = await watcher.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
      [like],
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await sleep(20);
  }
}
