import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import PQueue from 'p-queue';
import type { AgentModelConfig } from '../../src/config.ts';
import type { Fact } from '../../src/domain/facts.ts';
import type { EngineInput } from '../../src/domain/generation-ports.ts';
import type { ModelRuntime } from '../../src/generation/ai/call-model.ts';
import { loadModel } from '../../src/generation/ai/providers.ts';
import { createV1Engine } from '../../src/generation/ai/v1-engine.ts';
import { createV2Engine } from '../../src/generation/ai/v2-engine.ts';
import { createMetrics } from '../../src/metrics.ts';
import { createRateLimiter } from '../../src/sources/rate-limiter.ts';
import { startFakeAnthropic } from '../fakes/llm/anthropic-server.ts';
import type { FakeLlmOptions, FakeLlmRequest, FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import type { PromptPart } from '../fakes/llm/prompt-cache.ts';
import { parseCall, productWriter } from '../fakes/llm/product-writer.ts';

// The layout prompt caching rests on: every call of a step starts with the same bytes whatever the
// product (schema, instructions, then the <task> block for the same countries), and the product's
// own data comes after them. Read on the wire, as the provider's cache compares it.

globalThis.AI_SDK_LOG_WARNINGS = false;

const AT = '2026-01-01T00:00:00.000Z';
const fact = (id: string, key: Fact['key'], value: string, language: string | null = 'it'): Fact => ({ id, key, value, language, source: 'caller', licence: null, fetchedAt: AT });

function product(id: string, code: string, title: string, brand: string, description: string): EngineInput {
  return {
    product: { id, code, codeType: 'ean', sku: null, productHandle: null, title, brand, description, images: [] },
    facts: [fact('caller:name', 'name', title), fact('caller:brand', 'brand', brand, null), fact('caller:description', 'description', description)],
    notes: null,
    agentModel: 'v2',
    targets: [
      { country: 'it', language: 'it' },
      { country: 'de', language: 'de' },
    ],
    fields: null,
    existing: [],
  };
}

const PASTA = product('p-1', '8001234567890', 'Spaghetti n.5', 'Barilla', 'Pasta di semola di grano duro. Confezione da 500 g.');
const COFFEE = product('p-2', '8000070012345', 'Caffè macinato per moka', 'Lavazza', 'Miscela di arabica, macinata per moka. Confezione da 250 g.');

const PROVIDERS: Array<{ name: AgentModelConfig['provider']; model: string; start: (o: FakeLlmOptions) => Promise<FakeLlmServer> }> = [
  { name: 'anthropic', model: 'claude-sonnet-4-5', start: startFakeAnthropic },
  { name: 'openai', model: 'gpt-5-mini', start: startFakeOpenAiCompatible },
];

/** The parts up to and including the <task> block: what every product sent to the same countries shares. */
function stablePrefix(request: FakeLlmRequest): PromptPart[] {
  const task = request.parts.findIndex((p) => p.kind === 'user' && p.text.startsWith('<task>'));
  assert.ok(task > 0, 'the user message starts with its own <task> part');
  return request.parts.slice(0, task + 1);
}

for (const provider of PROVIDERS) {
  describe(`prompt layout for caching: ${provider.name}`, () => {
    let fake: FakeLlmServer;
    let runtime: ModelRuntime;
    before(async () => {
      fake = await provider.start({ script: productWriter() });
      const loaded = await loadModel({
        provider: provider.name,
        model: provider.model,
        baseUrl: fake.baseURL,
        apiKey: 'local-key',
        requestsPerMinute: 1000,
        tokensPerMinute: 10_000_000,
        images: false,
        jsonSchema: true,
      });
      runtime = {
        loaded,
        lane: createRateLimiter({ requestsPerMinute: 1000, tokensPerMinute: 10_000_000 }),
        inFlight: new PQueue({ concurrency: 4 }),
        timeoutMs: 10_000,
        maxRetries: 0,
        maxOutputTokens: 4000,
        schemaInInstructions: false,
        metrics: createMetrics(),
      };
    });
    after(() => fake.close());

    /** Each product's requests by step and country, in the order sent. */
    async function requestsOf(generate: (input: EngineInput) => Promise<unknown>): Promise<Array<Map<string, FakeLlmRequest>>> {
      const byProduct: Array<Map<string, FakeLlmRequest>> = [];
      for (const input of [PASTA, COFFEE]) {
        const mark = fake.requests.length;
        await generate(input);
        const calls = new Map<string, FakeLlmRequest>();
        for (const request of fake.requests.slice(mark)) {
          const call = parseCall(request);
          calls.set(`${call.step} ${call.targets.map((t) => t.country).join(',')}`, request);
        }
        byProduct.push(calls);
      }
      return byProduct;
    }

    function assertSharedPrefix(first: FakeLlmRequest | undefined, second: FakeLlmRequest | undefined, call: string): void {
      assert.ok(first !== undefined && second !== undefined, `both products made the ${call} call`);
      const [a, b] = [stablePrefix(first), stablePrefix(second)];
      assert.deepEqual(b, a, `${call}: the schema, instructions and task are byte for byte the same for both products`);
      const prefix = a.map((p) => p.text).join('\n');
      for (const own of ['8001234567890', '8000070012345', 'Barilla', 'Lavazza', 'Spaghetti', 'Caffè'])
        assert.ok(!prefix.includes(own), `${call}: no product data before the product's part (${own})`);
      // The product's data follows, last, and differs.
      const rest = (request: FakeLlmRequest) => request.parts.slice(a.length).map((p) => p.text);
      assert.match(rest(first).join('\n'), /<product_data>[\s\S]*8001234567890/);
      assert.match(rest(second).join('\n'), /<product_data>[\s\S]*8000070012345/);
      if (provider.name === 'anthropic') {
        // Breakpoints end the instructions (the system text) and the task, nothing else.
        const marked = first.parts.flatMap((p, i) => (p.breakpointTtlSeconds === undefined ? [] : [i]));
        assert.deepEqual(marked, [a.length - 2, a.length - 1], `${call}: cache breakpoints after the system text and the task`);
        assert.equal(first.parts[a.length - 2]?.kind, 'system');
      }
    }

    test('v1: the call for the same countries starts the same for two products', async () => {
      const engine = createV1Engine(runtime, { call: 'per_product' });
      const [pasta, coffee] = await requestsOf((input) => engine.generate({ ...input, agentModel: 'v1' }));
      assertSharedPrefix(pasta?.get('generate it,de'), coffee?.get('generate it,de'), 'generate it,de');
    });

    test('v2: the draft and the critic calls of each country start the same for two products', async () => {
      const engine = createV2Engine(runtime, { repairRounds: 2, critic: true, loadImage: null, maxImages: 0 });
      const [pasta, coffee] = await requestsOf((input) => engine.generate(input));
      for (const call of ['draft it', 'draft de', 'critic it', 'critic de']) assertSharedPrefix(pasta?.get(call), coffee?.get(call), call);
      // Steps differ in their instructions and schema, so each has a prefix of its own.
      const [draft, critic] = [pasta?.get('draft it'), pasta?.get('critic it')];
      assert.ok(draft !== undefined && critic !== undefined);
      assert.notDeepEqual(stablePrefix(draft).slice(0, 2), stablePrefix(critic).slice(0, 2));
    });
  });
}
