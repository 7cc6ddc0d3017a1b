import assert from 'node:assert/strict';
import { type EventEmitter, once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { randomUUID } from 'node:crypto';
import { claimDueDeliveries } from '../../src/db/webhook-deliveries.ts';
import { recordWebhookEvent, setWebhookPendingCap } from '../../src/db/webhook-events.ts';
import type { SlotWorker } from '../../src/queue/slot-worker.ts';
import { localAdminOperations } from '../../src/services/admin-operations.ts';
import { apiClient, listening } from '../helpers/api-client.ts';
import { defined } from '../helpers/assert.ts';
import { peek } from '../helpers/queue-runs.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { startHarnessWebhookWorkers } from '../helpers/webhook-workers.ts';
import { ManualClock } from '../fakes/manual-clock.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../fakes/webhook-receiver.ts';

// Webhooks end to end: state changes in the service, deliveries from its queue to a real receiver
// on loopback, signatures checked with the standardwebhooks package. Retries run on a clock the
// test moves, so the schedule is checked to the millisecond without waiting for it.

const SECRET_KEY = 'a'.repeat(64);
const PUBLICATION = '/api/v1/inventories/set-publication-state';

interface Endpoint {
  id: string;
  secret: string;
  path: string;
}

function verified(secret: string, message: ReceivedWebhook): { type: string; timestamp: string; data: Record<string, unknown> } {
  const headers = {
    'webhook-id': String(message.headers['webhook-id']),
    'webhook-timestamp': String(message.headers['webhook-timestamp']),
    'webhook-signature': String(message.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(message.body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

function send(h: Harness, method: 'PUT' | 'DELETE' | 'POST', url: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function createProduct(h: Harness, token: string, sku: string): Promise<{ id: string; generationId: string }> {
  const res = await h.post('/api/v1/products/create', token, {
    sku,
    title: `Tazza in ceramica ${sku}`,
    description: 'Ceramica smaltata. Lavabile in lavastoviglie.',
    countries: ['it'],
    agent_model: 'v1',
  });
  assert.equal(res.statusCode, 202, res.body);
  const id = defined(res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]).id;
  const [generationId] = await h.generationIdsOf([id]);
  return { id, generationId: defined(generationId) };
}

interface DeliveryItem {
  id: string;
  event_id: string;
  type: string;
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

async function deliveries(h: Harness, token: string, endpointId: string): Promise<DeliveryItem[]> {
  const res = await h.get(`/api/v1/webhooks/${endpointId}/deliveries`, token);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { deliveries: DeliveryItem[] } }>().data.deliveries;
}

for (const target of databaseTargets()) {
  describe(`webhooks [${target.name}]`, () => {
    let h: Harness;
    let receiver: WebhookReceiver;
    let baseUrl: string;
    const manual = new ManualClock(Date.now());
    const clock = { now: () => new Date(manual.now()) };
    let paths = 0;

    before(async () => {
      receiver = await startWebhookReceiver();
      h = await startHarness(target, {
        clock,
        env: { FETCH_ALLOWED_HOSTS: receiver.hostPort, WEBHOOK_SECRET_KEY: SECRET_KEY, WEBHOOK_POLL_MS: '50' },
      });
      baseUrl = await listening(h);
      webhookWorker = defined(h.workers).webhooks;
    });

    /** Stops the worker delivering now (the harness's, or one a test started since). */
    let webhookWorker: SlotWorker | undefined;
    async function stopWebhookWorker(): Promise<void> {
      await defined(webhookWorker).stop({ graceful: true, timeoutMs: 5_000 });
    }
    after(async () => {
      await h.close();
      await receiver.close();
    });

    async function register(token: string, body: { events?: string[]; description?: string } = {}): Promise<Endpoint> {
      paths += 1;
      const path = `/hook-${paths}`;
      const created = await apiClient(baseUrl, token).webhooks.postWebhooks({ url: `${receiver.url}${path}`, ...body } as never);
      assert.equal(created.status, 201);
      const data = created.data.data;
      return { id: data.id, secret: defined(data.secret), path };
    }

    test('a created product, its publication, its regeneration and its return to review each reach the endpoint, signed and in order', async () => {
      const { token } = await h.account(100);
      const endpoint = await register(token, { description: 'shop' });
      assert.match(endpoint.secret, /^whsec_/);

      const listed = await apiClient(baseUrl, token).webhooks.getWebhooks();
      assert.equal(listed.status, 200);
      const shown = defined(listed.data.data.find((e) => e.id === endpoint.id));
      assert.equal(shown.status, 'enabled');
      assert.equal(shown.description, 'shop');
      assert.ok(!JSON.stringify(listed.data).includes(endpoint.secret), 'the list never shows the secret');

      const { id, generationId } = await createProduct(h, token, 'MUG-1');
      await h.settled([generationId]);
      const put = await send(h, 'PUT', PUBLICATION, token, { ids: id, publication_state: 'ready' });
      assert.equal(put.statusCode, 200, put.body);
      const regen = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { title: 'Più corto' } });
      assert.equal(regen.statusCode, 202, regen.body);
      await h.settled(await h.generationIdsOf([id]));

      const got = await receiver.waitFor(endpoint.path, 4);
      const events = got.map((m) => verified(endpoint.secret, m));
      assert.deepEqual(
        events.map((e) => e.type),
        ['product.completed', 'product.publication_state_changed', 'product.completed', 'product.publication_state_changed'],
      );
      const [completed, published, regenerated, backToReview] = events.map((e) => e.data);
      assert.equal(completed?.product_id, id);
      assert.equal(completed?.generation_id, generationId);
      assert.equal(completed?.kind, 'create');
      assert.equal(completed?.sku, 'MUG-1');
      assert.deepEqual(completed?.countries, ['it']);
      assert.equal(completed?.state, 'completed');
      assert.equal(completed?.failure, null);
      assert.deepEqual([published?.previous_publication_state, published?.publication_state], ['pending_review', 'ready']);
      assert.equal(regenerated?.kind, 'regenerate');
      assert.deepEqual([backToReview?.previous_publication_state, backToReview?.publication_state], ['ready', 'pending_review'], 'the changed title sends it back to review');
      assert.ok(got.every((m) => m.headers['content-type'] === 'application/json'));

      const listedDeliveries = await deliveriesOnceThey(h, token, endpoint.id, (all) => all.every((d) => d.state === 'delivered'));
      assert.equal(listedDeliveries.length, 4);
      assert.ok(listedDeliveries.every((d) => d.attempts === 1 && d.last_status === 200 && d.delivered_at !== null));
      // Newest first.
      assert.equal(listedDeliveries[0]?.event_id, got[3]?.headers['webhook-id']);
    });

    test('500, 500, then 200: each retry goes exactly when the schedule says, with the same id', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      receiver.answer(endpoint.path, 500, 500, 200);
      const ping = await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      assert.equal(ping.statusCode, 202, ping.body);

      await receiver.waitFor(endpoint.path, 1);
      const firstFailedAt = manual.now();
      let row = await newestOnceIt(h, token, endpoint.id, (d) => d.last_status === 500);
      assert.equal(row?.next_attempt_at, new Date(firstFailedAt + 5_000).toISOString());

      manual.advance(4_999);
      assert.deepEqual(await dueNow(h, clock.now()), [], 'not due a millisecond early');
      manual.advance(1);
      await receiver.waitFor(endpoint.path, 2);
      const secondFailedAt = manual.now();
      const firstRetryAt = row?.next_attempt_at;
      row = await newestOnceIt(h, token, endpoint.id, (d) => d.next_attempt_at !== firstRetryAt);
      assert.equal(row?.attempts, 2);
      // The relay running beside this test could take an early delivery before the call above: the
      // attempt's own time says when it was made.
      assert.equal(row?.last_attempt_at, new Date(firstFailedAt + 5_000).toISOString(), 'the retry was made when due, not before');
      assert.equal(row?.next_attempt_at, new Date(secondFailedAt + 5 * 60_000).toISOString());

      manual.advance(5 * 60_000);
      const got = await receiver.waitFor(endpoint.path, 3);
      row = await newestOnceIt(h, token, endpoint.id, (d) => d.state === 'delivered');
      assert.equal(row?.attempts, 3);
      assert.equal(new Set(got.map((m) => m.headers['webhook-id'])).size, 1, 'one event, one id, every attempt');
      for (const message of got) assert.equal(verified(endpoint.secret, message).type, 'ping');
    });

    test("a product's later event waits for its earlier one across retries; other products go on", async () => {
      const { token } = await h.account(100);
      const a = await createProduct(h, token, 'ORDER-A');
      const b = await createProduct(h, token, 'ORDER-B');
      await h.settled([a.generationId, b.generationId]);
      const endpoint = await register(token, { events: ['product.publication_state_changed'] });
      receiver.answer(endpoint.path, 500);

      assert.equal((await send(h, 'PUT', PUBLICATION, token, { ids: a.id, publication_state: 'ready' })).statusCode, 200);
      assert.equal((await send(h, 'PUT', PUBLICATION, token, { ids: a.id, publication_state: 'online' })).statusCode, 200);
      const [first] = await receiver.waitFor(endpoint.path, 1);
      assert.deepEqual([first?.data.product_id, first?.data.publication_state], [a.id, 'ready']);
      await waitUntil(h.events, async () => (await deliveries(h, token, endpoint.id)).some((d) => d.last_status === 500));

      // A's first event failed and waits for its retry; B's goes through meanwhile; A's second is not tried.
      assert.equal((await send(h, 'PUT', PUBLICATION, token, { ids: b.id, publication_state: 'ready' })).statusCode, 200);
      const [, second] = await receiver.waitFor(endpoint.path, 2);
      assert.deepEqual([second?.data.product_id, second?.data.publication_state], [b.id, 'ready']);
      const untried = (await deliveries(h, token, endpoint.id)).filter((d) => d.state === 'pending' && d.attempts === 0);
      assert.equal(untried.length, 1, "A's second event waits, untried");

      manual.advance(5_000);
      const got = await receiver.waitFor(endpoint.path, 4);
      assert.deepEqual(
        got.slice(2).map((m) => [m.data.product_id, m.data.publication_state]),
        [
          [a.id, 'ready'],
          [a.id, 'online'],
        ],
      );
    });

    test('a worker that died mid-attempt leaves the delivery to be attempted once more, never lost', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      // The worker is stopped, so the attempt below is the only one; it then "dies" (nothing recorded).
      await stopWebhookWorker();
      const ping = await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      assert.equal(ping.statusCode, 202);
      const [row] = await deliveries(h, token, endpoint.id);
      const deliveryId = defined(row).id;
      const claimed = await claimDueDeliveries(h.container.db, { now: clock.now(), limit: 100, token: randomUUID(), leaseUntil: new Date(manual.now() + 30_000) });
      assert.ok(
        claimed.some((d) => d.id === deliveryId),
        'the dead attempt held the delivery',
      );

      // A worker comes back: it finds the attempt still held and leaves it until its lease lapses.
      webhookWorker = startHarnessWebhookWorkers(h);
      assert.ok(!(await dueNow(h, clock.now())).includes(deliveryId), 'held by the dead attempt: not due');
      manual.advance(30_001);
      const got = await receiver.waitFor(endpoint.path, 1);
      assert.equal(got.length, 1);
      const after = await newestOnceIt(h, token, endpoint.id, (d) => d.state === 'delivered');
      assert.equal(after?.attempts, 2, 'the dead attempt counts, and one more was made');
    });

    test("the settlement of an attempt whose lease lapsed and was taken over lands nowhere: the new attempt's does", async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      receiver.answer(endpoint.path, 'hold', 'hold');
      assert.equal((await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {})).statusCode, 202);
      const [first] = await receiver.waitFor(endpoint.path, 1);
      // The first attempt hangs on the receiver past its lease: a second attempt takes the delivery over.
      manual.advance(30_001);
      await receiver.waitFor(endpoint.path, 2);
      // The first one's 500 comes late: it records nothing, and the second attempt still holds the delivery.
      const lost = once(h.events, 'webhook_attempt', { signal: AbortSignal.timeout(20_000) });
      receiver.release(endpoint.path, 500, 1);
      assert.equal((await lost)[0]?.outcome, 'claim_lost');
      const [held] = await h.container.db.query<{ attempts: number; last_status: number | null; claimed_until: Date | null }>(
        'SELECT attempts, last_status, claimed_until FROM webhook_deliveries WHERE endpoint_id = $1',
        [endpoint.id],
      );
      assert.deepEqual({ ...held, claimed_until: held?.claimed_until !== null }, { attempts: 2, last_status: null, claimed_until: true });
      receiver.release(endpoint.path, 200);
      const row = await newestOnceIt(h, token, endpoint.id, (d) => d.state === 'delivered');
      assert.equal(row.attempts, 2);
      assert.equal(row.last_status, 200);
      assert.equal(first?.headers['webhook-id'], receiver.at(endpoint.path)[1]?.headers['webhook-id']);
    });

    test("one account's backlog of due deliveries does not hold back another's: a fetch takes every account's first", async () => {
      await stopWebhookWorker();
      const busy = await h.account(10);
      const quiet = await h.account(10);
      const busyEndpoint = await register(busy.token);
      const quietEndpoint = await register(quiet.token);
      for (let i = 0; i < 30; i++) {
        await h.container.db.transaction((tx) => recordWebhookEvent(tx, { accountId: busy.id, type: 'credits.low', data: { balance: i, threshold: 100 } }));
      }
      await h.container.db.transaction((tx) => recordWebhookEvent(tx, { accountId: quiet.id, type: 'credits.low', data: { balance: 1, threshold: 100 } }));
      const endpointsOf = async (ids: string[]) =>
        (await h.container.db.query<{ endpoint_id: string }>('SELECT endpoint_id FROM webhook_deliveries WHERE id = ANY ($1::uuid[])', [ids]))
          .map((e) => e.endpoint_id)
          .filter((id) => id === busyEndpoint.id || id === quietEndpoint.id)
          .sort();
      assert.deepEqual(await endpointsOf(await dueNow(h, clock.now(), 2)), [busyEndpoint.id, quietEndpoint.id].sort(), 'a fetch of two takes one of each');
      // The busy account's events are one line (credits.low are ordered per account): one is due at a time.
      assert.equal((await endpointsOf(await dueNow(h, clock.now(), 100))).length, 2);

      webhookWorker = startHarnessWebhookWorkers(h);
      await receiver.waitFor(quietEndpoint.path, 1);
      const got = await receiver.waitFor(busyEndpoint.path, 30);
      assert.deepEqual(
        got.map((m) => m.data.balance),
        Array.from({ length: 30 }, (_, i) => i),
        'in the order they were recorded',
      );
    });

    test('past its cap of pending deliveries an endpoint queues no more: the event is a failed delivery and the endpoint says why', async () => {
      const { id: accountId, token } = await h.account(10);
      const endpoint = await register(token, { events: ['credits.low'] });
      receiver.answer(endpoint.path, 'hold');
      await setWebhookPendingCap(h.container.db, 3);
      try {
        for (let i = 0; i < 5; i++) await h.container.db.transaction((tx) => recordWebhookEvent(tx, { accountId, type: 'credits.low', data: { balance: i, threshold: 100 } }));
      } finally {
        await setWebhookPendingCap(h.container.db, h.config.webhooks.pendingPerEndpoint);
      }
      const listed = await deliveries(h, token, endpoint.id);
      assert.deepEqual(
        listed.map((d) => [d.state, d.last_error]),
        [
          ['failed', 'backlog_full'],
          ['failed', 'backlog_full'],
          ['pending', null],
          ['pending', null],
          ['pending', null],
        ],
      );
      const shown = defined((await apiClient(baseUrl, token).webhooks.getWebhooks()).data.data.find((e) => e.id === endpoint.id));
      assert.equal(shown.status, 'enabled');
      assert.match(shown.validation_messages[0] ?? '', /not queued for this endpoint: its pending deliveries reached the instance's cap \(WEBHOOK_PENDING_PER_ENDPOINT\)/);

      // A ping still goes; its 2xx ends the note.
      const ping = await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      assert.equal(ping.statusCode, 202, ping.body);
      receiver.answer(endpoint.path, 200, 200, 200, 200);
      receiver.release(endpoint.path, 200);
      await waitUntil(h.events, async () => (await apiClient(baseUrl, token).webhooks.getWebhooks()).data.data.find((e) => e.id === endpoint.id)?.validation_messages.length === 0);
    });

    test('an endpoint is sent at most WEBHOOK_PINGS_PER_HOUR pings an hour: one more is 429 with Retry-After, nothing queued', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      for (let i = 0; i < h.config.webhooks.pingsPerHour; i++) assert.equal((await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {})).statusCode, 202);
      const refused = await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      assert.equal(refused.statusCode, 429, refused.body);
      assert.equal(refused.json<{ code: string }>().code, 'rate_limited');
      const wait = Number(refused.headers['retry-after']);
      assert.ok(wait > 3500 && wait <= 3600, `retry after ${wait} s`);
      assert.equal((await deliveries(h, token, endpoint.id)).length, h.config.webhooks.pingsPerHour);
      // Another endpoint of the same account has its own count.
      const other = await register(token);
      assert.equal((await send(h, 'POST', `/api/v1/webhooks/${other.id}/test`, token, {})).statusCode, 202);
    });

    test('a secret the key cannot open (another key on the worker) is a failed attempt on the schedule, not an endless loop', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      // As if sealed with another WEBHOOK_SECRET_KEY (a worker with its own DATA_DIR key file).
      await h.container.db.query(`UPDATE webhook_endpoints SET secret_sealed = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' WHERE id = $1`, [endpoint.id]);
      await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      // Once the attempt's outcome is written: the claim counts the attempt before it is made.
      const row = await newestOnceIt(h, token, endpoint.id, (d) => d.attempts === 1 && d.last_error !== null);
      const failedAt = manual.now();
      assert.equal(row.state, 'pending');
      assert.equal(row.last_error, 'secret_unreadable');
      assert.equal(row.next_attempt_at, new Date(failedAt + 5_000).toISOString(), 'retried on the schedule');
      assert.equal(receiver.at(endpoint.path).length, 0, 'nothing unsigned was sent');
      // Its retries would be due in the tests below, which move the clock by days.
      assert.equal((await send(h, 'DELETE', `/api/v1/webhooks/${endpoint.id}`, token)).statusCode, 200);
    });

    test('a deleted endpoint gets nothing more, not even the retries it was owed', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      receiver.answer(endpoint.path, 500);
      await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      await receiver.waitFor(endpoint.path, 1);
      await waitUntil(h.events, async () => (await deliveries(h, token, endpoint.id))[0]?.last_status === 500);

      const deleted = await send(h, 'DELETE', `/api/v1/webhooks/${endpoint.id}`, token);
      assert.equal(deleted.statusCode, 200, deleted.body);
      manual.advance(24 * 3600_000);
      const left = await h.container.db.query('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id]);
      assert.equal(left.length, 0, 'its deliveries went with it');
      assert.equal(receiver.at(endpoint.path).length, 1);
      assert.equal((await h.get(`/api/v1/webhooks/${endpoint.id}/deliveries`, token)).statusCode, 404);
    });

    test('another account cannot see, ping, read or delete an endpoint: 404 as for none', async () => {
      const owner = await h.account(10);
      const other = await h.account(10);
      const endpoint = await register(owner.token);
      const api = apiClient(baseUrl, other.token);
      assert.equal((await api.webhooks.getWebhooks()).data.data.length, 0);
      for (const res of [
        await h.get(`/api/v1/webhooks/${endpoint.id}/deliveries`, other.token),
        await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, other.token, {}),
        await send(h, 'DELETE', `/api/v1/webhooks/${endpoint.id}`, other.token),
        await send(h, 'DELETE', '/api/v1/webhooks/not-an-id', other.token),
      ]) {
        assert.equal(res.statusCode, 404, res.body);
        assert.deepEqual(res.json(), { status: 'error', code: 'webhook_not_found', message: 'No webhook endpoint of this account has this id.' });
      }
      assert.equal((await apiClient(baseUrl, owner.token).webhooks.getWebhooks()).data.data.length, 1);
    });

    test('URLs to private, loopback or metadata addresses are refused unless the operator allows them', async () => {
      const { token } = await h.account(10);
      for (const url of [
        'http://10.0.0.7/hook',
        'http://169.254.169.254/latest',
        'http://[::1]:8080/x',
        'http://127.0.0.1:1/hook',
        'ftp://example.com/x',
        'http://user:pw@example.com/',
      ]) {
        const res = await h.post('/api/v1/webhooks', token, { url });
        assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
        assert.equal(res.json<{ code: string }>().code, 'validation_failed');
      }
      const bad = await h.post('/api/v1/webhooks', token, { url: `${receiver.url}/x`, events: ['product.exploded'] });
      assert.equal(bad.statusCode, 422);
    });

    test('an answer replayed for a repeated Idempotency-Key does not hold the secret', async () => {
      const { token } = await h.account(10);
      const body = { url: `${receiver.url}/idem` };
      const first = await send(h, 'POST', '/api/v1/webhooks', token, body, { 'idempotency-key': 'wh-1' });
      const again = await send(h, 'POST', '/api/v1/webhooks', token, body, { 'idempotency-key': 'wh-1' });
      assert.equal(first.statusCode, 201);
      assert.equal(again.statusCode, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.match(String(first.json<{ data: { secret: string } }>().data.secret), /^whsec_/);
      assert.equal(again.json<{ data: { secret: null; id: string } }>().data.secret, null);
      const stored = await h.container.db.query<{ body: string }>('SELECT response_body AS body FROM idempotency_keys WHERE key = $1', ['wh-1']);
      assert.ok(!stored.some((r) => r.body.includes('whsec_')));
      const sealed = await h.container.db.query<{ s: string }>('SELECT secret_sealed AS s FROM webhook_endpoints');
      assert.ok(!sealed.some((r) => r.s.includes('whsec_')), 'the database holds secrets sealed only');
    });

    test('credits.low when a charge takes the balance under the threshold set for the account', async () => {
      const account = await h.account(10);
      const endpoint = await register(account.token, { events: ['credits.low'] });
      await localAdminOperations(h.container.db, { actor: 'test', requestId: null }).setCreditsLowThreshold(account.name, 10);
      const { generationId } = await createProduct(h, account.token, 'LOW-1');
      await h.settled([generationId]);
      const [message] = await receiver.waitFor(endpoint.path, 1);
      const event = verified(endpoint.secret, defined(message));
      assert.equal(event.type, 'credits.low');
      assert.equal(event.data.threshold, 10);
      assert.equal(event.data.balance, (await h.balance(account.id)).credits);
    });

    test('an endpoint failing for five days is disabled, says so, and a ping answered 2xx enables it again', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      receiver.answer(endpoint.path, 500, 500, 500);
      await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      await receiver.waitFor(endpoint.path, 1);
      await waitUntil(h.events, async () => (await deliveries(h, token, endpoint.id))[0]?.last_status === 500);
      // Five days on: the first ping's retry and a second ping both fail.
      manual.advance(5 * 24 * 3600_000);
      await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      await receiver.waitFor(endpoint.path, 3);
      let shown: { status: string; validation_messages: string[] } | undefined;
      await waitUntil(h.events, async () => {
        const list = await apiClient(baseUrl, token).webhooks.getWebhooks();
        shown = list.data.data.find((e) => e.id === endpoint.id);
        return shown?.status === 'disabled';
      });
      assert.match(defined(shown).validation_messages[0] ?? '', /five days/);

      await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, token, {});
      await receiver.waitFor(endpoint.path, 4);
      await waitUntil(h.events, async () => (await apiClient(baseUrl, token).webhooks.getWebhooks()).data.data.find((e) => e.id === endpoint.id)?.status === 'enabled');
    });
  });
}

