import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { listContent } from '../../src/db/content.ts';
import type { SqlRunner } from '../../src/db/database.ts';
import { claimDueGenerations } from '../../src/db/generation-queue.ts';
import { deferGeneration, findGeneration, type GenerationRow, recordAttemptUsage, releaseClaim, renewClaim } from '../../src/db/generations.ts';
import { emptyUsage } from '../../src/domain/generation-usage.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import { failAndRefund } from '../../src/pipeline/fail-generation.ts';
import { claimTimings, generationRetryPolicy, keepClaim } from '../../src/pipeline/generation-claim.ts';
import { prepareGeneration } from '../../src/pipeline/prepare-generation.ts';
import { deferUntil } from '../../src/pipeline/requeue-generation.ts';
import type { ContentEngine } from '../../src/domain/generation-ports.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { completeUnder, dueNow, fetchDue } from '../helpers/queue-runs.ts';

const PRODUCT = { title: 'Moka Express 3 tazze', brand: 'Bialetti', description: 'Caffettiera in alluminio. Per piani a gas ed elettrici.', countries: ['it', 'de'] };

function createOne(h: Harness, token: string): Promise<{ productId: string; generationId: string }> {
  return h.createQueued(token, PRODUCT);
}

/** A generation whose first run's lease lapsed at once (as if its worker hung) and which a second fetch then handed out again. */
async function takenOver(h: Harness) {
  const db = h.container.db;
  const { id, token } = await h.account(10);
  const { generationId } = await createOne(h, token);
  const stale = await fetchDue(db, 0);
  assert.deepEqual(
    stale.generations.map((g) => g.id),
    [generationId],
  );
  const live = await fetchDue(db, 60);
  assert.deepEqual(
    live.generations.map((g) => g.id),
    [generationId],
    'the lapsed claim was not handed out again',
  );
  return { db, accountId: id, generationId, first: stale.fence, second: live.fence, staleGeneration: defined(stale.generations[0]) };
}

/** Fetches the generation and defers it by its run (as for a provider's long pause) for `seconds`: its row as the deferral left it. */
async function deferredFor(h: Harness, generationId: string, seconds: number): Promise<GenerationRow> {
  const { generations, fence } = await fetchDue(h.container.db);
  assert.deepEqual(
    generations.map((g) => g.id),
    [generationId],
  );
  const generation = defined(generations[0]);
  assert.equal(await deferUntil(h.container, generation, fence, { usage: null, notBefore: new Date(Date.now() + seconds * 1000) }), 'deferred');
  const row = defined(await findGeneration(h.container.db, generationId));
  assert.deepEqual({ state: row.state, claimed_until: row.claimed_until, deferrals: row.deferrals }, { state: 'queued', claimed_until: null, deferrals: 1 });
  return row;
}

/** Everything a user would see of a generation that ran: its state, its records, its account. */
async function outcomeOf(h: Harness, productId: string, accountId: string) {
  const generations = await h.container.db.query<{ id: string; state: string }>('SELECT id, state FROM generations WHERE product_id = $1', [productId]);
  const content = await listContent(h.container.db, productId);
  const history = await h.container.db.query<{ n: number }>('SELECT count(*)::int AS n FROM product_content_history WHERE product_id = $1', [productId]);
  return {
    generations: generations.map((g) => g.state),
    countries: content.map((c) => c.country).sort(),
    titles: content.map((c) => c.title),
    history: history[0]?.n,
    balance: await h.balance(accountId),
  };
}

