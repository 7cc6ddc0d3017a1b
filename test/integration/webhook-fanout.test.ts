import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Database, QueryOptions, Transaction } from '../../src/db/database.ts';
import { FANOUT_IN_PLACE_MAX, recordWebhookEvents, setWebhookPendingCap } from '../../src/db/webhook-events.ts';
import { expandAllWebhookFanouts } from '../../src/db/webhook-fanouts.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { seedProduct } from '../helpers/seed-products.ts';
import { startHarnessWebhookWorkers } from '../helpers/webhook-workers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/webhook-receiver.ts';

// A publication call over many products with many endpoints writes more deliveries than one
// transaction should hold the embedded database for: its events are written with the change, their
// deliveries after the commit, a slice per transaction. These tests show what a client sees is what
// it saw when every delivery was written with its event, and that a fan-out is written exactly
// once whatever stops part-way.

const PUBLICATION = '/api/v1/inventories/set-publication-state';
const ENDPOINTS = 3;
/** Enough products that one call's deliveries (× 3 endpoints) are more than one transaction writes. */
const PRODUCTS = Math.ceil((FANOUT_IN_PLACE_MAX + 1) / ENDPOINTS) + 10;

for (const target of databaseTargets()) {
  describe(`webhook fan-out [${target.name}]`, () => {
    let h: Harness;
    let receiver: WebhookReceiver;

    before(async () => {
      receiver = await startWebhookReceiver();
      h = await startHarness(target, { workers: false, env: { FETCH_ALLOWED_HOSTS: receiver.hostPort, WEBHOOK_POLL_MS: '50' } });
    });
    after(async () => {
      await h.close();
      await receiver.close();
    });

    async function accountWithEndpoints(): Promise<{ id: string; token: string; endpoints: string[]; products: string[] }> {
      const account = await h.account();
      const endpoints: string[] = [];
      for (let i = 0; i < ENDPOINTS; i += 1) {
        const res = await h.post('/api/v1/webhooks', account.token, { url: `${receiver.url}/fanout-${account.id}-${i}` });
        assert.equal(res.statusCode, 201, res.body);
        endpoints.push(res.json<{ data: { id: string } }>().data.id);
      }
      const products: string[] = [];
      for (let i = 0; i < PRODUCTS; i += 1) products.push(await seedProduct(h.container.db, account.id, { sku: `FAN-${i}` }));
      return { ...account, endpoints, products };
    }

    /** Per event and endpoint, how many deliveries the account has. */
    async function deliveryCounts(accountId: string): Promise<{ pairs: number; doubled: number; fanouts: number }> {
      const [row] = await h.container.db.query<{ pairs: number; doubled: number; fanouts: number }>(
        `SELECT (SELECT count(*)::int FROM (SELECT DISTINCT endpoint_id, event_id FROM webhook_deliveries WHERE account_id = $1) AS d) AS pairs,
                (SELECT count(*)::int FROM (SELECT 1 FROM webhook_deliveries WHERE account_id = $1 GROUP BY endpoint_id, event_id HAVING count(*) > 1) AS d) AS doubled,
                (SELECT count(*)::int FROM webhook_fanouts WHERE account_id = $1) AS fanouts`,
        [accountId],
      );
      return defined(row);
    }

    test("a call fanned out past one transaction answers with every delivery listed once, each product's in order, the cap still applied", async () => {
      const a = await accountWithEndpoints();
      const put = async (state: string) => {
        const res = await h.app.inject({
          method: 'PUT',
          url: PUBLICATION,
          headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ ids: a.products.join(','), publication_state: state }),
        });
        assert.equal(res.statusCode, 200, res.body);
      };
      await put('ready');
      assert.deepEqual(await deliveryCounts(a.id), { pairs: PRODUCTS * ENDPOINTS, doubled: 0, fanouts: 0 });
      const listed = await h.get(`/api/v1/webhooks/${a.endpoints[0]}/deliveries?limit=100`, a.token);
      assert.equal(listed.statusCode, 200, listed.body);
      assert.ok(listed.json<{ data: { deliveries: { state: string }[] } }>().data.deliveries.every((d) => d.state === 'pending'));

      // A second change of every product: per endpoint, each product's second delivery comes after
      // its first, and waits for it.
      await put('online');
      assert.deepEqual(await deliveryCounts(a.id), { pairs: 2 * PRODUCTS * ENDPOINTS, doubled: 0, fanouts: 0 });
      const lines = await h.container.db.query<{ in_order: boolean; second_waits: boolean }>(
        `SELECT bool_and(first.seq < second.seq) AS in_order, bool_and(second.waiting AND NOT first.waiting) AS second_waits
         FROM webhook_deliveries first JOIN webhook_events fe ON fe.id = first.event_id
         JOIN webhook_deliveries second ON second.endpoint_id = first.endpoint_id AND second.ordering_key = first.ordering_key AND second.id <> first.id
         JOIN webhook_events se ON se.id = second.event_id
         WHERE first.account_id = $1 AND fe.body LIKE '%"publication_state":"ready"%' AND se.body LIKE '%"publication_state":"online"%'`,
        [a.id],
      );
      assert.deepEqual(lines, [{ in_order: true, second_waits: true }]);

      // With a cap of pending deliveries per endpoint below what the next call adds, the slices past
      // it are recorded failed, and the endpoint says why.
      const cap = 2 * PRODUCTS + 5;
      await setWebhookPendingCap(h.container.db, cap);
      try {
        await put('ready');
      } finally {
        await setWebhookPendingCap(h.container.db, h.config.webhooks.pendingPerEndpoint);
      }
      const states = await h.container.db.query<{ endpoint_id: string; pending: number; full: number }>(
        `SELECT endpoint_id, count(*) FILTER (WHERE state = 'pending')::int AS pending, count(*) FILTER (WHERE last_error = 'backlog_full')::int AS full
         FROM webhook_deliveries WHERE account_id = $1 GROUP BY endpoint_id`,
        [a.id],
      );
      for (const s of states) {
        assert.ok(s.full > 0, 'deliveries past the cap are failed as backlog_full');
        assert.equal(s.pending + s.full, 3 * PRODUCTS, 'every event still has its delivery');
        // The cap is read once per slice: a slice that starts under it may pass it by its own events.
        assert.ok(s.pending >= cap && s.pending < cap + FANOUT_IN_PLACE_MAX, `${s.pending} pending against a cap of ${cap}`);
      }
      const endpoints = await h.get('/api/v1/webhooks', a.token);
      for (const e of endpoints.json<{ data: { id: string; validation_messages: string[] }[] }>().data) {
        assert.match(e.validation_messages.join(' '), /reached the instance's cap/);
      }
      const full = await h.get(`/api/v1/webhooks/${a.endpoints[0]}/deliveries?limit=5`, a.token);
      assert.equal(full.json<{ data: { deliveries: { last_error: string | null }[] } }>().data.deliveries[0]?.last_error, 'backlog_full');
    });

    test('a fan-out is written exactly once: not at all by an expansion stopped before its commit, once by expansions running at once, and by a worker after a stop', async () => {
      const a = await accountWithEndpoints();
      const events = a.products.map((id) => ({ productId: id, data: { product_id: id, publication_state: 'ready' } }));
      // The change's transaction commits; the process stops before writing the deliveries.
      await h.container.db.transaction((tx) => recordWebhookEvents(tx, { accountId: a.id, type: 'product.publication_state_changed' }, events));
      assert.deepEqual(await deliveryCounts(a.id), { pairs: 0, doubled: 0, fanouts: PRODUCTS });

      // An expansion whose process stops before its transaction commits leaves nothing behind.
      await assert.rejects(expandAllWebhookFanouts(stoppingBeforeCommit(h.container.db), a.id), /stopped/);
      assert.deepEqual(await deliveryCounts(a.id), { pairs: 0, doubled: 0, fanouts: PRODUCTS });

      // Several at once (a call's own and workers'): each event's deliveries once.
      await Promise.all(Array.from({ length: 4 }, () => expandAllWebhookFanouts(h.container.db, a.id)));
      assert.deepEqual(await deliveryCounts(a.id), { pairs: PRODUCTS * ENDPOINTS, doubled: 0, fanouts: 0 });

      // Left by a stopped process, a fan-out is written by the webhook workers, and delivered.
      const more = a.products.map((id) => ({ productId: id, data: { product_id: id, publication_state: 'online' } }));
      await h.container.db.transaction((tx) => recordWebhookEvents(tx, { accountId: a.id, type: 'product.publication_state_changed' }, more));
      const worker = startHarnessWebhookWorkers(h);
      try {
        const paths = a.endpoints.map((_, i) => `/fanout-${a.id}-${i}`);
        for (const path of paths) receiver.answer(path, ...Array.from({ length: 2 * PRODUCTS }, () => 200));
        for (const path of paths) await receiver.waitFor(path, 2 * PRODUCTS);
      } finally {
        await worker.stop({ graceful: true, timeoutMs: 5_000 });
      }
      assert.deepEqual(await deliveryCounts(a.id), { pairs: 2 * PRODUCTS * ENDPOINTS, doubled: 0, fanouts: 0 });
      const [delivered] = await h.container.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE account_id = $1 AND state = 'delivered'`, [a.id]);
      assert.equal(delivered?.n, 2 * PRODUCTS * ENDPOINTS);
    });

    test('an account whose fan-out cannot be written keeps no other account waiting for its deliveries', async () => {
      const stuck = await accountWithEndpoints();
      const other = await accountWithEndpoints();
      const events = stuck.products.map((id) => ({ productId: id, data: { product_id: id, publication_state: 'ready' } }));
      await h.container.db.transaction((tx) => recordWebhookEvents(tx, { accountId: stuck.id, type: 'product.publication_state_changed' }, events));
      // Every write of the stuck account's deliveries fails, as a statement the database refuses each time.
      await h.container.db.query(
        `CREATE FUNCTION refuse_stuck_deliveries() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.account_id = '${stuck.id}' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`,
      );
      await h.container.db.query('CREATE TRIGGER refuse_stuck_deliveries BEFORE INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION refuse_stuck_deliveries()');
      const worker = startHarnessWebhookWorkers(h);
      try {
        const [first] = other.products;
        await h.container.db.transaction((tx) =>
          recordWebhookEvents(tx, { accountId: other.id, type: 'product.publication_state_changed' }, [
            { productId: defined(first), data: { product_id: first, publication_state: 'ready' } },
          ]),
        );
        const paths = other.endpoints.map((_, i) => `/fanout-${other.id}-${i}`);
        for (const path of paths) receiver.answer(path, 200);
        for (const path of paths) await receiver.waitFor(path, 1);
        assert.equal((await deliveryCounts(stuck.id)).fanouts, PRODUCTS, 'the stuck fan-out is still waiting');
      } finally {
        await h.container.db.query('DROP TRIGGER refuse_stuck_deliveries ON webhook_deliveries');
        await h.container.db.query('DROP FUNCTION refuse_stuck_deliveries()');
        await worker.stop({ graceful: true, timeoutMs: 5_000 });
      }
    });

    test('an endpoint disabled before the fan-out is written gets its deliveries failed, one deleted gets none, the others theirs', async () => {
      const a = await accountWithEndpoints();
      const [disabled, deleted, kept] = a.endpoints;
      const events = a.products.map((id) => ({ productId: id, data: { product_id: id, publication_state: 'ready' } }));
      await h.container.db.transaction((tx) => recordWebhookEvents(tx, { accountId: a.id, type: 'product.publication_state_changed' }, events));
      const request = (method: 'PATCH' | 'DELETE', id: string | undefined, body?: unknown) =>
        h.app.inject({
          method,
          url: `/api/v1/webhooks/${defined(id)}`,
          headers: { authorization: `Bearer ${a.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      assert.equal((await request('PATCH', disabled, { enabled: false })).statusCode, 200);
      assert.equal((await request('DELETE', deleted)).statusCode, 200);
      await expandAllWebhookFanouts(h.container.db, a.id);
      const byEndpoint = await h.container.db.query<{ endpoint_id: string; state: string; last_error: string | null; n: number }>(
        `SELECT endpoint_id, state, last_error, count(*)::int AS n FROM webhook_deliveries WHERE account_id = $1 GROUP BY 1, 2, 3`,
        [a.id],
      );
      const seen = new Map(byEndpoint.map((r) => [r.endpoint_id, [r.state, r.last_error, r.n]]));
      assert.equal(seen.size, 2, 'the deleted endpoint has none');
      assert.deepEqual(seen.get(defined(disabled)), ['failed', 'endpoint disabled', PRODUCTS]);
      assert.deepEqual(seen.get(defined(kept)), ['pending', null, PRODUCTS]);
      assert.deepEqual(await deliveryCounts(a.id), { pairs: 2 * PRODUCTS, doubled: 0, fanouts: 0 });
    });
  });
}

/** The database as a process sees it that stops in the middle of a fan-out's transaction, before its commit. */
function stoppingBeforeCommit(db: Database): Database {
  return {
    dialect: db.dialect,
    query: (text, params, options) => db.query(text, params, options),
    close: () => db.close(),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      db.transaction((tx) =>
        work({
          async query<Row extends object>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<Row[]> {
            const rows = await tx.query<Row>(text, params, options);
            // The deliveries were written: the process stops before the transaction commits.
            if (text.includes('INSERT INTO webhook_deliveries')) throw new Error('the process stopped');
            return rows;
          },
          exec: (sql) => tx.exec(sql),
        }),
      ),
  };
}
