import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FakeLlmOptions, FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeAnthropic } from '../fakes/llm/anthropic-server.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { captureLogs } from '../helpers/log-capture.ts';

// A provider's error text can quote an organisation id, part of a key or an internal address. The
// merchant reading a failed product gets our account of what happened; the operator's log gets the
// provider's words, with the generation id and the provider's request id to follow them up.

const SECRETS = ['org-abc123', 'sk-proj-XYZ', 'https://internal.example'];
const PROVIDER_TEXT = `Project org-abc123 cannot use key sk-proj-XYZ…1234 here; see https://internal.example/limits`;

const PROVIDERS: Array<{ name: string; start: (o: FakeLlmOptions) => Promise<FakeLlmServer>; env: (url: string) => Record<string, string> }> = [
  {
    name: 'openai-compatible',
    start: startFakeOpenAiCompatible,
    env: (url) => ({ AGENT_V1_MODEL: 'openai-compatible:llama3.1:8b', AGENT_V1_BASE_URL: url, AGENT_V1_API_KEY: 'local-key' }),
  },
  { name: 'openai', start: startFakeOpenAiCompatible, env: (url) => ({ AGENT_V1_MODEL: 'openai:gpt-5-mini', AGENT_V1_BASE_URL: url, OPENAI_API_KEY: 'local-key' }) },
  { name: 'anthropic', start: startFakeAnthropic, env: (url) => ({ AGENT_V1_MODEL: 'anthropic:claude-sonnet-4-5', AGENT_V1_BASE_URL: url, ANTHROPIC_API_KEY: 'local-key' }) },
];

const PRODUCT = { title: 'Spaghetti n.5', brand: 'Barilla', description: 'Pasta di semola di grano duro. 500 g.', countries: ['it'], agent_model: 'v1' };

for (const target of databaseTargets()) {
  for (const provider of PROVIDERS) {
    describe(`a provider's error text through ${provider.name} [${target.name}]`, () => {
      const logs = captureLogs('warn');
      let h: Harness;
      let fake: FakeLlmServer;
      before(async () => {
        fake = await provider.start({ script: () => ({ kind: 'error', status: 400, message: PROVIDER_TEXT }) });
        h = await startHarness(target, { env: { ...provider.env(fake.baseURL), AGENT_MAX_RETRIES: '0', GENERATION_RETRIES: '0' }, logger: logs.logger, agentBackoffMs: () => 10 });
      });
      after(async () => {
        await h.close();
        await fake.close();
      });

      for (const [status, type, reason] of [
        [400, undefined, 'llm_request_rejected'],
        [400, 'content_filter', 'llm_content_filtered'],
        [404, undefined, 'llm_model_not_found'],
      ] as const) {
        test(`a ${status}${type === undefined ? '' : ` (${type})`} reaches the merchant in our words and the operator's log in the provider's, with the generation id`, async () => {
          fake.setScript(() => ({ kind: 'error', status, message: `${type === undefined ? '' : 'content_filter: '}${PROVIDER_TEXT}`, ...(type === undefined ? {} : { type }) }));
          const { id: accountId, token } = await h.account(100);
          const created = await h.post('/api/v1/products/create', token, { ...PRODUCT, sku: `leak-${status}-${type ?? 'plain'}` });
          assert.equal(created.statusCode, 202, created.body);
          const productId = created.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
          const [generationId] = await h.generationIdsOf([productId]);
          assert.ok(generationId !== undefined);
          await h.settled([generationId]);

          const details = await h.get(`/api/v1/products/details/${productId}`, token);
          assert.equal(details.statusCode, 200, details.body);
          const product = details.json<{ product: { state: string; failure: { reason: string; message: string } | null } }>().product;
          assert.equal(product.state, 'failed');
          assert.equal(product.failure?.reason, reason);
          assert.ok(product.failure !== null && product.failure.message.length > 0);
          for (const secret of SECRETS) assert.ok(!details.body.includes(secret), `the merchant sees "${secret}": ${product.failure.message}`);
          assert.equal((await h.balance(accountId)).credits, 100, 'refunded');

          const line = await logs.waitFor((l) => l.generationId === generationId && typeof l.detail === 'string');
          assert.equal(line.level, 40, 'warn');
          for (const secret of SECRETS) assert.ok(String(line.detail).includes(secret), `the log lacks "${secret}": ${JSON.stringify(line)}`);
          assert.match(String(line.providerRequestId), /^req_/, "the provider's request id, for its support");
        });
      }
    });
  }
}
