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
 * `rows` webhook deliveries written behind the planner's back while the statistics keeper ticks
 * every `tickSeconds`, then a wait until the table's statistics count those rows.
 */
async function analysedAfter(target: DatabaseTarget, setting: { tickSeconds: number; rows: number }): Promise<void> {
  const database = await target.open();
  await migrate(database.db);
  const statistics = keepQueueStatisticsFresh(database.db, setting.tickSeconds, pino({ level: 'silent' }));
  try {
    await database.db.query(
      `WITH account AS (
         INSERT INTO accounts (name) VALUES ('statistics') RETURNING id
       ), endpoint AS (
         INSERT INTO webhook_endpoints (account_id, url, secret_sealed) SELECT id, 'https://example.com/hook', 'sealed' FROM account RETURNING id, account_id
       ), events AS (
         INSERT INTO webhook_events (account_id, type, body) SELECT account.id, 'ping', '{}' FROM account, generate_series(1, $1::int) RETURNING id
       )
       INSERT INTO webhook_deliveries (endpoint_id, account_id, event_id, ordering_key, next_attempt_at)
       SELECT endpoint.id, endpoint.account_id, events.id, events.id::text, '-infinity' FROM endpoint, events`,
      [setting.rows],
    );
    const counted = async () => (await database.db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'webhook_deliveries'::regclass`))[0]?.n;
    assert.notEqual(await counted(), setting.rows, 'not analysed yet');
    const deadline = Date.now() + 30_000;
    while ((await counted()) !== setting.rows) {
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
