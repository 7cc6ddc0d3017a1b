import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import type { ContentEngine } from '../../src/domain/generation-ports.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const DESCRIPTION = 'Pasta di semola di grano duro. Tempo di cottura 9 minuti. Confezione da 500 g.';

/** The template engine, holding the product titled "HOLD" until released, and counting the runs in flight. */
function holdingEngine() {
  const real = createTemplateEngine();
  const release = Promise.withResolvers<void>();
  const state = { inFlight: 0, most: 0, release: () => release.resolve() };
  const engine: ContentEngine = {
    name: 'holding',
    async generate(input) {
      state.inFlight += 1;
      state.most = Math.max(state.most, state.inFlight);
      try {
        if (input.product.title === 'HOLD') await release.promise;
        return await real.generate(input);
      } finally {
        state.inFlight -= 1;
      }
    },
  };
  return { engine, state };
}

async function create(h: Harness, token: string, title: string): Promise<string> {
  return (await h.createQueued(token, { title, brand: 'Molino Rossi', description: DESCRIPTION, countries: ['it'] })).generationId;
}

for (const target of databaseTargets()) {
  describe(`generation worker slots [${target.name}]`, () => {
    test('a generation that runs long holds only its own slot: products sent after it are written meanwhile, never more at once than the slots', async () => {
      const { engine, state } = holdingEngine();
      // Two slots, fetched two at a time.
      const h = await startHarness(target, { engine, env: { GENERATION_CONCURRENCY: '2', GENERATION_FETCH_SIZE: '2' } });
      try {
        const { token } = await h.account(100);
        const held = await create(h, token, 'HOLD');
        // One at a time, as a shop's clients send raw products: each is fetched on its own.
        const others: string[] = [];
        for (const title of ['Fusilli', 'Penne', 'Farfalle', 'Rigatoni']) {
          others.push(await create(h, token, title));
        }
        const outcomes = await h.settled(others, 60_000);
        assert.deepEqual([...outcomes.values()], ['completed', 'completed', 'completed', 'completed']);
        assert.equal((await h.container.db.query<{ state: string }>('SELECT state FROM generations WHERE id = $1', [held]))[0]?.state, 'processing');

        state.release();
        assert.equal((await h.settled([held], 60_000)).get(held), 'completed');
        assert.equal(state.most, 2);
      } finally {
        state.release();
        await h.close();
      }
    });

    test('a run past its expiry frees its slot and its claim lapses: the generation runs again without waiting for the hung run', { timeout: 120_000 }, async () => {
      const real = createTemplateEngine();
      const release = Promise.withResolvers<void>();
      let runs = 0;
      const engine: ContentEngine = {
        name: 'hangs-once',
        async generate(input) {
          runs += 1;
          // The first run never looks at its signal, as a stuck call would not.
          if (runs === 1) await release.promise;
          return real.generate(input);
        },
      };
      const h = await startHarness(target, { engine, workers: false, env: { GENERATION_TIMEOUT_SECONDS: '2', GENERATION_POLL_SECONDS: '1' } });
      try {
        const workers = await startWorkers({ ...h.container, events: h.events, claims: { leaseSeconds: 0.5, renewEverySeconds: 0.15, stopGraceSeconds: 0 } });
        const { token } = await h.account(100);
        const generationId = await create(h, token, 'Fusilli');
        assert.equal((await h.settled([generationId], 60_000)).get(generationId), 'completed');
        assert.equal(runs, 2);
        // Stopping twice at once is one stop: the second waits for the first.
        assert.equal(workers.stop({ graceful: true, timeoutMs: 1000 }), workers.stop({ graceful: false, timeoutMs: 0 }));
      } finally {
        release.resolve();
        await h.close();
      }
    });

    test("a product's generations run one at a time in the order they were asked for, while other products' run beside them", async () => {
      const { engine, state } = holdingEngine();
      const h = await startHarness(target, { engine, env: { GENERATION_CONCURRENCY: '4', GENERATION_FETCH_SIZE: '4' } });
      try {
        const { token } = await h.account(100);
        const { productId, generationId: held } = await h.createQueued(token, { title: 'HOLD', brand: 'Molino Rossi', description: DESCRIPTION, countries: ['it'] });
        const res = await h.post(`/api/v1/products/regenerate/${productId}`, token, { fields: { description: '' } });
        assert.equal(res.statusCode, 202, res.body);
        const [regeneration] = await h.generationIdsOf([productId]);
        assert.ok(regeneration !== undefined && regeneration !== held);
        // Another product, queued after both, is fetched past the waiting regeneration and written.
        const other = await create(h, token, 'Fusilli');
        assert.equal((await h.settled([other], 60_000)).get(other), 'completed');
        const states = async () =>
          new Map(
            (await h.container.db.query<{ id: string; state: string; attempts: number }>('SELECT id, state, attempts FROM generations WHERE product_id = $1', [productId])).map(
              (r) => [r.id, [r.state, r.attempts]],
            ),
          );
        assert.deepEqual((await states()).get(regeneration), ['queued', 0]);
        assert.deepEqual((await states()).get(held), ['processing', 1]);

        state.release();
        const outcomes = await h.settled([held, regeneration], 60_000);
        assert.deepEqual([outcomes.get(held), outcomes.get(regeneration)], ['completed', 'completed']);
        const [order] = await h.container.db.query<{ in_order: boolean }>(
          'SELECT (SELECT finished_at FROM generations WHERE id = $1) <= (SELECT started_at FROM generations WHERE id = $2) AS in_order',
          [held, regeneration],
        );
        assert.equal(order?.in_order, true, 'the regeneration started before the create it follows had finished');
      } finally {
        state.release();
        await h.close();
      }
    });
  });
}
