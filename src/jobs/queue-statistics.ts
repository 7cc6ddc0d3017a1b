import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { QUEUE_SCHEMA } from './queue.ts';

/**
 * Changes to the job tables that call for another analysis: at least this many rows, and at least
 * a fifth of the rows the last analysis found (autovacuum's own default proportion). The tick
 * applies it to each table's counters, and jobs this process commits to the tables together, so a
 * steady bulk intake into a growing queue is analysed ever more rarely: an analysis a second cost
 * a 100-code create 5 ms of database time a call (bench/create-ab.ts).
 */
const ANALYSE_AFTER_ROWS = 500;
const ANALYSE_AFTER_FRACTION = 0.2;

/** Whether the jobs committed since the last analysis call for another (see ANALYSE_AFTER_ROWS). */
export function analysisDue(committedSince: number, rowsAtLastAnalysis: number): boolean {
  return committedSince >= Math.max(ANALYSE_AFTER_ROWS, rowsAtLastAnalysis * ANALYSE_AFTER_FRACTION);
}

/** The least time between two analyses this process triggers itself, however fast jobs come in. */
const ANALYSE_AT_MOST_EVERY_MS = 1000;

/** pg-boss's job tables (the partitions of its queues). */
const JOB_TABLES = `FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relname LIKE 'job%' AND c.relkind = 'r'`;

export interface QueueStatistics {
  /**
   * This process committed `jobs` jobs. Once enough have been committed since the last analysis
   * (analysisDue), the job tables are analysed at once (at most once a second), not at the next
   * tick: a backlog built by one burst of creates would otherwise be fetched on the statistics of
   * the queue before it, for up to the tick plus a minute of autovacuum.
   */
  jobsCommitted(jobs: number): void;
  stop(): void;
}

/**
 * Keeps the planner's statistics of the job tables fresh after bulk changes. pg-boss's per-key
 * FIFO fetch plans a nested loop on stale statistics after a bulk create (10,000 queued jobs took
 * 17–27 s per fetch on PostgreSQL until ANALYZE, 40 ms after; PGlite has no autovacuum at all),
 * and autovacuum reacts a minute or more later. Every tick, only a table changed by more than a
 * fifth (at least 500 rows) since its last analysis is analysed, so a quiet queue never interrupts
 * autovacuum; jobs this process commits trigger an analysis as soon as there are enough of them
 * (`jobsCommitted`), which also covers PGlite, whose activity counters lag. An advisory lock lets
 * one process per database analyse at a time.
 */
export function keepQueueStatisticsFresh(db: Database, everySeconds: number, logger: Logger): QueueStatistics {
  let running = false;
  let committed = 0;
  let lastEnded = 0;
  let scheduled: NodeJS.Timeout | undefined;
  let stopped = false;
  let analysedRows = 0;

  const refresh = async (all: boolean) => {
    await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('vetrina.queue-statistics')) AS ok`);
      if (lock?.ok !== true) return;
      const tables = all
        ? await tx.query<{ relname: string }>(`SELECT c.relname ${JOB_TABLES}`, [QUEUE_SCHEMA])
        : await tx.query<{ relname: string }>(
            `SELECT relname FROM pg_stat_user_tables
             WHERE schemaname = $1 AND relname LIKE 'job%' AND n_mod_since_analyze > greatest($2::float8, n_live_tup * $3::float8)`,
            [QUEUE_SCHEMA, ANALYSE_AFTER_ROWS, ANALYSE_AFTER_FRACTION],
          );
      for (const { relname } of tables) await tx.query(`ANALYZE ${QUEUE_SCHEMA}."${relname.replaceAll('"', '""')}"`);
      if (!all) return;
      // reltuples is -1 for a table never analysed.
      const [rows] = await tx.query<{ n: number }>(`SELECT coalesce(sum(greatest(c.reltuples, 0)), 0)::float8 AS n ${JOB_TABLES}`, [QUEUE_SCHEMA]);
      analysedRows = rows?.n ?? 0;
    });
  };
  const run = (all: boolean) => {
    if (running || stopped) return;
    running = true;
    if (all) committed = 0;
    refresh(all)
      .catch((err: unknown) => logger.warn({ err }, 'could not refresh queue statistics'))
      .finally(() => {
        running = false;
        if (all) lastEnded = Date.now();
      });
  };
  const timer = setInterval(() => run(false), everySeconds * 1000);
  timer.unref();
  const schedule = (afterMs: number) => {
    scheduled = setTimeout(() => {
      scheduled = undefined;
      // Another analysis is running (the tick's check, or one triggered before): try again after it.
      if (running) schedule(100);
      else run(true);
    }, afterMs);
    scheduled.unref();
  };
  return {
    jobsCommitted(jobs) {
      committed += jobs;
      if (!analysisDue(committed, analysedRows) || scheduled !== undefined || stopped) return;
      // A burst's last jobs are analysed too: the wait only spaces analyses out, it drops none.
      schedule(Math.max(0, lastEnded + ANALYSE_AT_MOST_EVERY_MS - Date.now()));
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      if (scheduled !== undefined) clearTimeout(scheduled);
    },
  };
}
