import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { findGeneration } from '../../src/db/generations.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import { PermanentGenerationError, type ContentEngine, type EngineInput } from '../../src/domain/generation-ports.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import { startFakeOpenFoodFacts } from '../fakes/open-food-facts-server.ts';
import { readProductFixtures } from '../fakes/product-fixtures.ts';
import { validEans } from '../helpers/codes.ts';
import { productWriter } from '../fakes/llm/product-writer.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { dueNow } from '../helpers/queue-runs.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Generations of the template engine fetched together run as one batch (run-generation-batch.ts).
// Each test queues its products with the workers off, then starts a worker (one fetch of up to 10)
// whose first fetch takes them all, so they really share the batch.

const CREATE = '/api/v1/products/create';
const BATCH = { GENERATION_CONCURRENCY: '10', GENERATION_FETCH_SIZE: '10' };

function pasta(sku: string, description = 'Pasta di semola di grano duro. Tempo di cottura 9 minuti. Confezione da 500 g.') {
  return { sku, title: `Spaghetti ${sku}`, brand: 'Barilla', description, countries: ['it', 'de'] };
}

type Imported = { data: { imported_products: { id: string }[] } };

async function createOne(h: Harness, token: string, body: Record<string, unknown>): Promise<{ productId: string; generationId: string }> {
  const res = await h.post(CREATE, token, body);
  assert.equal(res.statusCode, 202, res.body);
  const productId = res.json<Imported>().data.imported_products[0]?.id;
  assert.ok(productId);
  const [generationId] = await h.generationIdsOf([productId]);
  assert.ok(generationId);
  return { productId, generationId };
}

/** The template engine, except for the products whose sku the script names. */
function scriptedEngine(script: Record<string, (input: EngineInput) => Promise<never> | 'nul'>): ContentEngine & { calls: Map<string, number> } {
  const real = createTemplateEngine();
  const calls = new Map<string, number>();
  return {
    name: 'scripted',
    calls,
    async generate(input) {
      const sku = input.product.sku ?? '';
      calls.set(sku, (calls.get(sku) ?? 0) + 1);
      const step = script[sku];
      if (step === undefined) return real.generate(input);
      const out = step(input);
      if (out !== 'nul') return out;
      // A record the database refuses (a NUL in a JSON string): storing it fails its transaction.
      const written = await real.generate(input);
      return { ...written, content: written.content.map((c) => ({ ...c, title: `${c.title}\u0000` })) };
    },
  };
}

async function ledger(h: Harness, accountId: string): Promise<{ kind: string; delta: number; generation_id: string | null }[]> {
  return h.container.db.query('SELECT kind, delta, generation_id FROM credit_ledger WHERE account_id = $1 ORDER BY created_at, kind', [accountId]);
}

/** The account's charges and refunds as `kind generation_id`, sorted (the grant left out). */
async function chargesAndRefunds(h: Harness, accountId: string): Promise<string[]> {
  return (await ledger(h, accountId))
    .filter((r) => r.kind !== 'grant')
    .map((r) => `${r.kind} ${r.generation_id}`)
    .sort();
}

async function contentRows(h: Harness, productId: string): Promise<{ country: string; generation_id: string }[]> {
  return h.container.db.query('SELECT country, generation_id FROM product_content WHERE product_id = $1 ORDER BY country', [productId]);
}

async function historyRows(h: Harness, productId: string): Promise<{ country: string; change: string; generation_id: string }[]> {
  return h.container.db.query('SELECT country, change, generation_id FROM product_content_history WHERE product_id = $1 ORDER BY country', [productId]);
}

/** The claim tokens the generations were last held under: one token for a whole batch. */
async function claimTokens(h: Harness, generationIds: readonly string[]): Promise<Set<string | null>> {
  const rows = await h.container.db.query<{ claim_token: string | null }>('SELECT claim_token FROM generations WHERE id = ANY ($1::uuid[])', [generationIds]);
  return new Set(rows.map((r) => r.claim_token));
}

