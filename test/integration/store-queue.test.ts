// Generations an agent model finishes one by one are stored by a group commit (store-queue.ts):
// what becomes ready while a store runs is stored by the next transaction, together.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findProductById } from '../../src/db/products.ts';
import { emptyContent, type CountryContent } from '../../src/domain/content.ts';
import { emptyUsage } from '../../src/domain/generation-usage.ts';
import { claimTimings, generationRetryPolicy, keepClaim } from '../../src/pipeline/generation-claim.ts';
import { createStoreQueue } from '../../src/pipeline/store-queue.ts';
import type { ReadyGeneration } from '../../src/pipeline/store-generations.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { fetchDue } from '../helpers/queue-runs.ts';

function record(title: string): CountryContent {
  return { ...emptyContent('it', 'it'), title, description: `${title}: pasta di semola di grano duro.` };
}

/** `titles.length` created products, claimed together, each with a record of that title ready to store. */
async function readyToStore(h: Harness, titles: readonly string[]): Promise<ReadyGeneration[]> {
  const { token } = await h.account(1000);
  const ids: string[] = [];
  for (const [i, title] of titles.entries()) {
    const res = await h.post('/api/v1/products/create', token, {
      sku: `SQ-${i}`,
      title: title.replace('\u0000', ''),
      brand: 'Molino Rossi',
      description: 'Pasta di semola di grano duro.',
      countries: ['it'],
    });
    assert.equal(res.statusCode, 202, res.body);
    ids.push(defined(res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]).id);
  }
  const generationIds = await h.generationIdsOf(ids);
  const { generations: claimed, fence } = await fetchDue(h.container.db);
  assert.deepEqual(claimed.map((g) => g.id).sort(), [...generationIds].sort(), 'the fetch did not hand out exactly the products just created');
  return Promise.all(
    generationIds.map(async (id, i) => {
      const generation = defined(claimed.find((g) => g.id === id));
      const product = defined(await findProductById(h.container.db, generation.product_id));
      const content = [record(defined(titles[i]))];
      return {
        claim: keepClaim(h.container.db, generation, fence, claimTimings(600), generationRetryPolicy(h.config.worker)),
        product,
        result: { content, productHandle: null, usage: emptyUsage('test'), facts: [] },
      };
    }),
  );
}

async function stored(h: Harness, ready: readonly ReadyGeneration[]) {
  return h.container.db.query<{ id: string; state: string; finished_at: Date | null; claimed_until: Date | null; titles: string[] }>(
    `SELECT g.id, g.state, g.finished_at, g.claimed_until,
            coalesce((SELECT array_agg(c.title) FROM product_content c WHERE c.product_id = g.product_id), '{}') AS titles
       FROM generations g WHERE g.id = ANY ($1::uuid[])`,
    [ready.map((r) => r.claim.generation.id)],
  );
}

for (const target of databaseTargets()) {
  describe(`storing generations as they become ready [${target.name}]`, () => {
    test('those ready while a store runs are stored by the next transaction, together, each once', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const ready = await readyToStore(h, ['Fusilli', 'Penne', 'Rigatoni', 'Farfalle', 'Orecchiette']);
        const store = createStoreQueue(h.container.db, 1);
        // All five become ready at once: the first is stored at once, the other four wait for it and share one transaction.
        const outcomes = await Promise.all(ready.map((r) => store(r)));
        assert.deepEqual(outcomes, ['completed', 'completed', 'completed', 'completed', 'completed']);
        const rows = await stored(h, ready);
        assert.deepEqual(rows.map((r) => r.titles.join()).sort(), ['Farfalle', 'Fusilli', 'Orecchiette', 'Penne', 'Rigatoni']);
        assert.ok(rows.every((r) => r.state === 'completed'));
        // now() is the transaction's start, so generations stored together finished at the same instant.
        const transactions = new Map<number, number>();
        for (const r of rows) transactions.set(defined(r.finished_at).getTime(), (transactions.get(defined(r.finished_at).getTime()) ?? 0) + 1);
        assert.deepEqual([...transactions.values()].sort(), [1, 4]);
        // Again (the same generations stored a second time): the claims are settled, nothing is written twice.
        assert.deepEqual(await Promise.all(ready.map((r) => store(r))), ['claim_lost', 'claim_lost', 'claim_lost', 'claim_lost', 'claim_lost']);
        const [{ n = -1 } = {}] = await h.container.db.query<{ n: number }>('SELECT count(*)::int AS n FROM product_content WHERE generation_id = ANY ($1::uuid[])', [
          ready.map((r) => r.claim.generation.id),
        ]);
        assert.equal(n, 5);
      } finally {
        await h.close();
      }
    });

    test('two stores of one generation (a run and its retry) go in different transactions, so the rest of the group is stored together', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const [first, b, c, a] = await readyToStore(h, ['Fusilli', 'Penne', 'Rigatoni', 'Farfalle']);
        const store = createStoreQueue(h.container.db, 1);
        const outcomes = await Promise.all([defined(first), defined(b), defined(c), defined(a), defined(a)].map((r) => store(r)));
        assert.deepEqual(outcomes, ['completed', 'completed', 'completed', 'completed', 'claim_lost']);
        const rows = await stored(h, [defined(b), defined(c), defined(a)]);
        // One transaction for the three: the second store of `a` waited for the next one.
        assert.equal(new Set(rows.map((r) => defined(r.finished_at).getTime())).size, 1);
        assert.deepEqual(rows.map((r) => r.titles.join()).sort(), ['Farfalle', 'Penne', 'Rigatoni']);
      } finally {
        await h.close();
      }
    });

    test('a group whose transaction fails is stored one by one: the record that cannot be stored fails alone and frees its claim', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        // A NUL in a JSON string is refused by the database, which fails the whole group's transaction.
        const ready = await readyToStore(h, ['Fusilli', 'Penne', 'Rigatoni\u0000', 'Farfalle']);
        const store = createStoreQueue(h.container.db, 1);
        const outcomes = await Promise.allSettled(ready.map((r) => store(r)));
        assert.deepEqual(
          outcomes.map((o) => o.status),
          ['fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
        );
        const rows = await stored(h, ready);
        const bad = defined(rows.find((r) => r.id === ready[2]?.claim.generation.id));
        assert.deepEqual(bad.titles, []);
        assert.equal(bad.state, 'processing');
        // Released, so the queue's retry can claim it at once instead of waiting for the lease to lapse.
        assert.equal(bad.claimed_until, null);
        assert.deepEqual(
          rows
            .filter((r) => r !== bad)
            .map((r) => `${r.state} ${r.titles.join()}`)
            .sort(),
          ['completed Farfalle', 'completed Fusilli', 'completed Penne'],
        );
      } finally {
        await h.close();
      }
    });
  });
}
