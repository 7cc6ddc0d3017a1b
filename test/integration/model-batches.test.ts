import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { startFakeAnthropic } from '../fakes/llm/anthropic-server.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { productWriter } from '../fakes/llm/product-writer.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Batch processing (docs/agent-models.md): a batch generation's model calls go through the fake
// Anthropic's Message Batches API in its wire format; the stored request rows make a restart
// between submission and retrieval resend nothing.

const PROVIDERS = [
  { name: 'Message Batches API (anthropic)', start: startFakeAnthropic, model: 'anthropic:claude-sonnet-4-5', key: 'ANTHROPIC_API_KEY' },
  { name: 'Batch API (openai)', start: startFakeOpenAiCompatible, model: 'openai:gpt-5-mini', key: 'OPENAI_API_KEY' },
] as const;

const settings = (provider: (typeof PROVIDERS)[number], url: string): Record<string, string> => ({
  AGENT_V1_MODEL: provider.model,
  AGENT_V1_BASE_URL: url,
  AGENT_V2_MODEL: provider.model,
  AGENT_V2_BASE_URL: url,
  [provider.key]: 'local-key',
  MODEL_BATCH_WINDOW_MS: '50',
  MODEL_BATCH_POLL_MS: '50',
  // A lease of 5 s: a stopped worker's generations are due again soon after.
  GENERATION_TIMEOUT_SECONDS: '20',
});

const product = (n: number) => ({
  title: `Spaghetti n.${n}`,
  brand: 'Barilla',
  description: 'Pasta di semola di grano duro. Confezione da 500 g. Tempo di cottura 9 minuti.',
  countries: ['it', 'de'],
  agent_model: 'v1',
});

/** Waits until `ready` holds (a test's deadline turns a hang into a failure). */
async function until(ready: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(20);
  }
}

/** The operator makes batch the account's default (PATCH /api/v1/admin/accounts/{name}). */
async function useBatch(h: Harness, account: { name: string }): Promise<void> {
  const admin = (await issueToken(h.container.db, null, { admin: true })).token;
  const res = await h.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/accounts/${account.name}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ default_processing: 'batch' }),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json<{ data: { default_processing: string } }>().data.default_processing, 'batch');
}

interface RequestRow {
  custom_id: string;
  state: string;
  batch_state: string;
}

async function requestRows(h: Harness, generationIds: readonly string[]): Promise<RequestRow[]> {
  return h.container.db.query<RequestRow>(
    `SELECT r.custom_id, r.state, b.state AS batch_state FROM model_batch_requests r JOIN model_batches b ON b.id = r.batch_id
     WHERE left(r.custom_id, 36) = ANY($1::text[]) ORDER BY r.custom_id`,
    [generationIds],
  );
}

const submissionsOf = (fake: FakeLlmServer, generationId: string) => [...fake.batchSubmissions].filter(([id]) => id.startsWith(generationId)).map(([, n]) => n);

