import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { QUEUE_SCHEMA } from './queue.ts';

/**
 * Changes to the queue tables (the generations table, pg-boss's job tables) that call for another
 * analysis: at least this many rows, and at least a fifth of the rows the last analysis found
 * (autovacuum's own default proportion). The tick applies it to each table's counters; the
 * generations this process queues are weighed against the queue as it was at the last analysis
 * (the unsettled generations and the job rows), so a burst into a short queue is analysed at once
 * and a steady bulk intake into a growing one ever more rarely: an analysis a second cost a
 * 100-code create 5 ms of database time a call (bench/create-ab.ts).
 */
const ANALYSE_AFTER_ROWS = 500;
const ANALYSE_AFTER_FRACTION = 0.2;

/** Whether the rows queued since the last analysis call for another (see ANALYSE_AFTER_ROWS). */
export function analysisDue(committedSince: number, rowsAtLastAnalysis: number): boolean {
  return committedSince >= Math.max(ANALYSE_AFTER_ROWS, rowsAtLastAnalysis * ANALYSE_AFTER_FRACTION);
}

/** The least time between two analyses this process triggers itself, however fast generations come in. */
const ANALYSE_AT_MOST_EVERY_MS = 1000;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The queue tables: the generations table (the generation queue) and pg-boss's job tables (the partitions of its queues). */
const QUEUE_TABLES = `FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND ((n.nspname = $1 AND c.relname LIKE 'job%') OR (n.nspname = current_schema() AND c.relname = 'generations'))`;

export interface QueueStatistics {
  /**
   * This process queued `count` generations. Once enough have been queued since the last analysis
   * (analysisDue), the queue tables are analysed at once (at most once a second), not at the next
   * tick: a backlog built by one burst of creates would otherwise be fetched on the statistics of
   * the queue before it, for up to the tick plus a minute of autovacuum (for ever on PGlite).
   */
  generationsQueued(count: number): void;
  stop(): void;
}

/**
 * Keeps the planner's statistics of the queue tables fresh after bulk changes. On the statistics
 * of an emptier queue the generation fetch sorts the whole backlog instead of reading the queue's
 * index in order (11,000 queued: 1.7 s a fetch until its look-up by product was made independent
 * of them; still a scan of the backlog a fetch), as pg-boss's per-key FIFO fetch did before it
 * (17–27 s a fetch with 10,000 jobs, 40 ms after ANALYZE); autovacuum reacts a minute or more
 * later, and PGlite has none. Every tick, only a table changed by more than a fifth (at least 500
 * rows) since its last analysis is analysed, so a quiet queue never interrupts autovacuum;
 * generations this process queues trigger an analysis as soon as there are enough of them
 * (`generationsQueued`), which also covers PGlite, whose activity counters lag. An advisory lock
 * lets one process per database analyse at a time.
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
        ? await tx.query<{ schema: string; relname: string }>(`SELECT n.nspname AS schema, c.relname ${QUEUE_TABLES}`, [QUEUE_SCHEMA])
        : await tx.query<{ schema: string; relname: string }>(
            `SELECT s.schemaname AS schema, s.relname FROM pg_stat_user_tables s
             WHERE ((s.schemaname = $1 AND s.relname LIKE 'job%') OR (s.schemaname = current_schema() AND s.relname = 'generations'))
               AND s.n_mod_since_analyze > greatest($2::float8, s.n_live_tup * $3::float8)`,
            [QUEUE_SCHEMA, ANALYSE_AFTER_ROWS, ANALYSE_AFTER_FRACTION],
          );
      for (const { schema, relname } of tables) await tx.query(`ANALYZE ${quoted(schema)}.${quoted(relname)}`);
      if (!all) return;
      // reltuples is -1 for a table never analysed.
      const [rows] = await tx.query<{ n: number }>(
        `SELECT (SELECT coalesce(sum(greatest(c.reltuples, 0)), 0) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE c.relkind = 'r' AND n.nspname = $1 AND c.relname LIKE 'job%')::float8
              + (SELECT count(*) FROM generations WHERE state IN ('queued', 'processing'))::float8 AS n`,
        [QUEUE_SCHEMA],
      );
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
    generationsQueued(count) {
      committed += count;
      if (!analysisDue(committed, analysedRows) || scheduled !== undefined || stopped) return;
      // A burst's last generations are analysed too: the wait only spaces analyses out, it drops none.
      schedule(Math.max(0, lastEnded + ANALYSE_AT_MOST_EVERY_MS - Date.now()));
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      if (scheduled !== undefined) clearTimeout(scheduled);
    },
  };
}
