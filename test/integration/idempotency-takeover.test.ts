// A repeat of a request whose first run is slow (past the abandonment timeout) may take its
// Idempotency-Key over only while the key is still left behind: once the first run stored its
// answer with its charge, the repeat gets that answer and nothing is charged twice.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { claimIdempotencyKey, completeIdempotencyKey, findIdempotencyKey, type IdempotencyRequest, takeOverIdempotencyKey } from '../../src/db/idempotency-keys.ts';
import { IDEMPOTENCY_ABANDON_SECONDS } from '../../src/http/idempotency.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { untilWaitingOnLock } from '../helpers/lock-waits.ts';

async function chargesOf(h: Harness, accountId: string): Promise<number> {
  const rows = await h.container.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind = 'charge'`, [accountId]);
  return rows[0]?.n ?? 0;
}

for (const target of databaseTargets()) {
  describe(`Idempotency-Key take-over [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    test('a key answered between a repeat reading it as abandoned and taking it over keeps its answer', async () => {
      const { id: accountId } = await h.account(100);
      const db = h.container.db;
      const request = (owner: string): IdempotencyRequest => ({
        accountId,
        key: 'slow-order',
        fingerprint: 'same-request',
        method: 'POST',
        path: '/api/v1/products/create',
        owner,
        ttlSeconds: 3600,
      });
      const first = request('00000000-0000-4000-8000-00000000000a');
      const repeat = request('00000000-0000-4000-8000-00000000000b');
      assert.equal(await claimIdempotencyKey(db, first), true);
      // The first request has been running longer than the abandonment timeout (a slow database).
      await db.query(`UPDATE idempotency_keys SET claimed_at = now() - make_interval(secs => $2) WHERE account_id = $1`, [accountId, IDEMPOTENCY_ABANDON_SECONDS + 60]);

      // The repeat reads the row as abandoned (claimOrRead's find) ...
      assert.equal(await claimIdempotencyKey(db, repeat), false);
      const seen = await findIdempotencyKey(db, accountId, 'slow-order', IDEMPOTENCY_ABANDON_SECONDS);
      assert.equal(seen?.abandoned, true);
      // ... the first request then commits its charge with its answer ...
      assert.equal(await completeIdempotencyKey(db, accountId, 'slow-order', first.owner, { status: 202, body: '{"charged":true}', contentType: 'application/json' }), true);
      // ... and the repeat's take-over, fenced on the owner alone, must not erase that answer and run again.
      const tookOver = await takeOverIdempotencyKey(db, repeat, seen?.owner ?? '', IDEMPOTENCY_ABANDON_SECONDS);
      const [row] = await db.query<{ state: string; response_status: number | null }>('SELECT state, response_status FROM idempotency_keys WHERE account_id = $1', [accountId]);
      assert.equal(tookOver, false, 'the repeat took over a key whose request had already been answered');
      assert.deepEqual(row, { state: 'done', response_status: 202 });
    });
  });
}

const serverUrl = process.env.TEST_DATABASE_URL;
describe('Idempotency-Key take-over racing the first request [postgres]', { skip: serverUrl === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  test('a repeat that finds the key abandoned while the first create commits is answered with the first answer, and charged once', { timeout: 60_000 }, async () => {
    const target = databaseTargets().find((t) => t.name === 'postgres');
    assert.ok(target);
    const h = await startHarness(target, { workers: false, env: { DB_POOL_SIZE: '10' } });
    const url = h.database.url ?? assert.fail('no url');
    const locks = new pg.Client({ connectionString: url });
    const keyLock = new pg.Client({ connectionString: url });
    // Outside any transaction: pg_stat_activity is read once per transaction.
    const watcher = new pg.Client({ connectionString: url });
    await Promise.all([locks.connect(), keyLock.connect(), watcher.connect()]);
    try {
      const { id: accountId, token } = await h.account(100);
      const body = { codes: validEans(1, 901)[0], countries: ['it'] };
      const send = () =>
        h.app.inject({
          method: 'POST',
          url: '/api/v1/products/create',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'order-42' },
          payload: JSON.stringify(body),
        });
      // The first request is held inside its charging transaction (a slow database, simulated by a lock on the balance).
      await locks.query('BEGIN');
      await locks.query('SELECT credits FROM account_balances WHERE account_id = $1 FOR UPDATE', [accountId]);
      const first = send();
      // (pg_stat_activity keeps a statement's first kilobyte: the create statement is known by its start.)
      await untilWaitingOnLock(watcher, 1, 'WITH written AS (INSERT INTO products%');
      // It has held its key longer than the abandonment timeout.
      await keyLock.query(`UPDATE idempotency_keys SET claimed_at = now() - interval '5 minutes' WHERE account_id = $1`, [accountId]);
      // Its answer is about to be stored: held just before, so the repeat's read comes first.
      await keyLock.query('BEGIN');
      await keyLock.query('SELECT 1 FROM idempotency_keys WHERE account_id = $1 FOR UPDATE', [accountId]);
      await locks.query('COMMIT');
      await untilWaitingOnLock(watcher, 1, '%UPDATE idempotency_keys SET state%');

      // The client's retry reads the key as abandoned and tries to take it over.
      const repeat = send();
      await untilWaitingOnLock(watcher, 2, '%UPDATE idempotency_keys%');
      await keyLock.query('COMMIT');

      const [a, b] = await Promise.all([first, repeat]);
      assert.equal(a.statusCode, 202, a.body);
      const charges = await chargesOf(h, accountId);
      assert.equal(
        charges,
        1,
        `one create under one Idempotency-Key was charged ${charges} times; the repeat answered ${b.statusCode} replayed=${String(b.headers['idempotent-replayed'])}`,
      );
      // Its take-over found the key answered, read it again, and replays that answer.
      assert.equal(b.headers['idempotent-replayed'], 'true', b.body);
      assert.equal(b.body, a.body);
    } finally {
      await Promise.all([locks.end(), keyLock.end(), watcher.end()]);
      await h.close();
    }
  });
});
