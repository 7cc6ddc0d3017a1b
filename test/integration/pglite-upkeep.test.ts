import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import pino from 'pino';
import type { SqlRunner } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPGlite } from '../../src/db/pglite-database.ts';
import { CHECKPOINT_THRESHOLDS, checkpointIfDue } from '../../src/jobs/pglite-checkpoint.ts';
import { keepPGliteUpkept } from '../../src/jobs/pglite-upkeep.ts';
import { AUTOVACUUM_THRESHOLDS, vacuumDueTables } from '../../src/jobs/pglite-vacuum.ts';
import { defined } from '../helpers/assert.ts';
import { seedBareCatalogue } from '../helpers/seed-products.ts';

// PGlite runs no autovacuum and no checkpointer: without the keeper an updated row's old version
// stays for good, no row is ever frozen (after about two billion write transactions the oldest
// would vanish), and every WAL file written since the start is kept until the process stops.

interface TableVacuums {
  vacuums: number;
  dead: number;
}

async function vacuumsOf(db: Awaited<ReturnType<typeof openPGlite>>, table: string): Promise<TableVacuums> {
  const [row] = await db.query<{ vacuums: number; dead: number }>(
    `SELECT vacuum_count::int AS vacuums, n_dead_tup::int AS dead FROM pg_stat_all_tables WHERE relid = $1::regclass`,
    [table],
  );
  return defined(row, `the statistics of ${table}`);
}