for (const target of databaseTargets()) {
  describe(`fenced generation claims [${target.name}]`, () => {
    test('a run past its time limit keeps its generation while it stops: not handed out again beside it, and it completes once', { timeout: 120_000 }, async () => {
      const real = createTemplateEngine();
      let running = 0;
      let most = 0;
      let runs = 0;
      // What the queue handed out while the first run, told to stop, still held the generation.
      let meanwhile: string[] | undefined;
      const engine: ContentEngine = {
        name: 'slow-to-stop',
        async generate(input) {
          runs += 1;
          running += 1;
          most = Math.max(most, running);
          try {
            if (runs === 1) {
              // The first run outlives its time limit (GENERATION_TIMEOUT_SECONDS), is told to stop, and
              // looks at the queue before it does: within its grace the generation is still its own.
              const signal = defined(input.signal);
              if (!signal.aborted) await once(signal, 'abort');
              const fetched = await claimDueGenerations(h.container.db, 100, { token: randomUUID(), leaseSeconds: 0 });
              meanwhile = fetched.map((g) => g.id);
            }
            // The template engine honours the stop: the first run ends here, its attempt failed.
            return await real.generate(input);
          } finally {
            running -= 1;
          }
        },
      };
      const h = await startHarness(target, { engine, env: { GENERATION_TIMEOUT_SECONDS: '2' } });
      try {
        const { id, token } = await h.account(10);
        const { productId, generationId } = await createOne(h, token);
        assert.equal((await h.settled([generationId], 90_000)).get(generationId), 'completed');

        assert.deepEqual(meanwhile, [], 'the queue handed out a generation its stopping run still held');
        assert.equal(most, 1, 'the engine ran the generation twice at the same time');
        assert.equal(runs, 2, 'the first run stopped and a second one finished the generation');
        const { titles: _titles, ...seen } = await outcomeOf(h, productId, id);
        assert.deepEqual(seen, { generations: ['completed'], countries: ['de', 'it'], history: 0, balance: { credits: 4, ledger: 4 } });
        assert.equal((await findGeneration(h.container.db, generationId))?.claimed_until, null, 'a settled generation holds no lease');
      } finally {
        await h.close();
      }
    });

    test('a run that ignores its stop is fenced out: the next run completes, and the stale one writes nothing when it returns', { timeout: 120_000 }, async () => {
      const real = createTemplateEngine();
      let runs = 0;
      const release = Promise.withResolvers<void>();
      const engine: ContentEngine = {
        name: 'hangs-once',
        async generate(input) {
          runs += 1;
          if (runs > 1) return real.generate(input);
          await release.promise;
          // A hung step that never looks at its signal, then returns something recognisable.
          const { signal: _ignored, ...deaf } = input;
          const output = await real.generate(deaf);
          for (const record of output.content) record.title = 'STALE';
          return output;
        },
      };
      const h = await startHarness(target, { engine, workers: false, env: { GENERATION_TIMEOUT_SECONDS: '2' } });
      try {
        // No grace once told to stop: the hung run's lease lapses within half a second.
        await startWorkers({ ...h.container, events: h.events, claims: { leaseSeconds: 0.5, renewEverySeconds: 0.15, stopGraceSeconds: 0 } });
        const { id, token } = await h.account(10);
        const { productId, generationId } = await createOne(h, token);
        assert.equal((await h.settled([generationId], 90_000)).get(generationId), 'completed');

        const lost = once(h.events, 'claim_lost', { signal: AbortSignal.timeout(60_000) });
        release.resolve();
        assert.deepEqual(await lost, [{ generationId, outcome: 'claim_lost' }]);
        const seen = await outcomeOf(h, productId, id);
        assert.deepEqual(seen.generations, ['completed']);
        assert.deepEqual(seen.countries, ['de', 'it']);
        assert.ok(!seen.titles.includes('STALE'), 'the stale run wrote its records');
        assert.equal(seen.history, 0);
        assert.deepEqual(seen.balance, { credits: 4, ledger: 4 });
      } finally {
        release.resolve();
        await h.close();
      }
    });

    test('runs that each outlive their time limit and ignore the stop end after the last attempt: failed, refunded, the model not called again', { timeout: 120_000 }, async () => {
      const real = createTemplateEngine();
      let runs = 0;
      const release = Promise.withResolvers<void>();
      const engine: ContentEngine = {
        name: 'never-finishes',
        async generate(input) {
          runs += 1;
          // Like a model call that cannot be cut short: each run goes on past its time limit, its
          // lease lapses, and the queue hands the generation out again.
          await release.promise;
          const { signal: _ignored, ...deaf } = input;
          return real.generate(deaf);
        },
      };
      const h = await startHarness(target, { engine, workers: false, env: { GENERATION_TIMEOUT_SECONDS: '1', GENERATION_RETRIES: '1' } });
      try {
        // No grace once told to stop: each hung run's lease lapses within half a second.
        await startWorkers({ ...h.container, events: h.events, claims: { leaseSeconds: 0.5, renewEverySeconds: 0.15, stopGraceSeconds: 0 } });
        const { id, token } = await h.account(10);
        const { productId, generationId } = await createOne(h, token);
        assert.equal((await h.settled([generationId], 90_000)).get(generationId), 'failed');

        // Two attempts in all (GENERATION_RETRIES 1): the third fetch fails it rather than run it.
        assert.equal(runs, 2);
        const row = await findGeneration(h.container.db, generationId);
        assert.equal(row?.failure?.reason, 'generation_failed');
        assert.match(row?.failure?.message ?? '', /started 2 times without finishing.*refunded/);
        const { titles: _titles, ...seen } = await outcomeOf(h, productId, id);
        assert.deepEqual(seen, { generations: ['failed'], countries: [], history: 0, balance: { credits: 10, ledger: 10 } });
      } finally {
        release.resolve();
        await h.close();
      }
    });

    test("a deferred generation is not handed out before its not_before, on the database's clock to the microsecond, and is from then on", async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { token } = await h.account(10);
        const { generationId } = await createOne(h, token);
        const db = h.container.db;
        const fetch = async (runner: SqlRunner = db) => (await claimDueGenerations(runner, 100, { token: randomUUID(), leaseSeconds: 60 })).map((g) => g.id);
        const deferred = await deferredFor(h, generationId, 600);
        assert.deepEqual(await fetch(), [], 'handed out during its deferral');

        // One transaction, so one now(): a microsecond ahead is not due, now is.
        await db.transaction(async (tx) => {
          await tx.query(`UPDATE generations SET not_before = now() + interval '1 microsecond' WHERE id = $1`, [generationId]);
          assert.deepEqual(await fetch(tx), [], 'handed out a microsecond early');
          await tx.query('UPDATE generations SET not_before = now() WHERE id = $1', [generationId]);
          assert.deepEqual(await fetch(tx), [generationId], 'not handed out once due, or not alone');
          const row = await findGeneration(tx, generationId);
          // The deferral gave its attempt back: this is its second, after one deferral.
          assert.deepEqual(
            { state: row?.state, attempts: row?.attempts, deferrals: row?.deferrals },
            { state: 'processing', attempts: deferred.attempts + 1, deferrals: deferred.deferrals },
          );
        });
      } finally {
        await h.close();
      }
    });

    test("a product's younger generation is not handed out while an older one is deferred, nor beside it, but once the older one settles", async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { token } = await h.account(100);
        const { productId, generationId: older } = await createOne(h, token);
        const regenerated = await h.post(`/api/v1/products/regenerate/${productId}`, token, { fields: { title: '' } });
        assert.equal(regenerated.statusCode, 202, regenerated.body);
        const [younger] = await h.generationIdsOf([productId]);
        assert.ok(younger !== undefined && younger !== older);
        const db = h.container.db;
        const fetch = async (claimToken: string = randomUUID()) => (await claimDueGenerations(db, 100, { token: claimToken, leaseSeconds: 60 })).map((g) => g.id);

        await deferredFor(h, older, 600);
        assert.deepEqual(await fetch(), [], 'the younger one was handed out ahead of the deferred one');
        await db.query('UPDATE generations SET not_before = now() WHERE id = $1', [older]);
        const run = randomUUID();
        assert.deepEqual(await fetch(run), [older], 'the older one, once due, was not handed out alone');
        assert.deepEqual(await fetch(), [], 'the younger one was handed out while the older one runs');
        assert.equal(await completeUnder(db, older, { token: run }), true);
        assert.deepEqual(await fetch(), [younger], 'the younger one was not handed out once the older one settled');
      } finally {
        await h.close();
      }
    });

    test('a run whose claim was taken over and then finds it cannot go on reports the claim lost, not a failure; the live run keeps the generation', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { db, accountId: id, generationId, first, staleGeneration } = await takenOver(h);

        // The stale run is past its attempts (a limit of 0 here), which fails and refunds a generation it still holds.
        const claim = keepClaim(db, staleGeneration, first, claimTimings(600), generationRetryPolicy(h.config.worker));
        const prepared = await prepareGeneration({ ...h.container, maxAttempts: 0 }, claim);
        await claim.settled();
        assert.deepEqual(prepared, { kind: 'done', outcome: 'claim_lost' });
        const row = await findGeneration(db, generationId);
        assert.deepEqual({ state: row?.state, failure: row?.failure ?? null }, { state: 'processing', failure: null });
        assert.deepEqual(await h.balance(id), { credits: 4, ledger: 4 });
      } finally {
        await h.close();
      }
    });

    test('every write of a run names its claim: a run whose claim was taken over cannot settle, defer, refund or renew', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        // The first run's lease lapsed at once (as if its worker hung); the second took the generation over.
        const { db, accountId: id, generationId, first, second } = await takenOver(h);
        // While the second's lease is live no fetch hands it out.
        assert.deepEqual(await dueNow(db), []);

        assert.equal(await renewClaim(db, generationId, { ...first, leaseSeconds: 60 }), false);
        assert.equal(await completeUnder(db, generationId, first, 'stale-handle'), false);
        assert.equal(await deferGeneration(db, generationId, first, { usage: null, afterSeconds: 0 }), false);
        assert.equal(await failAndRefund(db, generationId, { reason: 'x', message: 'stale' }, null, first), false);
        await recordAttemptUsage(db, generationId, first, emptyUsage('stale'));
        await releaseClaim(db, generationId, first);
        assert.deepEqual(await dueNow(db), [], 'the stale run released the live claim');

        const row = await findGeneration(db, generationId);
        assert.deepEqual({ state: row?.state, attempts: row?.attempts, usage: row?.usage }, { state: 'processing', attempts: 2, usage: null });
        assert.deepEqual(await h.balance(id), { credits: 4, ledger: 4 });

        assert.equal(await renewClaim(db, generationId, { ...second, leaseSeconds: 60 }), true);
        assert.equal(await completeUnder(db, generationId, second), true);
        assert.deepEqual(await dueNow(db), [], 'a settled generation was handed out');
      } finally {
        await h.close();
      }
    });
  });
}
