import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import pino from 'pino';
import { analysisDue, keepQueueStatisticsFresh } from '../../src/jobs/queue-statistics.ts';
import { databaseTargets } from '../helpers/databases.ts';

// pg-boss's per-key FIFO fetch is planned on the job table's statistics; after a burst of queued
// jobs they must be fresh before the next tick (an hour here), or a fetch plans a nested loop
// over the whole backlog.

for (const target of databaseTargets()) {
  describe(`queue statistics (${target.name})`, () => {
    test('a burst of jobs committed by this process gets the job tables analysed without waiting for the tick', async () => {
      const database = await target.open();
      const statistics = keepQueueStatisticsFresh(database.db, 3600, pino({ level: 'silent' }));
      try {
        await database.db.query('CREATE SCHEMA IF NOT EXISTS pgboss');
        await database.db.query('CREATE TABLE pgboss.job_burst (id int)');
        await database.db.query('INSERT INTO pgboss.job_burst SELECT generate_series(1, 600)');
        const rows = async () => (await database.db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'pgboss.job_burst'::regclass`))[0]?.n;
        assert.notEqual(await rows(), 600, 'not analysed yet');
        statistics.jobsCommitted(300);
        statistics.jobsCommitted(300);
        const deadline = Date.now() + 30_000;
        while ((await rows()) !== 600) {
          assert.ok(Date.now() < deadline, 'the job table was not analysed');
          await sleep(50);
        }
      } finally {
        statistics.stop();
        await database.close();
      }
    });

    test('a job table changed by more than the threshold is analysed at the tick, with no jobs committed here', async () => {
      const database = await target.open();
      const statistics = keepQueueStatisticsFresh(database.db, 1, pino({ level: 'silent' }));
      try {
        await database.db.query('CREATE SCHEMA IF NOT EXISTS pgboss');
        await database.db.query('CREATE TABLE pgboss.job_ticked (id int)');
        await database.db.query('INSERT INTO pgboss.job_ticked SELECT generate_series(1, 700)');
        const rows = async () => (await database.db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'pgboss.job_ticked'::regclass`))[0]?.n;
        const deadline = Date.now() + 60_000;
        while ((await rows()) !== 700) {
          assert.ok(Date.now() < deadline, 'the job table was not analysed at the tick');
          await sleep(100);
        }
      } finally {
        statistics.stop();
        await database.close();
      }
    });
  });
}

describe('when jobs committed call for an analysis', () => {
  test('500 jobs into a small queue; a fifth of the rows the last analysis found into a large one', () => {
    assert.equal(analysisDue(499, 0), false);
    assert.equal(analysisDue(500, 0), true);
    assert.equal(analysisDue(500, 2_500), true);
    // A steady bulk intake into a queue of 100,000 jobs: every 20,000, not every 500.
    assert.equal(analysisDue(19_999, 100_000), false);
    assert.equal(analysisDue(20_000, 100_000), true);
  });
});
