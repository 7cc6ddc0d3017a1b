import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import pino from 'pino';
import { keepQueueStatisticsFresh } from '../../src/jobs/queue-statistics.ts';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openPGlite } from '../../src/db/pglite-database.ts';
import { databaseTargets, type DatabaseTarget } from '../helpers/databases.ts';
import { seedBareCatalogue } from '../helpers/seed-products.ts';

// The queues' fetches are planned on their tables' statistics; after a burst of queued work they
// must be fresh before the next tick (an hour here), or a fetch sorts the whole backlog.

/** `rows` webhook deliveries of a new account named `name`, written in one statement behind the planner's back. */
async function writeDeliveries(db: Database, name: string, rows: number): Promise<void> {
  await db.query(
    `WITH account AS (
       INSERT INTO accounts (name) VALUES ($2) RETURNING id
     ), endpoint AS (
       INSERT INTO webhook_endpoints (account_id, url, secret_sealed) SELECT id, 'https://example.com/hook', 'sealed' FROM account RETURNING id, account_id
     ), events AS (
       INSERT INTO webhook_events (account_id, type, body) SELECT account.id, 'ping', '{}' FROM account, generate_series(1, $1::int) RETURNING id
     )
     INSERT INTO webhook_deliveries (endpoint_id, account_id, event_id, ordering_key, next_attempt_at)
     SELECT endpoint.id, endpoint.account_id, events.id, events.id::text, '-infinity' FROM endpoint, events`,
    [rows, name],
  );
}

/**
 * The deliveries table analysed with 100 rows, then `rows` more written while the statistics
 * keeper ticks every `tickSeconds`, then a wait until the table's statistics count them all: the
 * table had statistics, so only its change counters can have called for the analysis.
 */
async function analysedAfter(target: DatabaseTarget, setting: { tickSeconds: number; rows: number }): Promise<void> {
  const database = await target.open();
  await migrate(database.db);
  await writeDeliveries(database.db, 'earlier', 100);
  await database.db.query('ANALYZE webhook_deliveries');
  const counted = async () => (await database.db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'webhook_deliveries'::regclass`))[0]?.n;
  assert.equal(await counted(), 100);
  const statistics = keepQueueStatisticsFresh(database.db, setting.tickSeconds, pino({ level: 'silent' }));
  try {
    await writeDeliveries(database.db, 'statistics', setting.rows);
    const deadline = Date.now() + 30_000;
    while ((await counted()) !== 100 + setting.rows) {
      assert.ok(Date.now() < deadline, 'the deliveries table was not analysed');
      await sleep(50);
    }
  } finally {
    statistics.stop();
    await database.close();
  }
}

for (const target of databaseTargets()) {
  describe(`queue statistics (${target.name})`, () => {
    test('a queue table changed by more than the threshold is analysed at the tick', async () => {
      await analysedAfter(target, { tickSeconds: 1, rows: 700 });
    });
  });
}

/** An account with 3,000 products written in one statement; its id and 50 of the products' ids. */
async function writeCatalogue(db: Database): Promise<{ accountId: string; ids: string[] }> {
  const accountId = await seedBareCatalogue(db, 'statistics', 3000);
  const ids = (await db.query<{ id: string }>('SELECT id FROM products ORDER BY code LIMIT 50')).map((r) => r.id);
  assert.equal(ids.length, 50);
  return { accountId, ids };
}

/** Rows the create's look-up of `ids` reads and throws away (its plan's filters). */
async function rowsReadLookingUp(db: Database, accountId: string, ids: string[]): Promise<number> {
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, FORMAT TEXT) SELECT DISTINCT ON (r.n) r.n, p.id
     FROM unnest($2::uuid[]) WITH ORDINALITY AS r(id, n)
     JOIN products p ON p.account_id = $1 AND (p.id = r.id OR p.code = r.id::text OR p.sku = r.id::text) AND p.deleted_at IS NULL
     ORDER BY r.n`,
    [accountId, ids],
  );
  const removed = plan.map((row) => /Rows Removed by (?:Join )?Filter: (\d+)/.exec(row['QUERY PLAN'])?.[1]).filter((n) => n !== undefined);
  return removed.reduce((sum, n) => sum + Number(n), 0);
}

