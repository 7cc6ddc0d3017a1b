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
 * account) instead of 60 (2 ms). Each such table is analysed once per process (`$3`, the ones
 * tried): one ANALYZE can keep nothing for (every column dropped, or set to STATISTICS 0), or an
 * emptied one, would otherwise come up at every tick. The tick's look-up takes 1.2-1.6 ms on PGlite
 * so (0.4 ms without this clause, 4.4 ms with the pg_stats view instead of pg_statistic, which
 * PGlite's session may read as its superuser; on PostgreSQL, whose role may not, and whose
 * counters survive a clean restart, the clause is left out).
 */
const UNANALYSED = `(c.oid::text <> ALL ($3::text[]) AND NOT EXISTS (SELECT 1 FROM pg_statistic st WHERE st.starelid = c.oid) AND pg_relation_size(c.oid) > 0)`;

/** Where the tick analyses: on PostgreSQL, the queue tables; on PGlite, every table, with the unanalysed ones already tried. */
type Scope = { database: 'postgres' } | { database: 'pglite'; triedUnanalysed: Set<string> };

/** Analyses each table of `scope` changed past the threshold since its last analysis, and on PGlite each unanalysed one. */
async function analyseDueTables(runner: SqlRunner, scope: Scope, logger: Logger): Promise<void> {
  const changed = 's.n_mod_since_analyze > greatest($1::float8, s.n_live_tup * $2::float8)';
  const params: unknown[] = [ANALYSE_AFTER_ROWS, ANALYSE_AFTER_FRACTION];
  let due = `s.relname IN ('generations', 'webhook_deliveries') AND ${changed}`;
  if (scope.database === 'pglite') {
    params.push([...scope.triedUnanalysed]);
    due = `(${changed} OR ${UNANALYSED})`;
  }
  const tables = await runner.query<{ oid: string; schema: string; relname: string; unanalysed: boolean }>(
    `SELECT c.oid::text AS oid, s.schemaname AS schema, s.relname, NOT (${changed}) AS unanalysed
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = current_schema() AND ${due}`,
    params,
  );
  for (const { oid, schema, relname, unanalysed } of tables) {
    const analysis = runner.query(`ANALYZE ${qualifiedTableName(schema, relname)}`);
    // On PostgreSQL, in the tick's transaction: a failure ends it, and the next tick tries again.
    if (scope.database === 'postgres') {
      await analysis;
      continue;
    }
    if (unanalysed) scope.triedUnanalysed.add(oid);
    // One statement each, no transaction: a table that cannot be analysed leaves the others theirs.
    await analysis.catch((err: unknown) => logger.warn({ err, table: relname }, 'could not analyse a table'));
  }
}

/**
 * Keeps the planner's statistics of the queue tables (generations, webhook deliveries) fresh after
 * bulk changes, ahead of autovacuum's minute or more: on the statistics of an emptier queue a fetch
 * sorts the whole backlog instead of reading the queue's index in order. Every tick, only a table
 * changed by more than a fifth (at least 500 rows) since its last analysis is analysed, so a quiet
 * queue never interrupts autovacuum. An advisory lock lets one process per database analyse at a time.
 *
 * PGlite has no autovacuum, so nothing else ever analyses a table there: on the embedded database
 * every table of the schema is kept so, and each that holds rows but has no statistics is
 * analysed too (`UNANALYSED`: PGlite forgets its change counters at a close). Without statistics
 * a look-up of 100 products by id read all 10,000 of the account's products through another
 * index, once per id (190 ms instead of 3 ms, holding the embedded database for every account).
 * There each table is analysed on a smaller sample (pglite-thread.ts), each in a turn of its own.
 */
export function keepQueueStatisticsFresh(db: Database, everySeconds: number, logger: Logger): PeriodicTask {
  const pglite: Scope = { database: 'pglite', triedUnanalysed: new Set() };
  const refresh = async () => {
    // PGlite is this process's alone (its data directory is locked), so no lock is needed, and
    // each table's analysis takes a turn of its own: in one transaction, every account waited for
    // all of them (0.6 s with 100,000 products).
    if (db.dialect === 'pglite') return analyseDueTables(db, pglite, logger);
    await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext('vetrina.queue-statistics')) AS ok`);
      if (lock?.ok === true) await analyseDueTables(tx, { database: 'postgres' }, logger);
    });
  };
  return runEvery(everySeconds, refresh, (err) => logger.warn({ err }, 'could not refresh queue statistics'));
}
