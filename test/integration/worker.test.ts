import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { listContent } from '../../src/db/content.ts';
import { claimDueGenerations } from '../../src/db/generation-queue.ts';
import { findGeneration, renewClaim } from '../../src/db/generations.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import type { ContentEngine, EngineInput } from '../../src/domain/generation-ports.ts';
import type { SourceChain } from '../../src/sources/source-chain.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { dueNow } from '../helpers/queue-runs.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { validEans } from '../helpers/codes.ts';

const CREATE = '/api/v1/products/create';
const PASTA = {
  title: 'Spaghetti n.5',
  brand: 'Barilla',
  description: 'Pasta di semola di grano duro. Tempo di cottura 9 minuti. Confezione da 500 g.',
};

type Imported = { data: { imported_products: { id: string; code: string }[] } };

async function createOne(h: Harness, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await h.post(CREATE, token, body);
  assert.equal(res.statusCode, 202, res.body);
  const id = res.json<Imported>().data.imported_products[0]?.id;
  assert.ok(id);
  return id;
}

async function generationOf(h: Harness, productId: string): Promise<string> {
  const [id] = await h.generationIdsOf([productId]);
  assert.ok(id);
  return id;
}

async function ledgerKinds(h: Harness, accountId: string): Promise<string[]> {
  const rows = await h.container.db.query<{ kind: string; delta: number }>('SELECT kind, delta FROM credit_ledger WHERE account_id = $1 ORDER BY created_at, kind', [accountId]);
  return rows.map((r) => `${r.kind}:${r.delta}`);
}

/** The template engine behind a script: fail the first `failures` calls, or always. */
function flakyEngine(failures: number | 'always'): ContentEngine & { calls: number } {
  const real = createTemplateEngine();
  const engine = {
    name: 'flaky',
    calls: 0,
    async generate(input: EngineInput) {
      engine.calls += 1;
      if (failures === 'always' || engine.calls <= failures) throw new Error('upstream timed out');
      return real.generate(input);
    },
  };
  return engine;
}

