import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { claimDueGenerations } from '../../src/db/generation-queue.ts';
import { insertGenerations, releaseClaim } from '../../src/db/generations.ts';
import { claimDueDeliveries, recordDelivered, recordFailedAttempt } from '../../src/db/webhook-deliveries.ts';
import { recordWebhookEvent } from '../../src/db/webhook-events.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets, type DatabaseTarget } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { completeUnder } from '../helpers/queue-runs.ts';
import { ManualClock } from '../fakes/manual-clock.ts';

// The guarantees both queues give, asked of each in the same words: the generation queue (the
// generations table, a key per product) and the webhook queue (the deliveries table, a key per
// endpoint and ordering key). Each adapter below speaks its queue's own statements; the tests
// never look past them.

/** A queue as these tests drive it. Ids are the queue's items (generation ids, delivery ids). */
interface QueueUnderTest {
  /** Queues an item under `key`. */
  enqueue(key: string): Promise<string>;
  /** One fetch, under a new claim token: the items handed out, of those this test queued. */
  fetch(): Promise<{ ids: string[]; token: string }>;
  /** Settles the item as done under `token`; false when nothing was written (the claim is not the token's). */
  complete(id: string, token: string): Promise<boolean>;
  /** Records a failed attempt under `token`, due again in `seconds`. */
  fail(id: string, token: string, seconds: number): Promise<void>;
  attempts(id: string): Promise<number>;
  /** Moves the queue's time on by `seconds`. */
  advance(seconds: number): Promise<void>;
  /** A claim's lease: past it, the claim lapses. */
  leaseSeconds: number;
}

const LEASE_SECONDS = 30;

/** The generation queue: an item is a generation, its key a product; time moves by shifting this test's rows back. */
function generationQueue(h: Harness, account: { id: string; token: string }): QueueUnderTest {
  const products = new Map<string, string>();
  const mine = new Set<string>();
  return {
    leaseSeconds: LEASE_SECONDS,
    async enqueue(key) {
      const productId = products.get(key);
      if (productId === undefined) {
        const queued = await h.createQueued(account.token, { sku: `${key}-${randomUUID()}`, title: `Tazza ${key}`, description: 'Ceramica.', countries: ['it'] });
        products.set(key, queued.productId);
        mine.add(queued.generationId);
        return queued.generationId;
      }
      const [row] = await insertGenerations(h.container.db, {
        accountId: account.id,
        productIds: [productId],
        kind: 'regenerate',
        agentModel: 'v1',
        fields: null,
        notes: null,
        costs: [0],
        requestId: randomUUID(),
        imageStandardization: false,
      });
      const id = defined(row).id;
      mine.add(id);
      return id;
    },
    async fetch() {
      const token = randomUUID();
      const claimed = await claimDueGenerations(h.container.db, 1000, { token, leaseSeconds: LEASE_SECONDS });
      return { ids: claimed.map((g) => g.id).filter((id) => mine.has(id)), token };
    },
    complete: (id, token) => completeUnder(h.container.db, id, { token }),
    fail: (id, token, seconds) => releaseClaim(h.container.db, id, { token }, seconds),
    async attempts(id) {
      const [row] = await h.container.db.query<{ attempts: number }>('SELECT attempts FROM generations WHERE id = $1', [id]);
      return defined(row).attempts;
    },
    async advance(seconds) {
      await h.container.db.query(
        `UPDATE generations SET claimed_until = claimed_until - make_interval(secs => $2), not_before = not_before - make_interval(secs => $2) WHERE id = ANY ($1::uuid[])`,
        [[...mine], seconds],
      );
    },
  };
}

