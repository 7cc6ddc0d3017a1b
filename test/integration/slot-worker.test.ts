import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { JOBS } from '../../src/jobs/registry.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import type { ContentEngine } from '../../src/services/ports.ts';
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
    test('a job that runs long holds only its own slot: products sent after it are written meanwhile, never more at once than the slots', async () => {
      const { engine, state } = holdingEngine();
      // Two slots, fetched two at a time (WORKER_CONCURRENCY × WORKER_BATCH_SIZE).
      const h = await startHarness(target, { engine, env: { WORKER_CONCURRENCY: '1', WORKER_BATCH_SIZE: '2' } });
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

    test('a job past its expiry is given back to the queue by the worker itself: its retry runs without waiting for the queue monitor', { timeout: 120_000 }, async () => {
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
      // The queue's own monitor would not look for expired jobs within this test.
      const h = await startHarness(target, { engine, workers: false, env: { JOB_EXPIRE_SECONDS: '2', QUEUE_MONITOR_SECONDS: '3600' } });
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

    test('a job whose payload is not a generation (from another version) ends at once and holds back nothing behind it', async () => {
      const h = await startHarness(target);
      try {
        const { token } = await h.account(100);
        const { productId, generationId } = await h.createQueued(token, { title: 'Fusilli', brand: 'Molino Rossi', description: DESCRIPTION, countries: ['it'] });
        await h.settled([generationId]);
        const bad = await h.container.boss.send(JOBS.generation.name, { generation: 'not an id' }, { singletonKey: productId });
        assert.ok(bad !== null);
        // The same product's next generation is queued behind it (one job at a time per product).
        const res = await h.post(`/api/v1/products/regenerate/${productId}`, token, { fields: { title: '' } });
        assert.equal(res.statusCode, 202, res.body);
        const [next] = await h.generationIdsOf([productId]);
        assert.ok(next !== undefined && next !== generationId);
        assert.equal((await h.settled([next], 60_000)).get(next), 'completed');
        const job = await h.container.boss.getJobById(JOBS.generation.name, bad);
        assert.deepEqual({ state: job?.state, retries: job?.retryCount }, { state: 'completed', retries: 0 });
      } finally {
        await h.close();
      }
    });
  });
}