for (const target of databaseTargets()) {
  describe(`generation worker, batches [${target.name}]`, () => {
    test('a batch in two countries stores every record, its history and its ledger rows exactly once', async () => {
      const h = await startHarness(target, { workers: false, env: BATCH });
      try {
        const { id, token } = await h.account(1000);
        const first = [];
        for (let i = 0; i < 4; i++) first.push(await createOne(h, token, pasta(`B-${i}`)));
        const running = await startWorkers({ ...h.container, events: h.events });
        const outcomes = await h.settled(first.map((p) => p.generationId));
        assert.deepEqual([...outcomes.values()], ['completed', 'completed', 'completed', 'completed']);
        assert.equal(
          (
            await claimTokens(
              h,
              first.map((p) => p.generationId),
            )
          ).size,
          1,
          'the four were claimed as one batch',
        );
        for (const { productId, generationId } of first) {
          assert.deepEqual(await contentRows(h, productId), [
            { country: 'de', generation_id: generationId },
            { country: 'it', generation_id: generationId },
          ]);
          // A product's first records replace nothing: no history yet.
          assert.deepEqual(await historyRows(h, productId), []);
        }

        // The same products sent again with another description: new records, and what they replaced in the history.
        await running.stop({ graceful: true, timeoutMs: 60_000 });
        const second = [];
        for (let i = 0; i < 4; i++) second.push(await createOne(h, token, pasta(`B-${i}`, 'Pasta di semola di grano duro. Tempo di cottura 11 minuti. Confezione da 1 kg.')));
        await startWorkers({ ...h.container, events: h.events });
        await h.settled(second.map((p) => p.generationId));
        assert.equal(
          (
            await claimTokens(
              h,
              second.map((p) => p.generationId),
            )
          ).size,
          1,
        );
        for (const [i, { productId, generationId }] of second.entries()) {
          assert.equal(productId, first[i]?.productId);
          assert.deepEqual(await contentRows(h, productId), [
            { country: 'de', generation_id: generationId },
            { country: 'it', generation_id: generationId },
          ]);
          assert.deepEqual(await historyRows(h, productId), [
            { country: 'de', change: 'create', generation_id: generationId },
            { country: 'it', change: 'create', generation_id: generationId },
          ]);
        }
        const rows = await ledger(h, id);
        const charges = rows.filter((r) => r.kind === 'charge');
        assert.equal(charges.length, 8, 'one charge per generation');
        assert.deepEqual(new Set(charges.map((r) => r.generation_id)), new Set([...first, ...second].map((p) => p.generationId)));
        assert.equal(rows.filter((r) => r.kind === 'refund').length, 0);
        const { credits, ledger: sum } = await h.balance(id);
        assert.equal(credits, sum);
      } finally {
        await h.close();
      }
    });

    test('a product that fails in a batch fails and is refunded alone; its siblings complete', async () => {
      const engine = scriptedEngine({
        REFUSED: () => Promise.reject(new PermanentGenerationError('content_refused', 'The engine refused this product.')),
        UNSTORABLE: () => 'nul',
      });
      const h = await startHarness(target, { engine, workers: false, env: { ...BATCH, GENERATION_RETRIES: '0' } });
      try {
        const { id, token } = await h.account(1000);
        const good = [];
        good.push(await createOne(h, token, pasta('OK-1')));
        const refused = await createOne(h, token, pasta('REFUSED'));
        good.push(await createOne(h, token, pasta('OK-2')));
        const unstorable = await createOne(h, token, pasta('UNSTORABLE'));
        good.push(await createOne(h, token, pasta('OK-3')));
        await startWorkers({ ...h.container, events: h.events });
        const outcomes = await h.settled([...good, refused, unstorable].map((p) => p.generationId));
        assert.deepEqual(
          good.map((p) => outcomes.get(p.generationId)),
          ['completed', 'completed', 'completed'],
        );
        assert.equal(outcomes.get(refused.generationId), 'failed');
        // Its record could not be stored, with its siblings or alone: its only attempt failed, and it was failed and refunded.
        assert.equal(outcomes.get(unstorable.generationId), 'failed');
        for (const { productId } of good) assert.equal((await contentRows(h, productId)).length, 2);
        assert.deepEqual(await contentRows(h, refused.productId), []);
        assert.deepEqual(await contentRows(h, unstorable.productId), []);

        const rows = await ledger(h, id);
        assert.deepEqual(
          rows
            .filter((r) => r.kind === 'refund')
            .map((r) => r.generation_id)
            .sort(),
          [refused.generationId, unstorable.generationId].sort(),
        );
        assert.equal(rows.filter((r) => r.kind === 'charge').length, 5);
        const { credits, ledger: sum } = await h.balance(id);
        assert.equal(credits, sum);
        const states = await h.container.db.query<{ sku: string; state: string }>('SELECT sku, state FROM products WHERE account_id = $1 ORDER BY sku', [id]);
        assert.deepEqual(
          states.map((s) => `${s.sku} ${s.state}`),
          ['OK-1 completed', 'OK-2 completed', 'OK-3 completed', 'REFUSED failed', 'UNSTORABLE failed'],
        );
      } finally {
        await h.close();
      }
    });

    test('a transient engine error in a batch is retried for that product only, which is charged once', async () => {
      let failed = false;
      const engine = scriptedEngine({
        FLAKY: (input) => {
          if (failed) return createTemplateEngine().generate(input) as Promise<never>;
          failed = true;
          return Promise.reject(new Error('upstream timed out'));
        },
      });
      const h = await startHarness(target, { engine, workers: false, env: { ...BATCH, GENERATION_RETRIES: '2' } });
      try {
        const { id, token } = await h.account(1000);
        const products = [await createOne(h, token, pasta('S-1')), await createOne(h, token, pasta('FLAKY')), await createOne(h, token, pasta('S-2'))];
        await startWorkers({ ...h.container, events: h.events });
        const outcomes = await h.settled(products.map((p) => p.generationId));
        assert.deepEqual([...outcomes.values()], ['completed', 'completed', 'completed']);
        assert.deepEqual(Object.fromEntries(engine.calls), { 'S-1': 1, FLAKY: 2, 'S-2': 1 });
        const attempts = await h.container.db.query<{ sku: string; attempts: number }>(
          'SELECT p.sku, g.attempts FROM generations g JOIN products p ON p.id = g.product_id WHERE g.account_id = $1 ORDER BY p.sku',
          [id],
        );
        assert.deepEqual(
          attempts.map((a) => `${a.sku} ${a.attempts}`),
          ['FLAKY 2', 'S-1 1', 'S-2 1'],
        );
        const rows = await ledger(h, id);
        assert.equal(rows.filter((r) => r.kind === 'charge').length, 3);
        assert.equal(rows.filter((r) => r.kind === 'refund').length, 0);
      } finally {
        await h.close();
      }
    });

    test('a settled generation is never fetched again, so nothing of it is written or charged twice; new products beside it are written', async () => {
      const h = await startHarness(target, { workers: false, env: BATCH });
      try {
        const { id, token } = await h.account(1000);
        const done = await createOne(h, token, pasta('DONE'));
        const running = await startWorkers({ ...h.container, events: h.events });
        await h.settled([done.generationId]);
        await running.stop({ graceful: true, timeoutMs: 60_000 });
        const contentBefore = await h.container.db.query('SELECT * FROM product_content WHERE product_id = $1 ORDER BY country', [done.productId]);
        const ledgerBefore = await ledger(h, id);
        const generationBefore = await findGeneration(h.container.db, done.generationId);

        // New products queued, and written by the worker beside the settled generation.
        const fresh = [await createOne(h, token, pasta('NEW-1')), await createOne(h, token, pasta('NEW-2'))];
        await startWorkers({ ...h.container, events: h.events });
        const outcomes = await h.settled(fresh.map((p) => p.generationId));
        assert.deepEqual([...outcomes.values()], ['completed', 'completed']);
        assert.deepEqual(await dueNow(h.container.db), [], 'the queue still hands out a settled generation');

        assert.deepEqual(await findGeneration(h.container.db, done.generationId), generationBefore);
        assert.deepEqual(await h.container.db.query('SELECT * FROM product_content WHERE product_id = $1 ORDER BY country', [done.productId]), contentBefore);
        assert.deepEqual(await historyRows(h, done.productId), []);
        const rows = await ledger(h, id);
        assert.deepEqual(rows.slice(0, ledgerBefore.length), ledgerBefore);
        assert.deepEqual(
          rows.slice(ledgerBefore.length).map((r) => `${r.kind} ${r.generation_id}`),
          fresh.map((p) => `charge ${p.generationId}`),
        );
      } finally {
        await h.close();
      }
    });

    /**
     * A harness whose v1 is an agent model (v2 stays on the template engine) and whose only source,
     * Open Food Facts, never answers for `slowCode`: its headers never come, and only the source's
     * timeout (set far beyond the test) would end the lookup. Workers off until the test starts them.
     */
    async function withSlowSource(seed: number, fixtures: Parameters<typeof startFakeOpenFoodFacts>[0] = {}) {
      const off = await startFakeOpenFoodFacts(fixtures);
      const [slowCode = ''] = validEans(1, seed);
      off.fail(slowCode, { kind: 'slow' });
      const fake = await startFakeOpenAiCompatible({ script: productWriter() });
      const h = await startHarness(target, {
        workers: false,
        env: {
          ...BATCH,
          SOURCES: 'open_food_facts',
          OPEN_FOOD_FACTS_URL: off.url,
          SOURCE_TIMEOUT_SECONDS: '300',
          AGENT_V1_MODEL: 'openai-compatible:llama3.1:8b',
          AGENT_V1_BASE_URL: fake.baseURL,
          AGENT_V1_API_KEY: 'local-key',
        },
      });
      return {
        h,
        off,
        slowCode,
        async close() {
          // Dropping the held lookup first lets the workers stop without waiting for its timeout.
          await off.close();
          await h.close();
          await fake.close();
        },
      };
    }

    async function stillProcessing(h: Harness, generationId: string): Promise<boolean> {
      const [row] = await h.container.db.query<{ state: string }>('SELECT state FROM generations WHERE id = $1', [generationId]);
      return row?.state === 'processing';
    }

    test("an agent model's generation does not wait for a slow source its batch's template generations ask", async () => {
      const { h, off, slowCode, close } = await withSlowSource(977);
      try {
        const { token } = await h.account(1000);
        const template = await createOne(h, token, { codes: slowCode, countries: ['it'], agent_model: 'v2' });
        const agent = await createOne(h, token, { ...pasta('AGENT'), agent_model: 'v1' });
        await startWorkers({ ...h.container, events: h.events });
        assert.deepEqual([...(await h.settled([agent.generationId])).values()], ['completed']);
        assert.equal(off.requestsFor(slowCode).length, 1);
        assert.ok(await stillProcessing(h, template.generationId));
        assert.equal((await claimTokens(h, [template.generationId, agent.generationId])).size, 1);
      } finally {
        await close();
      }
    });

    test("an agent model's generations of one batch do not wait for each other's sources: one whose source hangs holds back none of the others", async () => {
      const food = readProductFixtures('open_food_facts').find((f) => f.category === 'food');
      assert.ok(food);
      const { h, off, slowCode, close } = await withSlowSource(978, { fixtures: [food] });
      try {
        const { token } = await h.account(1000);
        const slow = await createOne(h, token, { codes: slowCode, countries: ['it'], agent_model: 'v1' });
        const found = await createOne(h, token, { codes: food.code, countries: ['it'], agent_model: 'v1' });
        const raw = await createOne(h, token, { ...pasta('RAW'), agent_model: 'v1' });
        await startWorkers({ ...h.container, events: h.events });
        const outcomes = await h.settled([found.generationId, raw.generationId]);
        assert.deepEqual([outcomes.get(found.generationId), outcomes.get(raw.generationId)], ['completed', 'completed']);
        // The found product was written from its source's facts, read by its own lookup.
        const [facts] = await h.container.db.query<{ facts: { source: string }[] }>('SELECT facts FROM products WHERE id = $1', [found.productId]);
        assert.ok(facts?.facts.some((f) => f.source === 'open_food_facts'));
        assert.equal(off.requestsFor(slowCode).length, 1);
        assert.ok(await stillProcessing(h, slow.generationId));
        // One fetch took all three: they shared the batch's claim.
        assert.equal((await claimTokens(h, [slow.generationId, found.generationId, raw.generationId])).size, 1);
      } finally {
        await close();
      }
    });

    test("an agent model's generations that finish together are stored together, exactly once; one that cannot be stored fails alone", async () => {
      // Every engine answers at the same moment, as an agent model's calls sent together do.
      let started = 0;
      let answer: () => void = () => {};
      const together = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const template = scriptedEngine({ UNSTORABLE: () => 'nul' });
      const engine: ContentEngine = {
        name: 'agent-like',
        async generate(input) {
          started += 1;
          if (started === 6) answer();
          await together;
          return template.generate(input);
        },
      };
      const h = await startHarness(target, { engine, workers: false, env: { ...BATCH, GENERATION_RETRIES: '0' } });
      try {
        const { id, token } = await h.account(1000);
        const good = [];
        for (const sku of ['A-1', 'A-2', 'A-3']) good.push(await createOne(h, token, pasta(sku)));
        const unstorable = await createOne(h, token, pasta('UNSTORABLE'));
        for (const sku of ['A-4', 'A-5']) good.push(await createOne(h, token, pasta(sku)));
        // Engines that are not the template engine: their generations are stored as each is ready (store-queue.ts).
        await startWorkers({ ...h.container, engines: { v1: 'llm-v1', v2: 'llm-v2' }, events: h.events });
        const outcomes = await h.settled([...good, unstorable].map((p) => p.generationId));
        assert.deepEqual(
          good.map((p) => outcomes.get(p.generationId)),
          ['completed', 'completed', 'completed', 'completed', 'completed'],
        );
        assert.equal(outcomes.get(unstorable.generationId), 'failed');
        for (const { productId } of good) {
          assert.deepEqual(
            (await contentRows(h, productId)).map((r) => r.country),
            ['de', 'it'],
          );
        }
        assert.deepEqual(await contentRows(h, unstorable.productId), []);
        assert.deepEqual(
          await chargesAndRefunds(h, id),
          [...good.map((p) => `charge ${p.generationId}`), `charge ${unstorable.generationId}`, `refund ${unstorable.generationId}`].sort(),
        );
        const { credits, ledger: sum } = await h.balance(id);
        assert.equal(credits, sum);
      } finally {
        answer();
        await h.close();
      }
    });

    test("an agent model's generations fetched together share the claim, and each is stored when its model answers: a slow one holds none back", async () => {
      const writer = productWriter();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let slowAsked: () => void = () => {};
      const slowArrived = new Promise<void>((resolve) => {
        slowAsked = resolve;
      });
      const fake = await startFakeOpenAiCompatible({
        script: async (request, index) => {
          if (request.messages.some((m) => m.text.includes('Spaghetti SLOW'))) {
            slowAsked();
            await held;
          }
          return writer(request, index);
        },
      });
      const h = await startHarness(target, {
        workers: false,
        env: { ...BATCH, AGENT_V1_MODEL: 'openai-compatible:llama3.1:8b', AGENT_V1_BASE_URL: fake.baseURL, AGENT_V1_API_KEY: 'local-key' },
      });
      try {
        const { id, token } = await h.account(1000);
        const quick = [await createOne(h, token, { ...pasta('QUICK-1'), agent_model: 'v1' })];
        const slow = await createOne(h, token, { ...pasta('SLOW'), agent_model: 'v1' });
        quick.push(await createOne(h, token, { ...pasta('QUICK-2'), agent_model: 'v1' }));
        await startWorkers({ ...h.container, events: h.events });
        await slowArrived;
        const outcomes = await h.settled(quick.map((p) => p.generationId));
        assert.deepEqual([...outcomes.values()], ['completed', 'completed']);
        for (const { productId } of quick) assert.equal((await contentRows(h, productId)).length, 2);
        // Still waiting for its model, under the claim the batch took for all three.
        const [slowNow] = await h.container.db.query<{ state: string }>('SELECT state FROM generations WHERE id = $1', [slow.generationId]);
        assert.equal(slowNow?.state, 'processing');
        assert.deepEqual(await contentRows(h, slow.productId), []);
        assert.equal(
          (
            await claimTokens(
              h,
              [...quick, slow].map((p) => p.generationId),
            )
          ).size,
          1,
        );

        release();
        assert.deepEqual([...(await h.settled([slow.generationId])).values()], ['completed']);
        assert.equal((await contentRows(h, slow.productId)).length, 2);
        assert.deepEqual(await chargesAndRefunds(h, id), [...quick, slow].map((p) => `charge ${p.generationId}`).sort());
        const { credits, ledger: sum } = await h.balance(id);
        assert.equal(credits, sum);
      } finally {
        release();
        await h.close();
        await fake.close();
      }
    });
  });
}
