import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { QUEUE_SCHEMA } from './queue.ts';

/**
 * Changes to a job table that call for another analysis: at least this many rows, and at least a
 * fifth of its live rows (autovacuum's own default proportion).
 */
const ANALYSE_AFTER_ROWS = 500;
const ANALYSE_AFTER_FRACTION = 0.2;

export interface QueueStatistics {
  stop(): void;
}

/**
 * Keeps the planner's statistics of pg-boss's job tables (webhook deliveries, scheduled jobs) fresh
 * after bulk changes: autovacuum reacts a minute or more later, and PGlite has no autovacuum at all.
 * Every tick, only a table changed by more than a fifth (at least 500 rows) since its last analysis
 * is analysed, so a quiet queue never interrupts autovacuum. An advisory lock lets one process per
 * database analyse at a time. (The generation queue is the generations table, whose fetch does not
 * depend on its statistics: src/db/generation-queue.ts.)
 */
export function keepQueueStatisticsFresh(db: Database, everySeconds: number, logger: Logger): QueueStatistics {
  let running = false;
  let stopped = false;
  const refresh = async () => {
    await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('vetrina.queue-statistics')) AS ok`);
      if (lock?.ok !== true) return;
      const tables = await tx.query<{ relname: string }>(
        `SELECT relname FROM pg_stat_user_tables
         WHERE schemaname = $1 AND relname LIKE 'job%' AND n_mod_since_analyze > greatest($2::float8, n_live_tup * $3::float8)`,
        [QUEUE_SCHEMA, ANALYSE_AFTER_ROWS, ANALYSE_AFTER_FRACTION],
      );
      for (const { relname } of tables) await tx.query(`ANALYZE ${QUEUE_SCHEMA}."${relname.replaceAll('"', '""')}"`);
    });
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    refresh()
      .catch((err: unknown) => logger.warn({ err }, 'could not refresh queue statistics'))
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