/** The webhook queue: an item is a delivery, its key a product's line to one endpoint; time is the worker's clock. */
async function webhookQueue(h: Harness, account: { id: string; token: string }, manual: ManualClock): Promise<QueueUnderTest> {
  const registered = await h.post('/api/v1/webhooks', account.token, { url: 'http://127.0.0.1:9/queue-guarantees' });
  assert.equal(registered.statusCode, 201, registered.body);
  const endpointId = registered.json<{ data: { id: string } }>().data.id;
  const products = new Map<string, string>();
  const now = () => new Date(manual.now());
  const settling = async (id: string, token: string) => {
    const [row] = await h.container.db.query<{ ordering_key: string }>('SELECT ordering_key FROM webhook_deliveries WHERE id = $1', [id]);
    return { id, endpointId, orderingKey: defined(row).ordering_key, url: 'http://127.0.0.1:9/queue-guarantees', token };
  };
  return {
    leaseSeconds: LEASE_SECONDS,
    async enqueue(key) {
      const productId = products.get(key) ?? randomUUID();
      products.set(key, productId);
      const eventId = await h.container.db.transaction((tx) =>
        recordWebhookEvent(tx, { accountId: account.id, type: 'product.completed', productId, data: { product_id: productId } }),
      );
      const [row] = await h.container.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE event_id = $1', [eventId]);
      return defined(row).id;
    },
    async fetch() {
      const token = randomUUID();
      const at = now();
      const claimed = await claimDueDeliveries(h.container.db, { now: at, limit: 100, token, leaseUntil: new Date(at.getTime() + LEASE_SECONDS * 1000) });
      return { ids: claimed.filter((d) => d.endpoint_id === endpointId).map((d) => d.id), token };
    },
    async complete(id, token) {
      const delivery = await settling(id, token);
      return h.container.db.transaction((tx) => recordDelivered(tx, delivery, now(), 200));
    },
    async fail(id, token, seconds) {
      const delivery = await settling(id, token);
      await h.container.db.transaction((tx) => recordFailedAttempt(tx, delivery, now(), { status: 500, error: 'answered 500' }, new Date(manual.now() + seconds * 1000)));
    },
    async attempts(id) {
      const [row] = await h.container.db.query<{ attempts: number }>('SELECT attempts FROM webhook_deliveries WHERE id = $1', [id]);
      return defined(row).attempts;
    },
    async advance(seconds) {
      manual.advance(seconds * 1000);
    },
  };
}

const queues: { name: string; open(h: Harness, manual: ManualClock): Promise<QueueUnderTest> }[] = [
  { name: 'generation queue', open: async (h) => generationQueue(h, await h.account(1000)) },
  { name: 'webhook queue', open: async (h, manual) => webhookQueue(h, await h.account(1000), manual) },
];

for (const target of databaseTargets()) {
  describe(`queue guarantees [${target.name}]`, () => {
    let h: Harness;
    const manual = new ManualClock(Date.now());
    before(async () => {
      h = await startHarness(target as DatabaseTarget, { workers: false, clock: { now: () => new Date(manual.now()) }, env: { FETCH_ALLOWED_HOSTS: '127.0.0.1:9' } });
    });
    after(async () => {
      await h.close();
    });

    for (const queue of queues) {
      test(`${queue.name}: one key's items go one at a time, in the order queued; another key's go beside them`, async () => {
        const q = await queue.open(h, manual);
        const first = await q.enqueue('a');
        const second = await q.enqueue('a');
        const other = await q.enqueue('b');
        const fetched = await q.fetch();
        assert.deepEqual(new Set(fetched.ids), new Set([first, other]), "the second of key a waits for the first; key b's goes");
        assert.deepEqual((await q.fetch()).ids, [], 'nothing more while the first is held');
        assert.ok(await q.complete(first, fetched.token));
        assert.deepEqual((await q.fetch()).ids, [second], 'due once the first is done');
      });

      test(`${queue.name}: an attempt whose claim lapsed and was taken over settles nothing; the new holder settles it`, async () => {
        const q = await queue.open(h, manual);
        const item = await q.enqueue('lapsed');
        const stale = await q.fetch();
        assert.deepEqual(stale.ids, [item]);
        await q.advance(q.leaseSeconds + 1);
        const fresh = await q.fetch();
        assert.deepEqual(fresh.ids, [item], 'the lapsed claim is taken over');
        assert.equal(await q.complete(item, stale.token), false, 'the stale attempt is fenced out');
        assert.deepEqual((await q.fetch()).ids, [], 'still held by the new claim');
        assert.equal(await q.complete(item, fresh.token), true);
      });

      test(`${queue.name}: a failed attempt is due again when its retry delay has passed, not a second before`, async () => {
        const q = await queue.open(h, manual);
        const item = await q.enqueue('retry');
        const claim = await q.fetch();
        await q.fail(item, claim.token, 60);
        await q.advance(59);
        assert.deepEqual((await q.fetch()).ids, [], 'not due before its delay');
        await q.advance(2);
        const retried = await q.fetch();
        assert.deepEqual(retried.ids, [item]);
        assert.equal(await q.attempts(item), 2);
      });

      test(`${queue.name}: a claim whose answer was lost is recovered once its lease lapses, its attempt counted`, async () => {
        const q = await queue.open(h, manual);
        const item = await q.enqueue('lost');
        // The claim committed, but its answer never reached a worker: nobody holds it in memory.
        await q.fetch();
        assert.deepEqual((await q.fetch()).ids, [], 'held by the lost claim until its lease lapses');
        await q.advance(q.leaseSeconds + 1);
        const recovered = await q.fetch();
        assert.deepEqual(recovered.ids, [item]);
        assert.equal(await q.attempts(item), 2, 'the lost attempt counts');
        assert.ok(await q.complete(item, recovered.token));
      });
    }
  });
}
