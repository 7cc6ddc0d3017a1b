import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { localAdminOperations } from '../../src/services/admin-operations.ts';
import type { FakeLlmOptions, FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeAnthropic } from '../fakes/llm/anthropic-server.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import { productWriter } from '../fakes/llm/product-writer.ts';
import { databaseTargets, type DatabaseTarget, type TestDatabase } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Generations processed through the providers' batch APIs (OpenAI Batch API, Anthropic Message
// Batches), end to end: the API queues them, the worker hands their calls to a fake provider's
// batch endpoints on loopback (real wire formats), polls, and settles them from the answers.

const PROVIDERS: Array<{ name: string; start: (o: FakeLlmOptions) => Promise<FakeLlmServer>; env: (url: string) => Record<string, string> }> = [
  {
    name: 'openai',
    start: startFakeOpenAiCompatible,
    env: (url) => ({ AGENT_V1_MODEL: 'openai:gpt-5-mini', AGENT_V1_BASE_URL: url, AGENT_V2_MODEL: 'openai:gpt-5-mini', AGENT_V2_BASE_URL: url, OPENAI_API_KEY: 'local-key' }),
  },
  {
    name: 'anthropic',
    start: startFakeAnthropic,
    env: (url) => ({
      AGENT_V1_MODEL: 'anthropic:claude-sonnet-4-5',
      AGENT_V1_BASE_URL: url,
      AGENT_V2_MODEL: 'anthropic:claude-sonnet-4-5',
      AGENT_V2_BASE_URL: url,
      ANTHROPIC_API_KEY: 'local-key',
    }),
  },
];

const PASTA = { title: 'Spaghetti n.5', brand: 'Barilla', description: 'Pasta di semola di grano duro. Confezione da 500 g. Tempo di cottura 9 minuti.' };

type Details = {
  title: string | null;
  description: string | null;
  state: string;
  generation: {
    usage: { calls: number; tokens_in: number } | null;
    processing?: string;
    batch?: { requests: number; answered: number; fallback: number; batch_ids: string[] } | null;
  } | null;
};

/** The test's database, kept open across the harnesses (processes) that use it one after another. */
function shared(database: TestDatabase): DatabaseTarget & { name: 'pglite' | 'postgres' } {
  return { name: database.url === undefined ? 'pglite' : 'postgres', open: async () => ({ ...database, close: async () => {} }) };
}

