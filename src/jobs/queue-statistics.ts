import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { QUEUE_SCHEMA } from './queue.ts';

/**
 * Changes to a queue table that call for another analysis: at least this many rows, and at least
 * a fifth of its live rows (autovacuum's own default proportion).
 */
const ANALYSE_AFTER_ROWS = 500;
const ANALYSE_AFTER_FRACTION = 0.2;

export interface QueueStatistics {
  stop(): void;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Keeps the planner's statistics of the queue tables (the generations table, pg-boss's job tables)
 * fresh after bulk changes, ahead of autovacuum's minute or more. On the statistics of an emptier
 * queue the generation fetch sorts the whole backlog instead of reading the queue's index in order
 * (a look-up by product for each queued generation, about 10 µs each), as pg-boss's per-key FIFO
 * fetch did before it (17–27 s a fetch with 10,000 jobs, 40 ms after ANALYZE). Every tick, only a
 * table changed by more than a fifth (at least 500 rows) since its last analysis is analysed, so a
 * quiet queue never interrupts autovacuum. Analyses triggered by each burst of creates were tried
 * and dropped: they cost a 100-code create about a tenth of its calls (bench/results/create.md).
 * An advisory lock lets one process per database analyse at a time.
 */
export function keepQueueStatisticsFresh(db: Database, everySeconds: number, logger: Logger): QueueStatistics {
  let running = false;
  let stopped = false;
  const refresh = async () => {
    await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('vetrina.queue-statistics')) AS ok`);
      if (lock?.ok !== true) return;
      const tables = await tx.query<{ schema: string; relname: string }>(
        `SELECT s.schemaname AS schema, s.relname FROM pg_stat_user_tables s
         WHERE ((s.schemaname = $1 AND s.relname LIKE 'job%') OR (s.schemaname = current_schema() AND s.relname = 'generations'))
           AND s.n_mod_since_analyze > greatest($2::float8, s.n_live_tup * $3::float8)`,
        [QUEUE_SCHEMA, ANALYSE_AFTER_ROWS, ANALYSE_AFTER_FRACTION],
      );
      for (const { schema, relname } of tables) await tx.query(`ANALYZE ${quoted(schema)}.${quoted(relname)}`);
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
