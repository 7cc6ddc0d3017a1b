// A worker storing a product's generation and a deletion of that product lock the same two rows:
// both must take the generation before the product, or each waits for the other (a deadlock,
// which the database breaks by failing one of them). A create's store always locks the product
// for its review, so the order matters for every create deleted while it is being stored.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import pg from 'pg';
import { lockUnsettledGenerations } from '../../src/db/generations.ts';
import { findProductById } from '../../src/db/products.ts';
import { emptyUsage } from '../../src/domain/generation-usage.ts';
import { storeGeneration, storeGenerations } from '../../src/pipeline/store-generations.ts';
import { defined } from '../helpers/assert.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness } from '../helpers/harness.ts';
import { untilWaitingOnLock } from '../helpers/lock-waits.ts';
import { fetchAndHold } from '../helpers/queue-runs.ts';

// Two connections holding locks at once: PostgreSQL only (PGlite has one connection).
const postgres = databaseTargets().find((t) => t.name === 'postgres');

describe('a worker storing a create while its product is being deleted [postgres]', { skip: postgres === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  for (const path of ['one', 'batch'] as const) {
    test(`the store (${path}) waits for the generation the delete holds before it locks the product, so the delete can lock the product`, async () => {
      const h = await startHarness(defined(postgres), { workers: false });
      const url = defined(h.database.url, 'url');
      const deleter = new pg.Client({ connectionString: url });
      const watcher = new pg.Client({ connectionString: url });
      await Promise.all([deleter.connect(), watcher.connect()]);
      try {
        const { token } = await h.account(100);
        const created = await h.post('/api/v1/products/create', token, { codes: validEans(1, 904)[0], countries: ['it'] });
        assert.equal(created.statusCode, 202, created.body);
        const productId = defined(created.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]).id;
        const [generationId = ''] = await h.generationIdsOf([productId]);
        const claim = await fetchAndHold(h.container.db, generationId);
        const product = await findProductById(h.container.db, productId);

        // The delete's first step: the product's unsettled generations.
        await deleter.query('BEGIN');
        await lockUnsettledGenerations(
          { query: async <Row extends object>(text: string, params?: readonly unknown[]) => (await deleter.query<Row>(text, params ? [...params] : [])).rows },
          productId,
        );
        const result = { content: [], productHandle: null, usage: emptyUsage('template'), facts: [] };
        const ready = { claim, product: defined(product), result };
        const storing =
          path === 'one' ? storeGeneration(h.container.db, claim, ready.product, result) : storeGenerations(h.container.db, [ready]).then((outcomes) => outcomes.get(generationId));
        // The store is now waiting for a row lock the delete holds.
        await untilWaitingOnLock(watcher);
        // The delete's next step, without waiting: a store that had locked the product first would make it fail at once.
        const locked = await deleter.query('SELECT id FROM products WHERE id = $1 FOR UPDATE NOWAIT', [productId]);
        assert.equal(locked.rowCount, 1);
        await deleter.query('ROLLBACK');
        assert.equal(await storing, 'completed', 'the delete gave up, so the store goes on');
        await claim.settled();
      } finally {
        await Promise.all([deleter.end(), watcher.end()]);
        await h.close();
      }
    });
  }
});