describe('the embedded database is vacuumed [pglite]', () => {
  test('a table whose rows were mostly rewritten is vacuumed at the tick, and an untouched one is not', async () => {
    const db = await openPGlite(undefined);
    await migrate(db);
    const keeper = keepPGliteUpkept(db, 1, pino({ level: 'silent' }));
    try {
      const accountId = await seedBareCatalogue(db, 'vacuum', 2000);
      const familiesBefore = await vacuumsOf(db, 'families');
      // Every product rewritten once: 2,000 dead rows, past 50 plus a fifth of the table.
      await db.query(`UPDATE products SET title = title || ' (new)' WHERE account_id = $1`, [accountId]);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const products = await vacuumsOf(db, 'products');
        if (products.vacuums > 0 && products.dead === 0) break;
        assert.ok(Date.now() < deadline, `the products were not vacuumed (${JSON.stringify(products)})`);
        await sleep(100);
      }
      assert.equal((await vacuumsOf(db, 'families')).vacuums, familiesBefore.vacuums, 'a table nobody wrote to was vacuumed');
      const [titles] = await db.query<{ renamed: number }>(`SELECT count(*)::int AS renamed FROM products WHERE title LIKE '% (new)'`);
      assert.equal(titles?.renamed, 2000, 'every product keeps its latest title');
    } finally {
      keeper.stop();
      await db.close();
    }
  });

  test('a table is due once its dead rows pass 50 plus a fifth of it, not before', async () => {
    const db = await openPGlite(undefined);
    try {
      await db.query('CREATE TABLE churn (n int PRIMARY KEY, label text)');
      await db.query(`INSERT INTO churn SELECT g, 'row ' || g FROM generate_series(1, 2000) g`);
      /** Waits until the statistics count `rows` rows in `column` (they are sent on after the statement). */
      const counted = async (column: 'n_tup_ins' | 'n_tup_del', rows: number) => {
        const deadline = Date.now() + 30_000;
        for (;;) {
          await db.query('SELECT pg_stat_force_next_flush()');
          const [row] = await db.query<{ n: number }>(`SELECT ${column}::int AS n FROM pg_stat_all_tables WHERE relid = 'churn'::regclass`);
          if ((row?.n ?? 0) >= rows) return;
          assert.ok(Date.now() < deadline, `the statistics never counted ${rows} rows in ${column}`);
          await sleep(50);
        }
      };
      await counted('n_tup_ins', 2000);
      // Counts its 2,000 rows (the threshold becomes 50 + 400) and clears its inserts.
      await db.query('VACUUM churn');
      const due = async () => (await vacuumDueTables(db, AUTOVACUUM_THRESHOLDS)).map((v) => v.table);

      await db.query('DELETE FROM churn WHERE n <= 100');
      await counted('n_tup_del', 100);
      assert.ok(!(await due()).includes('public.churn'), '100 dead rows of 2,000 made it due');

      await db.query('DELETE FROM churn WHERE n > 1100');
      await counted('n_tup_del', 1000);
      const vacuumed = await vacuumDueTables(db, AUTOVACUUM_THRESHOLDS);
      assert.deepEqual(
        vacuumed.filter((v) => v.table === 'public.churn').map((v) => ({ froze: v.froze, error: v.error })),
        [{ froze: false, error: undefined }],
        '1,000 dead rows of 2,000 did not make it due',
      );
    } finally {
      await db.close();
    }
  });

  test('a table that cannot be vacuumed is reported, and the tables after it are vacuumed all the same', async () => {
    const db = await openPGlite(undefined);
    try {
      await db.query('CREATE TABLE vanishing (n int)');
      await db.query('CREATE TABLE staying (n int)');
      // Dropped between the choice of tables and its vacuum, as another process's migration might.
      const dropping: SqlRunner = {
        query: async <Row extends object>(text: string, params?: readonly unknown[]) => {
          if (text.includes('"vanishing"')) await db.query('DROP TABLE vanishing');
          return db.query<Row>(text, params);
        },
      };
      // Past a freeze age of 0 every table is due.
      const vacuumed = await vacuumDueTables(dropping, { ...AUTOVACUUM_THRESHOLDS, freezeAge: 0 });

      const vanishing = vacuumed.find((v) => v.table === 'public.vanishing');
      assert.match(defined(vanishing, 'the dropped table').error ?? '', /does not exist/);
      const staying = defined(
        vacuumed.find((v) => v.table === 'public.staying'),
        'the table that stayed',
      );
      assert.equal(staying.error, undefined);
      assert.ok(vacuumed.findIndex((v) => v.table === 'public.vanishing') < vacuumed.indexOf(staying), 'the table that stayed came after the dropped one');
      assert.ok(vacuumed.filter((v) => v.error === undefined).length > 50, 'the catalogue tables were frozen too');
    } finally {
      await db.close();
    }
  });

  test('every table whose oldest transaction is past the freeze age is frozen, catalogue tables included', async () => {
    const db = await openPGlite(undefined);
    await migrate(db);
    try {
      await db.query(`CREATE TABLE frozen_probe (n int)`);
      await db.query(`INSERT INTO frozen_probe SELECT generate_series(1, 100)`);
      const freezeAge = 40;
      // Each statement of its own assigns a transaction id, as a write does.
      for (let i = 0; i <= freezeAge; i += 1) await db.query('SELECT pg_current_xact_id()');
      const oldest = async () =>
        (
          await db.query<{ schema: string; relname: string; age: number }>(
            `SELECT n.nspname AS schema, c.relname, age(c.relfrozenxid) AS age
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE c.relkind IN ('r', 'm') AND c.relpersistence = 'p' ORDER BY age(c.relfrozenxid) DESC LIMIT 1`,
          )
        )[0];
      const before = defined(await oldest(), 'the oldest table');
      assert.ok(before.age > freezeAge, `the oldest table is ${before.age} transactions old`);

      const vacuumed = await vacuumDueTables(db, { ...AUTOVACUUM_THRESHOLDS, freezeAge });

      const after = defined(await oldest(), 'the oldest table');
      assert.ok(after.age <= freezeAge, `${after.schema}.${after.relname} is still ${after.age} transactions old`);
      const frozen = vacuumed.filter((v) => v.froze).map((v) => v.table);
      assert.ok(frozen.includes('public.frozen_probe'), 'the probe table was frozen');
      assert.ok(frozen.includes('pg_catalog.pg_class'), 'the catalogue was frozen');
      const [database] = await db.query<{ age: number }>(`SELECT age(datfrozenxid) AS age FROM pg_database WHERE datname = current_database()`);
      assert.ok(defined(database, 'the database').age <= freezeAge, 'the database as a whole has no older unfrozen row');
      const [rows] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM frozen_probe`);
      assert.equal(rows?.n, 100, 'freezing kept every row');
    } finally {
      await db.close();
    }
  });
});

describe('the embedded database is checkpointed [pglite]', () => {
  test('past the WAL threshold a checkpoint runs, and the WAL files before it are gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vetrina-pglite-checkpoint-'));
    const db = await openPGlite(dir);
    try {
      const walFiles = async () => (await readdir(join(dir, 'pg_wal'))).filter((n) => /^[0-9A-F]{24}$/.test(n)).sort();
      const redo = async () =>
        defined((await db.query<{ lsn: string; file: string }>('SELECT redo_lsn::text AS lsn, redo_wal_file AS file FROM pg_control_checkpoint()'))[0], 'the last checkpoint');
      await db.query('CREATE TABLE wal_probe (n int, payload text)');
      // Four segments' worth of WAL files, the first of them the last checkpoint's.
      for (let i = 0; i < 4; i += 1) {
        await db.query(`INSERT INTO wal_probe SELECT g, repeat('x', 200) FROM generate_series(1, 2000) g`);
        await db.query('SELECT pg_switch_wal()');
      }
      const before = await redo();
      assert.ok((await walFiles()).includes(before.file), 'the last checkpoint has its WAL file');
      assert.equal(await checkpointIfDue(db, CHECKPOINT_THRESHOLDS), null, '4 segments is below the default threshold');

      const done = await checkpointIfDue(db, { walBytes: 3 * 16 * 2 ** 20, seconds: 300 });

      assert.ok(done !== null && done.walBytes >= 3 * 16 * 2 ** 20, `a checkpoint after ${done?.walBytes} bytes of WAL`);
      const after = await redo();
      assert.notEqual(after.lsn, before.lsn, 'the checkpoint moved');
      const left = await walFiles();
      assert.ok(
        left.every((name) => name >= after.file),
        `WAL files from before the checkpoint are left: ${left.filter((n) => n < after.file).join(', ')}`,
      );
      const [rows] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wal_probe');
      assert.equal(rows?.n, 8000);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the age of the last checkpoint calls for another only once some WAL was written', async () => {
    const db = await openPGlite(undefined);
    try {
      const youngest = { walBytes: CHECKPOINT_THRESHOLDS.walBytes, seconds: 0 };
      await db.query('CHECKPOINT');
      assert.equal(await checkpointIfDue(db, youngest), null, 'nothing written since the last checkpoint');
      await db.query('CREATE TABLE wal_probe (n int, payload text)');
      await db.query(`INSERT INTO wal_probe SELECT g, repeat('x', 200) FROM generate_series(1, 10000) g`);
      assert.notEqual(await checkpointIfDue(db, youngest), null, 'over a MiB written, and the checkpoint older than 0 s');
    } finally {
      await db.close();
    }
  });
});
