import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { QUEUE_SCHEMA } from './queue.ts';

/**
 * Keeps the planner's statistics of the job tables fresh after bulk changes. pg-boss's per-key
 * FIFO fetch plans a nested loop on stale statistics after a bulk create (10,000 queued jobs took
 * 27 s per fetch on PostgreSQL until ANALYZE; 90 products/s after), and autovacuum reacts a
 * minute or more later. Only a table changed by more than a fifth (at least 500 rows) since its
 * last analysis is analysed, so a quiet queue never interrupts autovacuum, and an advisory lock
 * lets one process per database do it.
 */
export function keepQueueStatisticsFresh(db: Database, everySeconds: number, logger: Logger): () => void {
  let running = false;
  const refresh = async () => {
    await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('vetrina.queue-statistics')) AS ok`);
      if (lock?.ok !== true) return;
      const stale = await tx.query<{ relname: string }>(
        `SELECT relname FROM pg_stat_user_tables
         WHERE schemaname = $1 AND relname LIKE 'job%' AND n_mod_since_analyze > greatest(500, n_live_tup / 5)`,
        [QUEUE_SCHEMA],
      );
      for (const { relname } of stale) await tx.query(`ANALYZE ${QUEUE_SCHEMA}."${relname.replaceAll('"', '""')}"`);
    });
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refresh()
      .catch((err: unknown) => logger.warn({ err }, 'could not refresh queue statistics'))
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
