import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import pino from 'pino';
import { keepQueueStatisticsFresh } from '../../src/jobs/queue-statistics.ts';
import { migrate } from '../../src/db/migrate.ts';
import { databaseTargets, type DatabaseTarget } from '../helpers/databases.ts';

// The queues' fetches are planned on their tables' statistics; after a burst of queued work they
// must be fresh before the next tick (an hour here), or a fetch sorts the whole backlog.

/**
 * A job table of `rows` rows written behind the planner's back while the statistics keeper ticks
 * every `tickSeconds`, then a wait until the table's statistics count those rows.
 */
async function analysedAfter(target: DatabaseTarget, setting: { tickSeconds: number; rows: number }): Promise<void> {
  const database = await target.open();
  await migrate(database.db);
  const statistics = keepQueueStatisticsFresh(database.db, setting.tickSeconds, pino({ level: 'silent' }));
  try {
    await database.db.query('CREATE SCHEMA IF NOT EXISTS pgboss');
    await database.db.query('CREATE TABLE pgboss.job_written (id int)');
    await database.db.query('INSERT INTO pgboss.job_written SELECT generate_series(1, $1::int)', [setting.rows]);
    const counted = async () => (await database.db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'pgboss.job_written'::regclass`))[0]?.n;
    assert.notEqual(await counted(), setting.rows, 'not analysed yet');
    const deadline = Date.now() + 30_000;
    while ((await counted()) !== setting.rows) {
      assert.ok(Date.now() < deadline, 'the job table was not analysed');
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