for (const target of databaseTargets()) {
  for (const provider of PROVIDERS) {
    describe(`batch processing through ${provider.name} [${target.name}]`, () => {
      let fake: FakeLlmServer;
      let database: TestDatabase;
      let h: Harness;
      const env = () => ({
        ...provider.env(fake.baseURL),
        AGENT_CHECK_AT_START: 'off',
        GENERATION_RETRIES: '1',
        MODEL_BATCH_WINDOW_MS: '50',
        MODEL_BATCH_POLL_SECONDS: '0.1',
      });
      before(async () => {
        fake = await provider.start({ script: productWriter(), apiKey: 'local-key' });
        database = await target.open();
        h = await startHarness(shared(database), { env: env(), agentBackoffMs: () => 10 });
      });
      after(async () => {
        await h.close();
        await database.close();
        await fake.close();
      });

      /** Whether the generation's calls are in a batch the provider accepted. */
      async function submitted(generationId: string): Promise<boolean> {
        return (await h.container.db.query(`SELECT 1 FROM model_batch_requests WHERE generation_id = $1 AND state = 'submitted'`, [generationId])).length > 0;
      }

      /**
       * The generation's batch as a process that died during its submission, before the provider's
       * id was stored, left it: found by the next process after the 10 minutes a submission is given.
       */
      async function asCutOffSubmission(generationId: string): Promise<void> {
        await h.container.db.query(
          `UPDATE model_batches SET state = 'submitting', provider_batch_id = NULL, submitted_at = NULL, created_at = now() - interval '1 hour'
           WHERE id = (SELECT batch_id FROM model_batch_requests WHERE generation_id = $1)`,
          [generationId],
        );
        await h.container.db.query(`UPDATE model_batch_requests SET state = 'submitting' WHERE generation_id = $1`, [generationId]);
      }

      /** Deletes the product by its code (an id here), which must be answered 200. */
      async function deleteProduct(token: string, code: string): Promise<void> {
        const res = await h.app.inject({
          method: 'DELETE',
          url: '/api/v1/products/delete',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ code }),
        });
        assert.equal(res.statusCode, 200, res.body);
      }

      async function details(token: string, id: string): Promise<Details> {
        const res = await h.get(`/api/v1/products/details/${id}`, token);
        assert.equal(res.statusCode, 200, res.body);
        return res.json<{ product: Details }>().product;
      }

      test('a batch create settles with the content an interactive one gets, its calls answered through the batch API', async () => {
        fake.batches.setDelayMs(0);
        const { token } = await h.account();
        const interactive = await h.createSettled(token, { ...PASTA, countries: ['it', 'de'], agent_model: 'v1' });
        const batchesBefore = fake.batches.list.length;
        const mark = fake.requests.length;
        const batched = await h.createSettled(token, { ...PASTA, countries: ['it', 'de'], agent_model: 'v1', processing: 'batch' });
        const a = await details(token, interactive);
        const b = await details(token, batched);
        assert.equal(b.state, 'completed');
        assert.equal(b.title, a.title);
        assert.equal(b.description, a.description);
        assert.equal(a.generation?.processing, 'interactive');
        assert.equal(b.generation?.processing, 'batch');
        const seen = fake.requests.slice(mark);
        assert.equal(seen.length, 1, 'one call, seen once');
        assert.ok(seen[0]?.customId !== undefined, 'it came in a batch');
        assert.equal(fake.batches.list.length, batchesBefore + 1);
        assert.deepEqual(b.generation?.batch, { requests: 1, answered: 1, fallback: 0, batch_ids: [fake.batches.list.at(-1)?.id] });
        assert.equal(b.generation?.usage?.calls, 1, 'the answer’s tokens are metered as an interactive one’s');
        assert.ok((b.generation?.usage?.tokens_in ?? 0) > 100);
      });

      test('a regenerate asking for batch sends its call through the batch API', async () => {
        fake.batches.setDelayMs(0);
        const { token } = await h.account();
        const id = await h.createSettled(token, { ...PASTA, countries: ['it'], agent_model: 'v1' });
        const mark = fake.requests.length;
        const res = await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { title: '' }, agent_model: 'v1', processing: 'batch' });
        assert.equal(res.statusCode, 202, res.body);
        await h.settled(await h.generationIdsOf([id]));
        const product = await details(token, id);
        assert.equal(product.state, 'completed');
        assert.equal(product.generation?.processing, 'batch');
        const seen = fake.requests.slice(mark);
        assert.equal(seen.length, 1);
        assert.ok(seen[0]?.customId !== undefined, 'the regeneration came in a batch');
        assert.equal(product.generation?.batch?.answered, 1);
      });

      test('a bad processing value is refused with the field named', async () => {
        const { token } = await h.account();
        const res = await h.post('/api/v1/products/create', token, { ...PASTA, countries: ['it'], processing: 'later' });
        assert.equal(res.statusCode, 422, res.body);
        assert.deepEqual(res.json<{ errors: Record<string, string[]> }>().errors.processing, ['The processing field must be "interactive" or "batch".']);
      });

      test('the account default sends v2 drafts through the batch; the critic follows interactively', async () => {
        fake.batches.setDelayMs(0);
        const { token, name } = await h.account();
        await localAdminOperations(h.container.db, { actor: 'test', requestId: null }).setDefaultProcessing(name, 'batch');
        const account = await h.get('/api/v1/account', token);
        assert.equal(account.json<{ data: { settings: { default_processing: string } } }>().data.settings.default_processing, 'batch');
        const mark = fake.requests.length;
        const batchesBefore = fake.batches.list.length;
        const id = await h.createSettled(token, { ...PASTA, countries: ['it', 'es'] });
        const product = await details(token, id);
        assert.equal(product.state, 'completed');
        const seen = fake.requests.slice(mark);
        assert.equal(seen.filter((r) => r.customId !== undefined).length, 2, 'both countries’ drafts in the batch');
        assert.equal(seen.filter((r) => r.customId === undefined).length, 2, 'both critics interactive');
        // One batch or two: the second country's draft may come after the first batch is sent on a busy machine.
        const batched = new Set(fake.batches.list.slice(batchesBefore).flatMap((batch) => batch.customIds));
        assert.equal(batched.size, 2, 'the two drafts sent through the batch API');
        assert.equal(product.generation?.usage?.calls, 4);
      });

      test('a batch that expires at the provider falls back to interactive calls', async () => {
        fake.batches.setDelayMs(0);
        fake.batches.setExpire(true);
        try {
          const { token } = await h.account();
          const mark = fake.requests.length;
          const id = await h.createSettled(token, { ...PASTA, countries: ['fr'], agent_model: 'v1', processing: 'batch' });
          const product = await details(token, id);
          assert.equal(product.state, 'completed');
          const seen = fake.requests.slice(mark);
          assert.equal(seen.length, 1, 'the expired batch answered nothing; the call was made once, interactively');
          assert.equal(seen[0]?.customId, undefined);
          assert.equal(product.generation?.batch?.fallback, 1);
          assert.equal(fake.batches.list.at(-1)?.status, provider.name === 'openai' ? 'expired' : 'ended');
        } finally {
          fake.batches.setExpire(false);
        }
      });

      test('a request the batch answered with an error is made interactively', async () => {
        fake.batches.setDelayMs(0);
        fake.setScript(productWriter((_call, _index, request) => (request.customId === undefined ? undefined : { kind: 'error', status: 500 })));
        try {
          const { token } = await h.account();
          const mark = fake.requests.length;
          const id = await h.createSettled(token, { ...PASTA, countries: ['it'], agent_model: 'v1', processing: 'batch' });
          const product = await details(token, id);
          assert.equal(product.state, 'completed');
          const seen = fake.requests.slice(mark);
          assert.deepEqual(
            seen.map((r) => r.customId === undefined),
            [false, true],
            'once in the batch (errored), then once interactively',
          );
          assert.equal(product.generation?.batch?.fallback, 1);
          assert.equal(product.generation?.usage?.calls, 1, 'the errored batch request cost nothing the meter saw');
        } finally {
          fake.setScript(productWriter());
        }
      });

      test('deleting a product while its calls wait in a batch refunds it', async () => {
        fake.batches.setDelayMs(3_600_000);
        try {
          const account = await h.account(100);
          const { productId, generationId } = await h.createQueued(account.token, { ...PASTA, countries: ['it'], agent_model: 'v1', processing: 'batch' });
          await waitFor(() => submitted(generationId));
          const waiting = await h.get(`/api/v1/products/details/${productId}`, account.token);
          assert.equal(waiting.statusCode, 202, waiting.body);
          assert.deepEqual(waiting.json<{ product: { processing?: string; batch?: unknown } }>().product, {
            id: productId,
            code: null,
            state: 'queued',
            processing: 'batch',
            batch: { requests: 1, answered: 0, fallback: 0, batch_ids: [fake.batches.list.at(-1)?.id] },
          });
          const charged = await h.balance(account.id);
          assert.ok(charged.credits < 100);
          fake.batches.failCancels(1);
          await deleteProduct(account.token, productId);
          assert.deepEqual(await h.balance(account.id), { credits: 100, ledger: 100 });
          // No generation waits for that batch any more: the provider is asked to stop it (again
          // after a passing error), so its request is not billed.
          const batch = fake.batches.list.at(-1);
          await waitFor(async () => batch?.cancelled === true);
          assert.equal(fake.requests.filter((r) => r.customId !== undefined && batch?.customIds.includes(r.customId)).length, 0, 'the request was never run');
          await waitFor(
            async () =>
              (await h.container.db.query(`SELECT 1 FROM model_batches WHERE provider_batch_id = $1 AND state = 'ended' AND cancel_requested_at IS NOT NULL`, [batch?.id])).length >
              0,
          );
        } finally {
          fake.batches.setDelayMs(0);
        }
      });

      test('a batch still serving one waiting generation is not cancelled when another of its products is deleted', async () => {
        fake.batches.setDelayMs(3_600_000);
        try {
          const account = await h.account(100);
          const [kept, deleted] = await Promise.all([1, 2].map(() => h.createQueued(account.token, { ...PASTA, countries: ['it'], agent_model: 'v1', processing: 'batch' })));
          assert.ok(kept !== undefined && deleted !== undefined);
          const inBatch = async (generationId: string) =>
            (await h.container.db.query<{ batch_id: string }>(`SELECT batch_id FROM model_batch_requests WHERE generation_id = $1 AND state = 'submitted'`, [generationId]))[0]
              ?.batch_id;
          await waitFor(async () => (await inBatch(kept.generationId)) !== undefined && (await inBatch(deleted.generationId)) !== undefined);
          const keptBatch = await inBatch(kept.generationId);
          const deletedBatch = await inBatch(deleted.generationId);
          const providerBatch = async (batchId: string | undefined) => {
            const [row] = await h.container.db.query<{ provider_batch_id: string }>('SELECT provider_batch_id FROM model_batches WHERE id = $1', [batchId]);
            return fake.batches.list.find((b) => b.id === row?.provider_batch_id);
          };
          await deleteProduct(account.token, deleted.productId);
          const kepts = await providerBatch(keptBatch);
          const polls = kepts?.polls ?? 0;
          await waitFor(async () => (kepts?.polls ?? 0) >= polls + 3);
          assert.equal(kepts?.cancelled, false, 'the batch still serves a waiting generation');
          // The two calls may have gone in two windows: then the deleted one's batch served no one else.
          if (deletedBatch !== keptBatch) assert.equal((await providerBatch(deletedBatch))?.cancelled, true);
          fake.batches.setDelayMs(0);
          const outcomes = await h.settled([kept.generationId]);
          assert.equal(outcomes.get(kept.generationId), 'completed');
        } finally {
          fake.batches.setDelayMs(0);
        }
      });

      test('a submission whose process died before the provider’s id was stored is found at the provider and adopted', async () => {
        fake.batches.setDelayMs(3_600_000);
        const account = await h.account(100);
        const { generationId } = await h.createQueued(account.token, { ...PASTA, countries: ['it'], agent_model: 'v1', processing: 'batch' });
        await waitFor(() => submitted(generationId));
        const providerBatch = fake.batches.list.at(-1)?.id;
        // The provider accepted the batch; the process died before storing its id.
        await asCutOffSubmission(generationId);
        // The provider created it when that process called, an hour ago too.
        if (providerBatch !== undefined) fake.batches.backdate(providerBatch, 3_600_000);
        const batchesBefore = fake.batches.list.length;
        fake.batches.setDelayMs(0);
        const mark = fake.requests.length;
        const outcomes = await h.settled([generationId]);
        assert.equal(outcomes.get(generationId), 'completed');
        const ours = fake.requests.slice(mark).filter((r) => r.customId?.startsWith(`g${generationId.replaceAll('-', '')}`));
        // OpenAI's by the id in its metadata; Anthropic's, which has none, by its time and its number of requests.
        assert.equal(fake.batches.list.length, batchesBefore, 'no second batch: the first was found at the provider');
        const [row] = await h.container.db.query<{ provider_batch_id: string }>(
          `SELECT b.provider_batch_id FROM model_batches b JOIN model_batch_requests r ON r.batch_id = b.id WHERE r.generation_id = $1`,
          [generationId],
        );
        assert.equal(row?.provider_batch_id, providerBatch);
        assert.equal(ours.length, 1, 'answered once');
        // Found by a guess (Anthropic), it might be another system's on the same key: never cancelled from here.
        const [adopted] = await h.container.db.query<{ adopted_by_guess: boolean }>(
          'SELECT b.adopted_by_guess FROM model_batches b JOIN model_batch_requests r ON r.batch_id = b.id WHERE r.generation_id = $1',
          [generationId],
        );
        assert.equal(adopted?.adopted_by_guess, provider.name === 'anthropic');
        const [charges] = await h.container.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind = 'charge'`, [account.id]);
        assert.equal(charges?.n, 1, 'charged once');
      });

      test('a batch adopted by its time and size alone is never cancelled from here, even once no generation waits for it', async () => {
        // Ten hours: still running after being backdated by one.
        fake.batches.setDelayMs(36_000_000);
        try {
          const account = await h.account(100);
          const { productId, generationId } = await h.createQueued(account.token, { ...PASTA, countries: ['it'], agent_model: 'v1', processing: 'batch' });
          const batchOf = async () =>
            (
              await h.container.db.query<{ state: string; adopted_by_guess: boolean }>(
                'SELECT b.state, b.adopted_by_guess FROM model_batches b JOIN model_batch_requests r ON r.batch_id = b.id WHERE r.generation_id = $1',
                [generationId],
              )
            )[0];
          await waitFor(async () => (await batchOf())?.state === 'submitted');
          const providerBatch = fake.batches.list.at(-1);
          await asCutOffSubmission(generationId);
          if (providerBatch !== undefined) fake.batches.backdate(providerBatch.id, 3_600_000);
          await waitFor(async () => (await batchOf())?.state === 'submitted');
          assert.equal((await batchOf())?.adopted_by_guess, provider.name === 'anthropic');
          await deleteProduct(account.token, productId);
          if (provider.name === 'openai') {
            // Found by the id Vetrina put in its metadata, it is surely ours: cancelled.
            await waitFor(async () => providerBatch?.cancelled === true);
          } else {
            const polls = providerBatch?.polls ?? 0;
            await waitFor(async () => (providerBatch?.polls ?? 0) >= polls + 3);
            assert.equal(providerBatch?.cancelled, false);
          }
        } finally {
          fake.batches.setDelayMs(0);
        }
      });

      test('a submission the provider never received is sent again, and the product charged once', async () => {
        fake.batches.setDelayMs(3_600_000);
        const account = await h.account(100);
        const { generationId } = await h.createQueued(account.token, { ...PASTA, countries: ['it'], agent_model: 'v1', processing: 'batch' });
        await waitFor(() => submitted(generationId));
        const lost = fake.batches.list.at(-1)?.id;
        if (lost !== undefined) fake.batches.forget(lost);
        await asCutOffSubmission(generationId);
        const batchesBefore = fake.batches.list.length;
        fake.batches.setDelayMs(0);
        const outcomes = await h.settled([generationId]);
        assert.equal(outcomes.get(generationId), 'completed');
        assert.equal(fake.batches.list.length, batchesBefore + 1, 'sent again in a new batch');
        const [charges] = await h.container.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND kind = 'charge'`, [account.id]);
        assert.equal(charges?.n, 1, 'charged once');
      });

      test('a process killed between the batch’s submission and its results: the next one settles every product exactly once', async () => {
        const products = 12;
        fake.batches.setDelayMs(3_600_000);
        const account = await h.account(10_000);
        const mark = fake.requests.length;
        const batchesBefore = fake.batches.list.length;
        const queued = [];
        for (let i = 0; i < products; i++)
          queued.push(await h.createQueued(account.token, { ...PASTA, title: `Spaghetti n.${i}`, countries: ['it', 'de'], agent_model: 'v1', processing: 'batch' }));
        const generations = queued.map((q) => q.generationId);
        // Every call submitted, none answered: the process dies now.
        await waitFor(async () => {
          const [row] = await h.container.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM model_batch_requests WHERE generation_id = ANY($1::uuid[]) AND state = 'submitted'`,
            [generations],
          );
          return row?.n === products;
        });
        const charged = await h.balance(account.id);
        await h.close();
        fake.batches.setDelayMs(0);
        h = await startHarness(shared(database), { env: env(), agentBackoffMs: () => 10 });
        const outcomes = await h.settled(generations, 60_000);
        assert.deepEqual([...new Set(outcomes.values())], ['completed']);

        // (The batch of the product deleted above ends too, at the provider: its call is not these products'.)
        const ours = new Set(generations.map((id) => `g${id.replaceAll('-', '')}`));
        const seen = fake.requests.slice(mark).filter((r) => ours.has(r.customId?.split('_')[0] ?? '') || r.customId === undefined);
        assert.equal(seen.length, products, 'the provider saw each call once');
        assert.equal(new Set(seen.map((r) => r.customId)).size, products, 'each in a batch, none twice');
        assert.ok(fake.batches.list.length - batchesBefore >= 1);
        const [ran] = await h.container.db.query<{ completed: number; charges: number; refunds: number }>(
          `SELECT (SELECT count(*)::int FROM generations WHERE id = ANY($1::uuid[]) AND state = 'completed') AS completed,
             (SELECT count(*)::int FROM credit_ledger WHERE account_id = $2 AND kind = 'charge') AS charges,
             (SELECT count(*)::int FROM credit_ledger WHERE account_id = $2 AND kind = 'refund') AS refunds`,
          [generations, account.id],
        );
        assert.deepEqual(ran, { completed: products, charges: products, refunds: 0 }, 'every product settled once, charged once');
        assert.deepEqual(await h.balance(account.id), charged, 'nothing charged or refunded after the restart');
      });
    });
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting for the condition');
    await delay(20);
  }
}
