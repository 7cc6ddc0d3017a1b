import type { SqlRunner } from '../db/database.ts';
import { qualifiedTableName } from '../db/table-name.ts';

// PGlite is PostgreSQL in single-user mode, which runs no autovacuum: left alone, every update's
// and delete's dead row stays for good, and no row is ever frozen. Single-user mode does not even
// refuse new transactions near wraparound, as a server does, but only warns: after about two
// billion write transactions the oldest rows would silently disappear. This does autovacuum's
// work there, at autovacuum's thresholds (pglite-upkeep.ts runs it).

/**
 * When a table is due, by autovacuum's defaults in their PostgreSQL 17 form: dead rows past 50
 * plus a fifth of the table, rows inserted since its last vacuum past 1,000 plus a fifth, or its
 * oldest unfrozen transaction id older than 200 million transactions. (PGlite's PostgreSQL 18 also
 * caps the first at 100 million rows and scales the second by the table's unfrozen part; neither
 * changes when a table of this service comes due by much.)
 */
export interface VacuumThresholds {
  deadRows: number;
  deadFraction: number;
  insertedRows: number;
  insertedFraction: number;
  freezeAge: number;
}

export const AUTOVACUUM_THRESHOLDS: VacuumThresholds = {
  deadRows: 50,
  deadFraction: 0.2,
  insertedRows: 1000,
  insertedFraction: 0.2,
  freezeAge: 200_000_000,
};

export interface VacuumedTable {
  table: string;
  /** Vacuumed with FREEZE because its oldest transaction id was older than `freezeAge`. */
  froze: boolean;
  ms: number;
  /** Why its vacuum failed; the other tables are vacuumed all the same. */
  error?: string;
}

/**
 * Vacuums every table of the database that is due, one statement each, those nearest
 * wraparound first. Catalogue and information-schema tables count: a database's oldest
 * unfrozen row may be in any of them. Once `signal` is aborted, no further table is begun.
 */
export async function vacuumDueTables(runner: SqlRunner, thresholds: VacuumThresholds, signal?: AbortSignal): Promise<VacuumedTable[]> {
  const due = await runner.query<{ schema: string; relname: string; freeze: boolean }>(
    `SELECT n.nspname AS schema, c.relname, age(c.relfrozenxid) > $5 AS freeze
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
     WHERE c.relkind IN ('r', 'm') AND c.relpersistence = 'p'
       AND (age(c.relfrozenxid) > $5
         OR s.n_dead_tup > $1 + $2 * greatest(c.reltuples, 0)
         OR s.n_ins_since_vacuum > $3 + $4 * greatest(c.reltuples, 0))
     ORDER BY age(c.relfrozenxid) DESC`,
    [thresholds.deadRows, thresholds.deadFraction, thresholds.insertedRows, thresholds.insertedFraction, thresholds.freezeAge],
  );
  const vacuumed: VacuumedTable[] = [];
  for (const { schema, relname, freeze } of due) {
    if (signal?.aborted === true) break;
    const table = qualifiedTableName(schema, relname);
    const started = performance.now();
    // One table that cannot be vacuumed (dropped since it was read, say) must not keep the
    // tables after it, a freeze among them, from theirs.
    const error = await runner.query(`VACUUM ${freeze ? '(FREEZE) ' : ''}${table}`).then(
      () => undefined,
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
    const ms = Math.round(performance.now() - started);
    vacuumed.push({ table: `${schema}.${relname}`, froze: freeze, ms, ...(error === undefined ? {} : { error }) });
  }
  return vacuumed;
}