/** Waits, 30 s at most, until `table` has statistics. */
async function waitUntilAnalysed(db: Database, table: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stats WHERE tablename = $1', [table]))[0]?.n === 0) {
    assert.ok(Date.now() < deadline, `${table} was not analysed`);
    await sleep(50);
  }
}

// PGlite has no autovacuum: there the keeper analyses every table, or a look-up by id is planned
// as a scan of the account's products; and it forgets its change counters at a close.
describe('table statistics on the embedded database [pglite]', () => {
  test('products written in bulk are analysed at the tick, and a look-up by id then reads one row per id', async () => {
    const pglite = databaseTargets().find((t) => t.name === 'pglite');
    if (pglite === undefined) throw new Error('no PGlite target');
    const database = await pglite.open();
    await migrate(database.db);
    const statistics = keepQueueStatisticsFresh(database.db, 1, pino({ level: 'silent' }));
    try {
      const { accountId, ids } = await writeCatalogue(database.db);
      await waitUntilAnalysed(database.db, 'products');
      // Analysed on a sample of 3,000 rows (its target of 10), which keeps an analysis of 100,000 products short.
      assert.deepEqual(await database.db.query('SHOW default_statistics_target'), [{ default_statistics_target: '10' }]);
      assert.ok((await rowsReadLookingUp(database.db, accountId, ids)) < 3000, 'the look-up by id still read the whole catalogue once per id');
    } finally {
      statistics.stop();
      await database.close();
    }
  });

  test('a catalogue written before a restart and never analysed is analysed after it', async () => {
    // PGlite keeps no change counters across a close: after it, nothing says the products changed.
    const dir = await mkdtemp(join(tmpdir(), 'vetrina-statistics-'));
    try {
      const before = await openPGlite(dir);
      await migrate(before);
      // Vacuumed while empty, the table's row estimate is 0 until its next vacuum or analysis.
      await before.query('VACUUM products');
      const { accountId, ids } = await writeCatalogue(before);
      await before.close();

      const after = await openPGlite(dir);
      const statistics = keepQueueStatisticsFresh(after, 1, pino({ level: 'silent' }));
      try {
        await waitUntilAnalysed(after, 'products');
        assert.ok((await rowsReadLookingUp(after, accountId, ids)) < 3000, 'the look-up by id still read the whole catalogue once per id');
      } finally {
        statistics.stop();
        await after.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a table that holds rows but can keep no statistics is analysed once, not at every tick', async () => {
    const pglite = databaseTargets().find((t) => t.name === 'pglite');
    if (pglite === undefined) throw new Error('no PGlite target');
    const database = await pglite.open();
    const db = database.db;
    await migrate(db);
    await db.query('CREATE TABLE unanalysable (n int)');
    await db.query('ALTER TABLE unanalysable ALTER COLUMN n SET STATISTICS 0');
    await db.query('INSERT INTO unanalysable SELECT generate_series(1, 100)');
    const analyses = async () => (await db.query<{ n: number }>(`SELECT analyze_count::int AS n FROM pg_stat_user_tables WHERE relname = 'unanalysable'`))[0]?.n ?? 0;
    /** A new table with rows and no statistics, which the keeper analyses at its next tick. */
    const analysedMarker = async (name: string) => {
      await db.query(`CREATE TABLE ${name} AS SELECT generate_series(1, 100) AS n`);
      await waitUntilAnalysed(db, name);
    };
    const statistics = keepQueueStatisticsFresh(db, 1, pino({ level: 'silent' }));
    try {
      const deadline = Date.now() + 30_000;
      while ((await analyses()) === 0) {
        assert.ok(Date.now() < deadline, 'the table was never analysed');
        await sleep(50);
      }
      // Two later ticks, each seen to run by a table it analysed: the second began after the first ended.
      await analysedMarker('later_tick');
      await analysedMarker('latest_tick');
      assert.equal(await analyses(), 1, 'analysed again though it still has no statistics');
    } finally {
      statistics.stop();
      await database.close();
    }
  });
});
