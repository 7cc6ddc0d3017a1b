import type { Logger } from 'pino';
import type { Database, SqlRunner } from '../db/database.ts';
import { qualifiedTableName } from '../db/table-name.ts';
import { type PeriodicTask, runEvery } from './periodic-task.ts';

/**
 * Changes to a queue table that call for another analysis: at least this many rows, and at least
 * a fifth of its live rows (autovacuum's own default proportion).
 */
const ANALYSE_AFTER_ROWS = 500;
const ANALYSE_AFTER_FRACTION = 0.2;

/**
 * Tables the embedded database analyses whatever their change counters say: those that hold rows
 * but have no statistics. PGlite keeps no change counters across a close, while a table's rows
 * and its missing statistics stay: a catalogue written before a restart and not yet analysed was
 * never analysed after it. Measured in bench/isolation.ts: the list's look-up of a page's 50
 * records by product id then read all 133,000 records (113-141 ms, the database held for every
 * account) instead of 60 (2 ms). `reltuples` is -1 until a table is first vacuumed or analysed,
 * and 0 after an analysis that found it empty, so an emptied table is not analysed at every tick.
 * The tick's look-up takes 1.2 ms on PGlite so (0.4 ms without this clause, 4.4 ms with the
 * pg_stats view instead of pg_statistic, which PGlite's session may read as its superuser; on
 * PostgreSQL the clause is left out, as the role may not).
 */
const NEVER_ANALYSED = `(c.reltuples <> 0 AND NOT EXISTS (SELECT 1 FROM pg_statistic st WHERE st.starelid = c.oid) AND pg_relation_size(c.oid) > 0)`;

/** Analyses each table changed past the threshold since its last analysis: the queue tables, or with `everyTable` all of them and those never analysed. */
async function analyseChangedTables(runner: SqlRunner, everyTable: boolean): Promise<void> {
  const changed = 's.n_mod_since_analyze > greatest($1::float8, s.n_live_tup * $2::float8)';
  const tables = await runner.query<{ schema: string; relname: string }>(
    `SELECT s.schemaname AS schema, s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = current_schema()
       AND ${everyTable ? `(${changed} OR ${NEVER_ANALYSED})` : `s.relname IN ('generations', 'webhook_deliveries') AND ${changed}`}`,
    [ANALYSE_AFTER_ROWS, ANALYSE_AFTER_FRACTION],
  );
  for (const { schema, relname } of tables) await runner.query(`ANALYZE ${qualifiedTableName(schema, relname)}`);
}

/**
 * Keeps the planner's statistics of the queue tables (generations, webhook deliveries) fresh after
 * bulk changes, ahead of autovacuum's minute or more: on the statistics of an emptier queue a fetch
 * sorts the whole backlog instead of reading the queue's index in order. Every tick, only a table
 * changed by more than a fifth (at least 500 rows) since its last analysis is analysed, so a quiet
 * queue never interrupts autovacuum. An advisory lock lets one process per database analyse at a time.
 *
 * PGlite has no autovacuum, so nothing else ever analyses a table there: on the embedded database
 * every table of the schema is kept so. Without statistics a look-up of 100 products by id read
 * all 10,000 of the account's products through another index, once per id (190 ms instead of 3 ms,
 * holding the embedded database for every account). There each table is analysed on a smaller
 * sample (pglite-thread.ts), each in a turn of its own.
 */
export function keepQueueStatisticsFresh(db: Database, everySeconds: number, logger: Logger): PeriodicTask {
  const refresh = async () => {
    // PGlite is this process's alone (its data directory is locked), so no lock is needed, and
    // each table's analysis takes a turn of its own: in one transaction, every account waited for
    // all of them (0.6 s with 100,000 products).
    if (db.dialect === 'pglite') return analyseChangedTables(db, true);
    await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('vetrina.queue-statistics')) AS ok`);
      if (lock?.ok === true) await analyseChangedTables(tx, false);
    });
  };
  return runEvery(everySeconds, refresh, (err) => logger.warn({ err }, 'could not refresh queue statistics'));
}