for (const target of databaseTargets()) {
  describe(`generation worker [${target.name}]`, () => {
    test('a product goes queued → completed with a record per country; details show it', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { token } = await h.account(100);
        const productId = await createOne(h, token, { codes: '8001234567897', ...PASTA, countries: ['it', 'de'] });
        const pending = await h.get(`/api/v1/products/details/${productId}`, token);
        assert.equal(pending.statusCode, 202);
        assert.deepEqual(pending.json(), { status: 'processing', product: { id: productId, code: '8001234567897', state: 'queued' } });

        await startWorkers({ ...h.container, events: h.events });
        const generationId = await generationOf(h, productId);
        assert.equal((await h.settled([generationId])).get(generationId), 'completed');

        for (const [ref, country] of [
          [productId, 'it'],
          ['8001234567897', 'de'],
          ['800-1234-567897', 'DE'],
        ] as const) {
          const res = await h.get(`/api/v1/products/details/${ref}/${country}`, token);
          assert.equal(res.statusCode, 200, res.body);
          const { product } = res.json<{ product: Record<string, unknown> }>();
          assert.equal(product.state, 'completed');
          assert.equal(product.country, country.toLowerCase());
          assert.equal(product.title, 'Barilla Spaghetti n.5');
          assert.deepEqual(product.countries, ['it', 'de']);
          assert.equal(product.code_type, 'ean');
          assert.equal(product.failure, null);
        }
        const first = (await h.get(`/api/v1/products/details/${productId}`, token)).json<{ product: { country: string; language: string } }>();
        assert.equal(first.product.country, 'it');
        assert.equal(first.product.language, 'it');
        const missing = await h.get(`/api/v1/products/details/${productId}/fr`, token);
        assert.equal(missing.statusCode, 404);
        assert.match(missing.json<{ message: string }>().message, /fr/);
      } finally {
        await h.close();
      }
    });

    test('a code with no data source fails with product_data_not_found and is refunded', async () => {
      const h = await startHarness(target);
      try {
        const { id, token } = await h.account(20);
        // The charge is read from the ledger below: a free worker may already have failed and refunded it.
        const productId = await createOne(h, token, { codes: validEans(1, 40)[0], countries: ['it', 'fr'] });
        const generationId = await generationOf(h, productId);
        assert.equal((await h.settled([generationId])).get(generationId), 'failed');

        assert.deepEqual(await h.balance(id), { credits: 20, ledger: 20 });
        assert.deepEqual(await ledgerKinds(h, id), ['grant:20', 'charge:-6', 'refund:6']);
        const res = await h.get(`/api/v1/products/details/${productId}`, token);
        assert.equal(res.statusCode, 200);
        const { product } = res.json<{ product: { state: string; failure: { reason: string; message: string } } }>();
        assert.equal(product.state, 'failed');
        assert.equal(product.failure.reason, 'product_data_not_found');
      } finally {
        await h.close();
      }
    });

    test('a transient error is retried and the product completes, charged once', async () => {
      const engine = flakyEngine(1);
      const h = await startHarness(target, { engine, env: { GENERATION_RETRIES: '3' } });
      try {
        const { id, token } = await h.account(10);
        const productId = await createOne(h, token, { ...PASTA, countries: ['it'] });
        const generationId = await generationOf(h, productId);
        assert.equal((await h.settled([generationId])).get(generationId), 'completed');
        assert.equal(engine.calls, 2);
        assert.equal((await findGeneration(h.container.db, generationId))?.attempts, 2);
        assert.deepEqual(await h.balance(id), { credits: 5, ledger: 5 });
      } finally {
        await h.close();
      }
    });

    test('a generation whose attempts run out fails for good and refunds, exactly once; the product can be worked on again', async () => {
      // Fails both attempts of the first generation (retry limit 1), then works.
      const engine = flakyEngine(2);
      const h = await startHarness(target, { engine, env: { GENERATION_RETRIES: '1' } });
      try {
        const { id, token } = await h.account(10);
        const productId = await createOne(h, token, { ...PASTA, countries: ['it'], agent_model: 'v1' });
        const generationId = await generationOf(h, productId);
        assert.equal((await h.settled([generationId])).get(generationId), 'failed');
        assert.equal(engine.calls, 2);
        // Failed and refunded by the last attempt's run itself: not left in the queue for anyone to take again.
        const failed = await findGeneration(h.container.db, generationId);
        assert.deepEqual([failed?.state, failed?.attempts, failed?.claimed_until], ['failed', 2, null]);
        assert.deepEqual(await ledgerKinds(h, id), ['grant:10', 'charge:-1', 'refund:1']);
        const product = await h.container.db.query<{ state: string; failure: { reason: string } }>('SELECT state, failure FROM products WHERE id = $1', [productId]);
        assert.deepEqual([product[0]?.state, product[0]?.failure.reason], ['failed', 'generation_failed']);

        // The failed generation no longer holds the product's place in the queue: a regeneration runs.
        const regen = await h.post(`/api/v1/products/regenerate/${productId}`, token, { fields: { title: '' }, agent_model: 'v1' });
        assert.equal(regen.statusCode, 202);
        const next = await generationOf(h, productId);
        assert.notEqual(next, generationId);
        assert.equal((await h.settled([next])).get(next), 'completed');
        assert.deepEqual(await h.balance(id), { credits: 9, ledger: 9 });
      } finally {
        await h.close();
      }
    });

    test('a worker that dies mid-generation: another worker takes it over once its lease lapses and completes it exactly once', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { id, token } = await h.account(10);
        const productId = await createOne(h, token, { ...PASTA, countries: ['it', 'de'] });
        const generationId = await generationOf(h, productId);

        // The doomed worker claims the generation under a short lease, then is never heard from again: its lease is never renewed.
        const doomed = { token: randomUUID() };
        const [claimed] = await claimDueGenerations(h.container.db, 1, { ...doomed, leaseSeconds: 0.5 });
        assert.deepEqual([claimed?.id, claimed?.attempts], [generationId, 1]);
        assert.equal((await h.get(`/api/v1/products/details/${productId}`, token)).json<{ product: { state: string } }>().product.state, 'processing');

        // A healthy worker comes up (with the default lease, long enough for its own run); once the dead one's lease lapses it claims the generation.
        await startWorkers({ ...h.container, events: h.events });
        assert.equal((await h.settled([generationId])).get(generationId), 'completed');

        const generation = await findGeneration(h.container.db, generationId);
        assert.equal(generation?.state, 'completed');
        assert.equal(generation?.attempts, 2);
        assert.notEqual(generation?.claim_token, doomed.token);
        // Were the dead worker to come back, it holds nothing any more.
        assert.equal(await renewClaim(h.container.db, generationId, { ...doomed, leaseSeconds: 30 }), false);
        assert.equal((await listContent(h.container.db, productId)).length, 2);
        assert.deepEqual(await ledgerKinds(h, id), ['grant:10', 'charge:-6']);
        assert.deepEqual(await h.balance(id), { credits: 4, ledger: 4 });
      } finally {
        await h.close();
      }
    });

    test('a settled generation is not handed out again: no work twice', async () => {
      const h = await startHarness(target);
      try {
        const { id, token } = await h.account(10);
        const productId = await createOne(h, token, { ...PASTA, countries: ['it'] });
        const generationId = await generationOf(h, productId);
        await h.settled([generationId]);
        const before = await listContent(h.container.db, productId);
        assert.ok(!(await dueNow(h.container.db)).includes(generationId), 'the queue hands out a settled generation');
        assert.deepEqual(await listContent(h.container.db, productId), before);
        assert.deepEqual(await h.balance(id), { credits: 5, ledger: 5 });
      } finally {
        await h.close();
      }
    });

    test('two generations of one product never run at the same time', async () => {
      let running = 0;
      let overlap = false;
      const real = createTemplateEngine();
      const engine: ContentEngine = {
        name: 'slow',
        async generate(input) {
          running += 1;
          if (running > 1) overlap = true;
          await new Promise((resolve) => setTimeout(resolve, 150));
          running -= 1;
          return real.generate(input);
        },
      };
      const h = await startHarness(target, { engine, env: { GENERATION_CONCURRENCY: '1600' } });
      try {
        const { token } = await h.account(100);
        const body = { codes: '8001234567897', ...PASTA, countries: ['it'] };
        const productId = await createOne(h, token, body);
        await createOne(h, token, body);
        await createOne(h, token, body);
        const rows = await h.container.db.query<{ id: string }>('SELECT id FROM generations WHERE product_id = $1', [productId]);
        assert.equal(rows.length, 3);
        const outcomes = await h.settled(rows.map((r) => r.id));
        assert.deepEqual([...outcomes.values()], ['completed', 'completed', 'completed']);
        assert.equal(overlap, false);
        const product = await h.container.db.query<{ state: string }>('SELECT state FROM products WHERE id = $1', [productId]);
        assert.equal(product[0]?.state, 'completed');
      } finally {
        await h.close();
      }
    });

    test('generations fetched in one batch with a slow one complete without waiting for it', async () => {
      const real = createTemplateEngine();
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const engine: ContentEngine = {
        name: 'holds-one-product',
        async generate(input) {
          if (input.product.sku === 'SLOW') await released;
          return real.generate(input);
        },
      };
      // Everything is queued before the worker starts, so its first fetch takes all four in one batch.
      const h = await startHarness(target, { engine, workers: false, env: { GENERATION_CONCURRENCY: '4', GENERATION_FETCH_SIZE: '4' } });
      try {
        const { token } = await h.account(100);
        const slow = await generationOf(h, await createOne(h, token, { sku: 'SLOW', ...PASTA, countries: ['it'] }));
        const others = [];
        for (let i = 0; i < 3; i++) others.push(await generationOf(h, await createOne(h, token, { sku: `QUICK-${i}`, ...PASTA, countries: ['it'] })));
        await startWorkers({ ...h.container, events: h.events });
        assert.deepEqual([...(await h.settled(others)).values()], ['completed', 'completed', 'completed']);
        const rows = await h.container.db.query<{ id: string; state: string; claim_token: string }>('SELECT id, state, claim_token FROM generations WHERE id = ANY ($1::uuid[])', [
          [slow, ...others],
        ]);
        assert.deepEqual(rows.map((r) => `${r.id === slow ? 'slow' : 'quick'} ${r.state}`).sort(), ['quick completed', 'quick completed', 'quick completed', 'slow processing']);
        assert.equal(new Set(rows.map((r) => r.claim_token)).size, 1, 'the four were fetched as one batch');
        release();
        assert.equal((await h.settled([slow])).get(slow), 'completed');
      } finally {
        release();
        await h.close();
      }
    });

    test('a product whose generation is busy does not hold back other products', async () => {
      const real = createTemplateEngine();
      const held = new Set<string>();
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const engine: ContentEngine = {
        name: 'holds-one-product',
        async generate(input) {
          if (input.product.sku === 'BUSY') {
            held.add(input.product.id);
            await released;
          }
          return real.generate(input);
        },
      };
      const h = await startHarness(target, { engine, env: { GENERATION_CONCURRENCY: '800' } });
      try {
        const { token } = await h.account(100);
        const busy = await createOne(h, token, { sku: 'BUSY', ...PASTA, countries: ['it'] });
        const busyFirst = await generationOf(h, busy);
        // A second generation of the busy product waits its turn behind the first...
        assert.equal((await h.post(`/api/v1/products/regenerate/${busy}`, token, { fields: { title: '' } })).statusCode, 202);
        // ...while other products go through.
        const others = [];
        for (let i = 0; i < 3; i++) others.push(await generationOf(h, await createOne(h, token, { sku: `FREE-${i}`, ...PASTA, countries: ['it'] })));
        const outcomes = await h.settled(others);
        assert.deepEqual([...outcomes.values()], ['completed', 'completed', 'completed']);
        assert.deepEqual([...held], [busy]);
        assert.equal((await findGeneration(h.container.db, busyFirst))?.state, 'processing');

        release();
        const busySecond = await generationOf(h, busy);
        const done = await h.settled([busyFirst, busySecond]);
        assert.deepEqual([...done.values()], ['completed', 'completed']);
      } finally {
        release();
        await h.close();
      }
    });

    test('a create or regeneration that commits wakes an idle worker of its process instead of waiting for the poll', async () => {
      // Polls a minute apart, longer than `settled` waits: only a wake lets these settle in time.
      const h = await startHarness(target, { env: { GENERATION_POLL_SECONDS: '60' } });
      try {
        const { token } = await h.account(100);
        const first = await createOne(h, token, { codes: validEans(1, 45)[0], ...PASTA, countries: ['it'] });
        const created = await generationOf(h, first);
        assert.equal((await h.settled([created], 20_000)).get(created), 'completed');
        // The worker has fetched by now and waits out its poll.
        assert.equal((await h.post(`/api/v1/products/regenerate/${first}`, token, { fields: { title: '' } })).statusCode, 202);
        const regenerated = await generationOf(h, first);
        assert.equal((await h.settled([regenerated], 20_000)).get(regenerated), 'completed');
        const second = await generationOf(h, await createOne(h, token, { codes: validEans(1, 46)[0], ...PASTA, countries: ['it'] }));
        assert.equal((await h.settled([second], 20_000)).get(second), 'completed');
      } finally {
        await h.close();
      }
    });

    test('a create of more generations than one fetch takes has the woken worker fetch until its slots are full', async () => {
      const h = await startHarness(target, { workers: false, env: { GENERATION_POLL_SECONDS: '60', GENERATION_CONCURRENCY: '8', GENERATION_FETCH_SIZE: '4' } });
      try {
        // Once armed, no product's sources are read until all 8 are being read: the worker's 2 × 4
        // slots hold 8 generations only if, woken by the create, it fetched again after its first
        // fetch of 4 (polls are a minute apart).
        let armed = false;
        let arrived = 0;
        let release = () => {};
        const allArrived = new Promise<void>((resolve) => {
          release = resolve;
        });
        const sources: SourceChain = {
          names: h.container.sources.names,
          health: () => h.container.sources.health(),
          async gather(query, signal) {
            if (armed && ++arrived === 8) release();
            if (armed) await allArrived;
            return h.container.sources.gather(query, signal);
          },
        };
        await startWorkers({ ...h.container, sources, events: h.events });
        const { token } = await h.account(100);
        const first = await generationOf(h, await createOne(h, token, { codes: validEans(1, 47)[0], ...PASTA, countries: ['it'] }));
        await h.settled([first], 20_000);
        // The worker has fetched by now and waits out its poll.
        armed = true;
        const res = await h.post(CREATE, token, { codes: validEans(8, 48).join(','), countries: ['it'] });
        assert.equal(res.statusCode, 202, res.body);
        const generations = await h.generationIdsOf(res.json<Imported>().data.imported_products.map((p) => p.id));
        assert.equal((await h.settled(generations, 20_000)).size, 8);
      } finally {
        await h.close();
      }
    });
  });
}