/** The ids of the deliveries a fetch would claim at `now`, without claiming them (the claim is rolled back). */
function dueNow(h: Harness, now: Date, limit = 100): Promise<string[]> {
  return peek(h.container.db, async (tx) => (await claimDueDeliveries(tx, { now, limit, token: randomUUID(), leaseUntil: new Date(now.getTime() + 30_000) })).map((d) => d.id));
}

/** The endpoint's deliveries once `ready` holds for them (checked again after each attempt). */
async function deliveriesOnceThey(h: Harness, token: string, endpointId: string, ready: (all: DeliveryItem[]) => boolean): Promise<DeliveryItem[]> {
  let found: DeliveryItem[] | undefined;
  await waitUntil(h.events, async () => {
    const all = await deliveries(h, token, endpointId);
    if (ready(all)) found = all;
    return found !== undefined;
  });
  return defined(found);
}

/** The endpoint's newest delivery once `ready` holds for it. */
async function newestOnceIt(h: Harness, token: string, endpointId: string, ready: (d: DeliveryItem) => boolean): Promise<DeliveryItem> {
  const [newest] = await deliveriesOnceThey(h, token, endpointId, (all) => all[0] !== undefined && ready(all[0]));
  return defined(newest);
}

/**
 * Checks again after each attempt a worker finishes, until the state it writes shows up; the
 * deadline turns a hang into a failure.
 */
async function waitUntil(events: EventEmitter, check: () => Promise<unknown>, timeoutMs = 20_000): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs);
  for (;;) {
    // Listening before checking: an attempt that ends during the check still wakes the loop.
    const next = once(events, 'webhook_attempt', { signal });
    next.catch(() => {});
    if (await check()) return;
    await next;
  }
}
