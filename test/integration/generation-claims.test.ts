import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { listContent } from '../../src/db/content.ts';
import { claimGeneration, completeGeneration, deferGeneration, findGeneration, recordAttemptUsage, releaseClaim, renewClaim } from '../../src/db/generations.ts';
import { emptyUsage } from '../../src/domain/generation-usage.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import { failAndRefund } from '../../src/services/fail-generation.ts';
import { claimTimings, keepClaim } from '../../src/services/generation-claim.ts';
import { prepareGeneration } from '../../src/services/prepare-generation.ts';
import { deferUntil } from '../../src/services/requeue-generation.ts';
import type { ContentEngine } from '../../src/services/ports.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const PRODUCT = { title: 'Moka Express 3 tazze', brand: 'Bialetti', description: 'Caffettiera in alluminio. Per piani a gas ed elettrici.', countries: ['it', 'de'] };

function createOne(h: Harness, token: string): Promise<{ productId: string; generationId: string }> {
  return h.createQueued(token, PRODUCT);
}

/** A generation whose first run's lease lapsed at once (as if its worker hung) and which a second run then took over. */
async function takenOver(h: Harness) {
  const db = h.container.db;
  const { id, token } = await h.account(10);
  const { generationId } = await createOne(h, token);
  const first = { token: randomUUID() };
  const second = { token: randomUUID() };
  const stale = await claimGeneration(db, generationId, { ...first, leaseSeconds: 0 });
  if (stale.status !== 'claimed') assert.fail(`the first run found the generation ${stale.status}`);
  assert.equal((await claimGeneration(db, generationId, { ...second, leaseSeconds: 60 })).status, 'claimed');
  return { db, accountId: id, generationId, first, second, staleGeneration: stale.generation };
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
    test('a generation that outlives its job expiry is not run a second time beside it; the retry waits, and it completes once', { timeout: 120_000 }, async () => {
      const real = createTemplateEngine();
      let running = 0;
      let most = 0;
      let runs = 0;
      // Resolves when the queue has tried the generation again: the new code reports the live claim,
      // the old one simply entered the engine a second time.
      const retried = Promise.withResolvers<void>();
      const engine: ContentEngine = {
        name: 'slow-to-stop',
        async generate(input) {
          runs += 1;
          running += 1;
          most = Math.max(most, running);
          if (running > 1) retried.resolve();
          try {
            // The first run outlives its job's expiry and only notices it was told to stop once
            // the queue has handed the job out again (a model call that cannot be cut short).
            if (runs === 1) await retried.promise;
            return await real.generate(input);
          } finally {
            running -= 1;
          }
        },
      };
      const h = await startHarness(target, { engine, env: { JOB_EXPIRE_SECONDS: '2', QUEUE_MONITOR_SECONDS: '1' } });
      h.events.on('claim_busy', () => retried.resolve());
      try {
        const { id, token } = await h.account(10);
        const { productId, generationId } = await createOne(h, token);
        assert.equal((await h.settled([generationId], 90_000)).get(generationId), 'completed');

        assert.equal(most, 1, 'the engine ran the generation twice at the same time');
        assert.ok(runs >= 2, 'the first run stopped and a second one finished the generation');
        const { titles: _titles, ...seen } = await outcomeOf(h, productId, id);
        assert.deepEqual(seen, { generations: ['completed'], countries: ['de', 'it'], history: 0, balance: { credits: 4, ledger: 4 } });
        assert.equal((await findGeneration(h.container.db, generationId))?.claimed_until, null, 'a settled generation holds no lease');
      } finally {
        retried.resolve();
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
      const h = await startHarness(target, { engine, workers: false, env: { JOB_EXPIRE_SECONDS: '2', QUEUE_MONITOR_SECONDS: '1' } });
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

    test('runs that each outlive their job stop after the last attempt: failed, refunded, the model not called again', { timeout: 120_000 }, async () => {
      let runs = 0;
      const engine: ContentEngine = {
        name: 'never-finishes',
        async generate() {
          runs += 1;
          // Like a model call that cannot be cut short: the run goes on past its job's expiry until
          // the queue's retry has found it still holding the generation, and only then gives up.
          await once(h.events, 'claim_busy', { signal: AbortSignal.timeout(60_000) });
          throw new Error('the model call was cut short');
        },
      };
      const h = await startHarness(target, { engine, env: { JOB_EXPIRE_SECONDS: '2', QUEUE_MONITOR_SECONDS: '1', JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '1' } });
      try {
        const { id, token } = await h.account(10);
        const { productId, generationId } = await createOne(h, token);
        assert.equal((await h.settled([generationId], 90_000)).get(generationId), 'failed');

        // Two attempts in all (JOB_RETRY_LIMIT 1), although each busy claim queued a job with retries of its own.
        assert.equal(runs, 2);
        const row = await findGeneration(h.container.db, generationId);
        assert.equal(row?.failure?.reason, 'generation_failed');
        assert.match(row?.failure?.message ?? '', /started 2 times without finishing.*refunded/);
        const { titles: _titles, ...seen } = await outcomeOf(h, productId, id);
        assert.deepEqual(seen, { generations: ['failed'], countries: [], history: 0, balance: { credits: 10, ledger: 10 } });
      } finally {
        await h.close();
      }
    });

    test("a deferral's job is due at its generation's not_before to the microsecond, never before", async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { token } = await h.account(10);
        const { generationId } = await createOne(h, token);
        const db = h.container.db;
        // Repeated: a start taken on another clock, or in whole milliseconds, is early now and then.
        for (let i = 0; i < 50; i++) {
          await db.query(`DELETE FROM pgboss.job WHERE name = 'vetrina.generation'`);
          const claimed = await claimGeneration(db, generationId, { token: randomUUID(), leaseSeconds: 60 });
          assert.equal(claimed.status, 'claimed');
          if (claimed.status !== 'claimed') return;
          const fence = { token: defined(claimed.generation.claim_token) };
          assert.equal(await deferUntil(h.container, claimed.generation, fence, { usage: null, notBefore: new Date(Date.now() + 1_000) }), 'deferred');
          const [row] = await db.query<{ early_us: string }>(
            `SELECT (extract(epoch FROM g.not_before - j.start_after) * 1e6)::bigint::text AS early_us
             FROM pgboss.job j JOIN generations g ON g.id = (j.data->>'generationId')::uuid WHERE g.id = $1`,
            [generationId],
          );
          assert.equal(row?.early_us, '0', `round ${i}: the job is due ${row?.early_us} µs before the generation`);
          await db.query('UPDATE generations SET not_before = NULL WHERE id = $1', [generationId]);
        }
      } finally {
        await h.close();
      }
    });

    test("a deferred generation's earlier job, fetched before the deferral ends, leaves it to the job queued with the deferral", { timeout: 120_000 }, async () => {
      const real = createTemplateEngine();
      const calledAt: number[] = [];
      const engine: ContentEngine = {
        name: 'timed',
        generate(input) {
          calledAt.push(Date.now());
          return real.generate(input);
        },
      };
      const h = await startHarness(target, { engine, workers: false });
      try {
        const { token } = await h.account(10);
        const { generationId } = await createOne(h, token);
        // A run deferred it (a provider's long pause) while the create's own job is still queued:
        // two jobs for one generation, the first due now.
        const claimed = await claimGeneration(h.container.db, generationId, { token: randomUUID(), leaseSeconds: 60 });
        assert.equal(claimed.status, 'claimed');
        if (claimed.status !== 'claimed') return;
        const fence = { token: defined(claimed.generation.claim_token) };
        // Far enough ahead that no machine is slow enough to reach it before the workers start.
        const deferred = await deferUntil(h.container, claimed.generation, fence, { usage: null, notBefore: new Date(Date.now() + 600_000) });
        assert.equal(deferred, 'deferred');

        const early = once(h.events, 'not_due', { signal: AbortSignal.timeout(60_000) });
        await startWorkers({ ...h.container, events: h.events });
        assert.deepEqual(await early, [{ generationId, outcome: 'not_due' }]);
        // The deferral ends now: the generation and the jobs queued for it (the deferral's, and the
        // one the early job left for the deferral's end) are due.
        const [due] = await h.container.db.query<{ not_before: Date }>('UPDATE generations SET not_before = now() WHERE id = $1 RETURNING not_before', [generationId]);
        const notBefore = defined(due?.not_before);
        await h.container.db.query(`UPDATE pgboss.job SET start_after = now() WHERE data->>'generationId' = $1 AND state = 'created'`, [generationId]);
        assert.equal((await h.settled([generationId], 60_000)).get(generationId), 'completed');
        assert.equal(calledAt.length, 1, 'one run');
        assert.ok(defined(calledAt[0]) >= notBefore.getTime(), `the run started ${notBefore.getTime() - defined(calledAt[0])} ms before the deferral ended`);
      } finally {
        await h.close();
      }
    });

    test('a run whose claim was taken over and then finds it cannot go on reports the claim lost, not a failure; the live run keeps the generation', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const { db, accountId: id, generationId, first, staleGeneration } = await takenOver(h);

        // The stale run is past its attempts (a limit of 0 here), which fails and refunds a generation it still holds.
        const claim = keepClaim(db, staleGeneration, first, claimTimings(600));
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
        // While the second's lease is live nobody else gets it.
        const third = await claimGeneration(db, generationId, { token: randomUUID(), leaseSeconds: 60 });
        assert.equal(third.status, 'busy');

        assert.equal(await renewClaim(db, generationId, { ...first, leaseSeconds: 60 }), false);
        assert.equal(await completeGeneration(db, generationId, first, 'stale-handle'), false);
        assert.equal(await deferGeneration(db, generationId, first, { usage: null, afterSeconds: 0 }), false);
        assert.equal(await failAndRefund(db, generationId, { reason: 'x', message: 'stale' }, null, first), false);
        await recordAttemptUsage(db, generationId, first, emptyUsage('stale'));
        await releaseClaim(db, generationId, first);
        assert.equal((await claimGeneration(db, generationId, { token: randomUUID(), leaseSeconds: 60 })).status, 'busy', 'the stale run released the live claim');

        const row = await findGeneration(db, generationId);
        assert.deepEqual({ state: row?.state, attempts: row?.attempts, usage: row?.usage }, { state: 'processing', attempts: 2, usage: null });
        assert.deepEqual(await h.balance(id), { credits: 4, ledger: 4 });

        assert.equal(await renewClaim(db, generationId, { ...second, leaseSeconds: 60 }), true);
        assert.equal(await completeGeneration(db, generationId, second, null), true);
        assert.equal((await claimGeneration(db, generationId, { token: randomUUID(), leaseSeconds: 60 })).status, 'settled');
      } finally {
        await h.close();
      }
    });
  });
}