for (const target of databaseTargets())
  for (const provider of PROVIDERS) {
    const env = (url: string) => settings(provider, url);
    const startFake = provider.start;
    describe(`batch processing through the ${provider.name} [${target.name}]`, () => {
      let fake: FakeLlmServer;
      before(async () => {
        fake = await startFake({ script: productWriter(), apiKey: 'local-key', holdBatches: true });
      });
      after(async () => {
        await fake.close();
      });

      test('a batch create settles with the content an interactive one gets, its request stored as answered', async () => {
        fake.releaseBatches();
        const h = await startHarness(target, { env: env(fake.baseURL), agentBackoffMs: () => 10 });
        try {
          const interactive = await h.account();
          const batch = await h.account();
          await useBatch(h, batch);
          const plain = await h.createQueued(interactive.token, product(1));
          await h.settled([plain.generationId]);
          const batches = fake.batches.length;
          const batched = await h.createQueued(batch.token, product(1));
          assert.equal((await h.settled([batched.generationId])).get(batched.generationId), 'completed');
          assert.equal(fake.batches.length, batches + 1, 'one batch submitted');
          assert.deepEqual(submissionsOf(fake, plain.generationId), [], 'the interactive create sent no batch');
          assert.deepEqual(submissionsOf(fake, batched.generationId), [1]);
          const rows = await requestRows(h, [batched.generationId]);
          assert.deepEqual(
            rows.map((r) => [r.state, r.batch_state]),
            [['succeeded', 'ended']],
          );
          const read = async (token: string, id: string) => {
            const res = await h.get(`/api/v1/products/details/${id}/it`, token);
            assert.equal(res.statusCode, 200, res.body);
            const p = res.json<{ product: { title: string; description: string; state: string } }>().product;
            return { title: p.title, description: p.description, state: p.state };
          };
          assert.deepEqual(await read(batch.token, batched.productId), await read(interactive.token, plain.productId));
        } finally {
          await h.close();
        }
      });

      test('a worker stopped between submission and retrieval: the next one resends nothing, each product settled and charged once', async () => {
        const held = await startFake({ script: productWriter(), apiKey: 'local-key', holdBatches: true });
        const database: TestDatabase = await target.open();
        try {
          const first = await startHarness(target, { env: env(held.baseURL), database, agentBackoffMs: () => 10 });
          const account = await first.account(1000);
          await useBatch(first, account);
          const queued = [];
          for (let n = 0; n < 5; n++) queued.push(await first.createQueued(account.token, product(n)));
          const ids = queued.map((q) => q.generationId);
          // Submitted: the provider has every request and its batch id is stored.
          await until(async () => (await requestRows(first, ids)).filter((r) => r.batch_state === 'submitted').length === ids.length, 'the batch to be submitted');
          const charged = (await first.balance(account.id)).credits;
          await first.close();

          const second = await startHarness(target, { env: env(held.baseURL), database, agentBackoffMs: () => 10 });
          try {
            held.releaseBatches();
            const outcomes = await second.settled(ids, 60_000);
            assert.deepEqual(
              [...outcomes.values()],
              ids.map(() => 'completed'),
            );
            for (const id of ids) assert.deepEqual(submissionsOf(held, id), [1], `generation ${id}: its request submitted once`);
            assert.equal(held.requests.length, ids.length, 'every request answered once, none interactively');
            const rows = await requestRows(second, ids);
            assert.deepEqual(
              rows.map((r) => r.state),
              ids.map(() => 'succeeded'),
            );
            const balance = await second.balance(account.id);
            assert.equal(balance.credits, charged, 'nothing charged again after the restart');
            assert.equal(balance.ledger, balance.credits);
            const states = await second.container.db.query<{ state: string; n: number }>(
              `SELECT state, count(*)::int AS n FROM products WHERE id = ANY($1::uuid[]) GROUP BY state`,
              [queued.map((q) => q.productId)],
            );
            assert.deepEqual(states, [{ state: 'completed', n: ids.length }]);
          } finally {
            await second.close();
          }
        } finally {
          await database.close();
          await held.close();
        }
      });

      test('the processing field: "batch" on a create or a regeneration overrides the account default; a bad value is 422 with nothing charged', async () => {
        fake.releaseBatches();
        const h = await startHarness(target, { env: env(fake.baseURL), agentBackoffMs: () => 10 });
        try {
          const account = await h.account(1000);
          const bad = await h.post('/api/v1/products/create', account.token, { ...product(8), processing: 'later' });
          assert.equal(bad.statusCode, 422, bad.body);
          assert.equal(bad.json<{ code: string }>().code, 'validation_failed');
          assert.deepEqual(bad.json<{ errors: unknown }>().errors, { processing: ['The processing field must be "interactive" or "batch".'] });
          assert.deepEqual(await h.balance(account.id), { credits: 1000, ledger: 1000 });
          const { generationId } = await h.createQueued(account.token, { ...product(8), processing: 'batch' });
          assert.equal((await h.settled([generationId])).get(generationId), 'completed');
          assert.deepEqual(submissionsOf(fake, generationId), [1], 'its call went through the batch API');
          // A regeneration asks the same way; without the field it is the account's (interactive) default.
          const { productId } = await h.createQueued(account.token, product(9));
          await h.settled(await h.generationIdsOf([productId]));
          for (const processing of ['batch', undefined]) {
            const res = await h.post(`/api/v1/products/regenerate/${productId}`, account.token, { fields: { title: '' }, ...(processing === undefined ? {} : { processing }) });
            assert.equal(res.statusCode, 202, res.body);
            const [regeneration = ''] = await h.generationIdsOf([productId]);
            assert.equal((await h.settled([regeneration])).get(regeneration), 'completed');
            assert.deepEqual(submissionsOf(fake, regeneration), processing === 'batch' ? [1] : [], `regenerate with processing ${processing ?? '(absent)'}`);
          }
        } finally {
          await h.close();
        }
      });

      test('a batch that expires at the provider falls back to interactive calls', async () => {
        const expiring = await startFake({ script: productWriter(), apiKey: 'local-key', holdBatches: true });
        const h = await startHarness(target, { env: env(expiring.baseURL), agentBackoffMs: () => 10 });
        try {
          const account = await h.account();
          await useBatch(h, account);
          const { generationId } = await h.createQueued(account.token, product(7));
          await until(async () => (await requestRows(h, [generationId])).some((r) => r.batch_state === 'submitted'), 'the batch to be submitted');
          expiring.expireBatches();
          assert.equal((await h.settled([generationId])).get(generationId), 'completed');
          assert.equal(expiring.requests.length, 1, 'the expired request asked once, interactively');
          assert.deepEqual(
            (await requestRows(h, [generationId])).map((r) => r.state),
            ['expired'],
          );
        } finally {
          await h.close();
          await expiring.close();
        }
      });
    });
  }
