// A create of a code whose product a delete is removing waits for the delete, then makes a new
// product: the old one's charge refunded, the new one charged, the ledger equal to the balance.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import pg from 'pg';
import { claimDueGenerations } from '../../src/db/generation-queue.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness } from '../helpers/harness.ts';
import { untilWaitingOnLock } from '../helpers/lock-waits.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
describe('a create of a code while its product is being deleted [postgres]', { skip: serverUrl === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  test('the create waits for the delete and makes a new product; every credit is accounted for', { timeout: 60_000 }, async () => {
    const target = databaseTargets().find((t) => t.name === 'postgres');
    assert.ok(target);
    const h = await startHarness(target, { workers: false, env: { DB_POOL_SIZE: '10' } });
    const url = h.database.url ?? assert.fail('no url');
    const balanceLock = new pg.Client({ connectionString: url });
    const watcher = new pg.Client({ connectionString: url });
    await Promise.all([balanceLock.connect(), watcher.connect()]);
    try {
      const { id: accountId, token } = await h.account(100);
      const code = validEans(1, 902)[0] ?? '';
      const first = await h.post('/api/v1/products/create', token, { codes: code, countries: ['it'] });
      assert.equal(first.statusCode, 202, first.body);
      const oldId = first.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id;
      // The delete is held at its refund (after it locked the generation and the product).
      await balanceLock.query('BEGIN');
      await balanceLock.query('SELECT 1 FROM account_balances WHERE account_id = $1 FOR UPDATE', [accountId]);
      const deleting = h.app.inject({
        method: 'DELETE',
        url: '/api/v1/products/delete',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ code }),
      });
      await untilWaitingOnLock(watcher, 1);
      const creating = h.post('/api/v1/products/create', token, { codes: code, countries: ['it', 'de'] });
      await untilWaitingOnLock(watcher, 2);
      await balanceLock.query('COMMIT');
      const [deleted, created] = await Promise.all([deleting, creating]);
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.equal(created.statusCode, 202, created.body);
      const newId = created.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id;
      assert.notEqual(newId, oldId, 'the create re-queued the product being deleted');
      const live = await h.container.db.query<{ id: string; state: string; generation: string }>(
        `SELECT p.id, g.state, g.id AS generation FROM products p JOIN generations g ON g.id = p.latest_generation_id WHERE p.account_id = $1 AND p.deleted_at IS NULL`,
        [accountId],
      );
      assert.equal(live.length, 1);
      assert.equal(live[0]?.state, 'queued');
      const [old] = await h.container.db.query<{ state: string; reason: string }>(
        `SELECT g.state, g.failure->>'reason' AS reason FROM generations g JOIN products p ON g.id = p.latest_generation_id WHERE p.id = $1`,
        [oldId],
      );
      assert.deepEqual(old, { state: 'failed', reason: 'product_deleted' });
      // The queue hands out the new generation, and nothing of the deleted product's.
      const fetched = await claimDueGenerations(h.container.db, 100, { token: randomUUID(), leaseSeconds: 60 });
      assert.deepEqual(
        fetched.map((g) => g.id),
        [live[0]?.generation],
        'the new generation is due, alone',
      );
      const b = await h.balance(accountId);
      assert.deepEqual(b, { credits: b.ledger, ledger: b.ledger });
      assert.equal(b.credits, 100 - 5 + 5 - 6, 'first create charged and refunded, the new one charged for two countries');
    } finally {
      await Promise.all([balanceLock.end(), watcher.end()]);
      await h.close();
    }
  });
});
