import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { importCatalogue } from '../../src/sources/catalogue/import-catalogue.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { downHost } from '../helpers/down-host.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// No network: Open Food Facts cannot be reached (a loopback port nothing listens on, so the
// connection is refused and nothing leaves the machine). Once its circuit breaker opens, products
// no longer wait out the queue's retries for it: they complete at once from the catalogue and say
// which source was down, and a code nobody else knows fails at once, refunded.

const CATALOGUE = new URL('../fixtures/catalogue/shop-feed.csv', import.meta.url).pathname;
const MOKA = '8001234500016';
const [FIRST_UNKNOWN = '', LATER_UNKNOWN = ''] = validEans(2, 914);

interface Failure {
  reason: string;
  message: string;
}

for (const target of databaseTargets()) {
  describe(`a remote source that cannot be reached [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, {
        env: {
          SOURCES: 'catalogue,open_food_facts',
          OPEN_FOOD_FACTS_URL: await downHost(),
          GENERATION_RETRIES: '3',
          GENERATION_RETRY_DELAY_SECONDS: '1',
          SOURCE_BREAKER_FAILURES: '2',
          // Long enough that the breaker cannot half-open during the test, however slow the machine.
          SOURCE_BREAKER_COOLDOWN_SECONDS: '3600',
          SOURCE_BREAKER_MAX_COOLDOWN_SECONDS: '3600',
        },
      });
      const imported = await importCatalogue(h.container.db, CATALOGUE, { language: 'it' });
      assert.equal(imported.rowsFailed, 0, JSON.stringify(imported.errors));
    });
    after(async () => {
      await h.close();
    });

    /** Creates one product, waits until a worker settles it, and returns its generation's outcome and attempts. */
    async function createAndSettle(token: string, code: string): Promise<{ id: string; outcome: string; attempts: number }> {
      const res = await h.post('/api/v1/products/create', token, { codes: code, countries: ['it'] });
      assert.equal(res.statusCode, 202, res.body);
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      const [generationId = ''] = await h.generationIdsOf([id]);
      const outcome = (await h.settled([generationId])).get(generationId) ?? '';
      const rows = await h.container.db.query<{ attempts: number }>('SELECT attempts FROM generations WHERE id = $1', [generationId]);
      return { id, outcome, attempts: rows[0]?.attempts ?? Number.NaN };
    }

    async function health() {
      const res = await h.app.inject({ method: 'GET', url: '/health' });
      assert.equal(res.statusCode, 200, 'a source that is down does not make the service unhealthy');
      return res.json<{ status: string; degraded: boolean; sources: Record<string, { state: string; failures: number; until?: string }> }>();
    }

    test('the breaker opens, then products complete or fail at once instead of waiting out retries', async () => {
      assert.deepEqual(await health(), { status: 'ok', degraded: false, sources: { open_food_facts: { state: 'closed', failures: 0 } } });
      const { id: accountId, token } = await h.account(100);

      // The first product meets the closed breaker: its first attempt is retried; its second
      // failure opens the breaker, and then there is nothing to wait for.
      const opening = await createAndSettle(token, FIRST_UNKNOWN);
      assert.equal(opening.outcome, 'failed');
      assert.equal(opening.attempts, 2, 'retried until the breaker opened, not until the last of 4 attempts');
      const openingFailure = (await h.get(`/api/v1/products/details/${opening.id}`, token)).json<{ product: { failure: Failure } }>().product.failure;
      assert.equal(openingFailure.reason, 'source_unavailable');
      assert.match(openingFailure.message, /open_food_facts was unreachable/);

      const opened = await health();
      assert.equal(opened.status, 'ok');
      assert.equal(opened.degraded, true);
      assert.equal(opened.sources.open_food_facts?.state, 'open');
      assert.equal(opened.sources.open_food_facts?.failures, 2);
      assert.ok(Date.parse(opened.sources.open_food_facts?.until ?? '') > Date.now(), 'open until a time still to come');

      // A product the catalogue knows completes on its first attempt, and says which source was down.
      const moka = await createAndSettle(token, MOKA);
      assert.equal(moka.outcome, 'completed');
      assert.equal(moka.attempts, 1);
      const record = (await h.get(`/api/v1/products/details/${MOKA}/it`, token)).json<{ product: { state: string; title: string; validation_messages: string[] } }>().product;
      assert.equal(record.state, 'completed');
      assert.match(record.title, /Moka Express/);
      assert.ok(
        record.validation_messages.some((m) => /^Source open_food_facts was unreachable \(marked down until .+\); the record was written without its data\.$/.test(m)),
        JSON.stringify(record.validation_messages),
      );

      // A code with no data anywhere else fails on its first attempt, refunded.
      const unknown = await createAndSettle(token, LATER_UNKNOWN);
      assert.equal(unknown.outcome, 'failed');
      assert.equal(unknown.attempts, 1);
      const failure = (await h.get(`/api/v1/products/details/${unknown.id}`, token)).json<{ product: { state: string; failure: Failure } }>().product;
      assert.equal(failure.state, 'failed');
      assert.equal(failure.failure.reason, 'source_unavailable');
      assert.match(failure.failure.message, /^No data to write from: open_food_facts was unreachable \(marked down until .+\)\. The credits were refunded/);

      // Two refunded failures and one completed product (5 credits for v2 in one country).
      assert.deepEqual(await h.balance(accountId), { credits: 95, ledger: 95 });
      assert.equal((await health()).sources.open_food_facts?.failures, 2, 'nothing more was sent to the source while it was down');
    });
  });
}
