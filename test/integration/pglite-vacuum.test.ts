import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import pino from 'pino';
import { migrate } from '../../src/db/migrate.ts';
import { openPGlite } from '../../src/db/pglite-database.ts';
import { AUTOVACUUM_THRESHOLDS, keepPGliteVacuumed, vacuumDueTables } from '../../src/jobs/pglite-vacuum.ts';
import { defined } from '../helpers/assert.ts';

// PGlite runs no autovacuum: without the keeper an updated row's old version stays for good, and
// no row is ever frozen, so after about two billion write transactions the oldest would vanish.

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
    const keeper = keepPGliteVacuumed(db, 1, pino({ level: 'silent' }));
    try {
      const [account] = await db.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('vacuum') RETURNING id`);
      const accountId = defined(account, 'an account').id;
      await db.query(
        `INSERT INTO products (account_id, code, code_type, sku, title, countries, agent_model, state)
         SELECT $1, lpad(g::text, 13, '0'), 'ean', 'SKU-' || g, 'Product ' || g, '{it}', 'v1', 'completed' FROM generate_series(1, 2000) g`,
        [accountId],
      );
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
