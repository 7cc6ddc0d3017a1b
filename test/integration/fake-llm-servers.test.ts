import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, NoObjectGeneratedError, NoOutputGeneratedError, Output, type LanguageModel, type ModelMessage } from 'ai';
import { z } from 'zod';
import { startFakeAnthropic } from '../fakes/llm/anthropic-server.ts';
import { isRecord, type FakeLlmOptions, type FakeLlmReply, type FakeLlmRequest, type FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import { defined } from '../helpers/assert.ts';

// The real AI SDK clients (generateText with a typed object output) against the fake providers on
// loopback: proves the fakes speak wire formats the SDK reads, and pins down which errors the SDK
// surfaces for each failure, which the generation engine classifies.

// The SDK logs its call warnings (deprecations, unknown models) to the console; they are noise here.
globalThis.AI_SDK_LOG_WARNINGS = false;

const API_KEY = 'test-key-0123456789';
const SYSTEM = 'You write product copy. Answer in JSON.';
const PROMPT = 'Write the title for EAN 8001234567890, Spaghetti n.5, 500 g.';
const Copy = z.object({ title: z.string(), bullets: z.array(z.string()) });
const COPY = { title: 'Spaghetti n.5', bullets: ['500 g', 'Durum wheat'] };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface ProviderCase {
  name: string;
  start(options: FakeLlmOptions): Promise<FakeLlmServer>;
  model(baseURL: string, apiKey: string): LanguageModel;
  modelId: string;
  /** The status the provider sends when it is overloaded. */
  overloaded: number;
}

const CASES: ProviderCase[] = [
  {
    name: 'OpenAI-compatible chat completions',
    start: startFakeOpenAiCompatible,
    modelId: 'gpt-4.1-mini',
    model: (baseURL, apiKey) => createOpenAICompatible({ name: 'llm', baseURL, apiKey, supportsStructuredOutputs: true })('gpt-4.1-mini'),
    overloaded: 503,
  },
  {
    name: 'OpenAI Responses API',
    start: startFakeOpenAiCompatible,
    modelId: 'gpt-4.1-mini',
    model: (baseURL, apiKey) => createOpenAI({ baseURL, apiKey })('gpt-4.1-mini'),
    overloaded: 503,
  },
  {
    name: 'Anthropic, native structured output',
    start: startFakeAnthropic,
    modelId: 'claude-sonnet-4-5',
    model: (baseURL, apiKey) => createAnthropic({ baseURL, apiKey })('claude-sonnet-4-5'),
    overloaded: 529,
  },
  {
    // claude-sonnet-4-0 has no native structured output: the SDK forces a `json` tool instead.
    name: 'Anthropic, json tool',
    start: startFakeAnthropic,
    modelId: 'claude-sonnet-4-0',
    model: (baseURL, apiKey) => createAnthropic({ baseURL, apiKey })('claude-sonnet-4-0'),
    overloaded: 529,
  },
];

function ask(model: LanguageModel, options: { messages?: ModelMessage[]; timeout?: number; maxRetries?: number } = {}) {
  return generateText({
    model,
    maxRetries: options.maxRetries ?? 0,
    ...(options.timeout !== undefined && { timeout: options.timeout }),
    output: Output.object({ schema: Copy }),
    system: SYSTEM,
    messages: options.messages ?? [{ role: 'user', content: PROMPT }],
  });
}

/** Asserts the call failed with the SDK's APICallError and returns it for further checks. */
async function apiCallError(promise: Promise<unknown>): Promise<APICallError> {
  let caught: unknown;
  await assert.rejects(promise, (error: unknown) => {
    caught = error;
    return APICallError.isInstance(error);
  });
  assert.ok(APICallError.isInstance(caught));
  return caught;
}

/** The error type the provider's body carried, as the SDK parsed it into `APICallError.data`. */
function errorType(error: APICallError): unknown {
  return isRecord(error.data) && isRecord(error.data.error) ? error.data.error.type : undefined;
}

const lastRequest = (fake: FakeLlmServer): FakeLlmRequest => defined(fake.requests.at(-1), 'the request the fake saw');
const answer = (fake: FakeLlmServer, reply: FakeLlmReply) => fake.setScript(() => reply);

for (const provider of CASES) {
  describe(`fake LLM server: ${provider.name}`, () => {
    let fake: FakeLlmServer;
    let model: LanguageModel;

    before(async () => {
      fake = await provider.start({ script: () => ({ kind: 'json', value: COPY }), apiKey: API_KEY });
      model = provider.model(fake.baseURL, API_KEY);
    });
    after(() => fake.close());

    test('a JSON reply is the typed output, with the scripted usage; the fake saw the schema, system and user text', async () => {
      answer(fake, { kind: 'json', value: COPY, usage: { input: 321, output: 45 } });
      const result = await ask(model);
      assert.deepEqual(result.output, COPY);
      assert.equal(result.finishReason, 'stop');
      assert.equal(result.usage.inputTokens, 321);
      assert.equal(result.usage.outputTokens, 45);

      const seen = lastRequest(fake);
      assert.equal(seen.model, provider.modelId);
      assert.equal(seen.apiKey, API_KEY);
      assert.equal(seen.system, SYSTEM);
      assert.deepEqual(seen.messages, [{ role: 'user', text: PROMPT, images: 0 }]);
      const schema = seen.schema;
      assert.ok(isRecord(schema) && isRecord(schema.properties), 'the fake saw a JSON schema');
      assert.deepEqual(Object.keys(schema.properties).sort(), ['bullets', 'title']);
    });

    test('without scripted usage, the usage is estimated at four characters a token, the schema counted as its JSON', async () => {
      answer(fake, { kind: 'json', value: COPY });
      const result = await ask(model);
      const schema = JSON.stringify(lastRequest(fake).schema);
      assert.equal(result.usage.inputTokens, Math.ceil((schema.length + SYSTEM.length + PROMPT.length) / 4));
      assert.equal(result.usage.inputTokenDetails.cacheReadTokens, 0, 'a short prompt is never cached');
      assert.equal(result.usage.outputTokens, Math.ceil(JSON.stringify(COPY).length / 4));
    });

    test('image parts in a user message are counted, in the image and the file form', async () => {
      answer(fake, { kind: 'json', value: COPY });
      await ask(model, {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Describe the pack.' },
              { type: 'image', image: PNG, mediaType: 'image/png' },
              { type: 'file', data: PNG, mediaType: 'image/png' },
            ],
          },
        ],
      });
      assert.deepEqual(lastRequest(fake).messages, [{ role: 'user', text: 'Describe the pack.', images: 2 }]);
    });

    test('a wrong API key gets the provider 401: APICallError, not retryable, and the script is not asked', async () => {
      let asked = 0;
      fake.setScript(() => {
        asked += 1;
        return { kind: 'json', value: COPY };
      });
      const error = await apiCallError(ask(provider.model(fake.baseURL, 'wrong-key')));
      assert.equal(error.statusCode, 401);
      assert.equal(error.isRetryable, false);
      assert.equal(errorType(error), provider.overloaded === 529 ? 'authentication_error' : 'invalid_request_error');
      assert.equal(asked, 0);
      assert.equal(lastRequest(fake).apiKey, 'wrong-key');
    });

    test('an unknown model is a 404 APICallError naming the model, not retryable', async () => {
      answer(fake, { kind: 'error', status: 404 });
      const error = await apiCallError(ask(model));
      assert.equal(error.statusCode, 404);
      assert.equal(error.isRetryable, false);
      assert.match(error.message, new RegExp(provider.modelId));
    });

    test('a 429 is retryable and carries its Retry-After header', async () => {
      answer(fake, { kind: 'error', status: 429, retryAfterSeconds: 7 });
      const error = await apiCallError(ask(model));
      assert.equal(error.statusCode, 429);
      assert.equal(error.isRetryable, true);
      assert.equal(error.responseHeaders?.['retry-after'], '7');
      assert.equal(errorType(error), provider.overloaded === 529 ? 'rate_limit_error' : 'requests');
    });

    test('with retries allowed the SDK waits the Retry-After and asks again', async () => {
      const first = fake.requests.length;
      fake.setScript((_request, index) => (index === first ? { kind: 'error', status: 429, retryAfterSeconds: 0 } : { kind: 'json', value: COPY }));
      const result = await ask(model, { maxRetries: 1 });
      assert.deepEqual(result.output, COPY);
      assert.equal(fake.requests.length, first + 2);
    });

    test('server errors (500, and the overloaded status) are retryable', async () => {
      for (const status of [500, provider.overloaded]) {
        answer(fake, { kind: 'error', status });
        const error = await apiCallError(ask(model));
        assert.equal(error.statusCode, status);
        assert.equal(error.isRetryable, true, `status ${status}`);
      }
    });

    test('a 400 invalid request is not retryable', async () => {
      answer(fake, { kind: 'error', status: 400, message: 'messages: text content blocks must be non-empty' });
      const error = await apiCallError(ask(model));
      assert.equal(error.statusCode, 400);
      assert.equal(error.isRetryable, false);
      assert.equal(error.message, 'messages: text content blocks must be non-empty');
    });

    test('malformed JSON text is a NoObjectGeneratedError carrying the text', async () => {
      const text = '{"title": "Spaghetti n.5", "bullets": ["500 g"';
      answer(fake, { kind: 'text', text });
      await assert.rejects(ask(model), (error: unknown) => {
        assert.ok(NoObjectGeneratedError.isInstance(error));
        assert.equal(error.text, text);
        assert.equal(error.finishReason, 'stop');
        return true;
      });
    });

    test('JSON that does not match the schema is a NoObjectGeneratedError too', async () => {
      answer(fake, { kind: 'json', value: { title: 42 } });
      await assert.rejects(ask(model), (error: unknown) => NoObjectGeneratedError.isInstance(error) && error.text === '{"title":42}');
    });

    test('a refusal is a NoObjectGeneratedError with finishReason content-filter and the refusal text', async () => {
      const text = "I'm sorry, but I can't help with that request.";
      answer(fake, { kind: 'refusal', text });
      await assert.rejects(ask(model), (error: unknown) => {
        assert.ok(NoObjectGeneratedError.isInstance(error));
        assert.equal(error.finishReason, 'content-filter');
        assert.equal(error.text, text);
        return true;
      });
    });

    test('a hanging provider: the timeout rejects the call with a TimeoutError, and close() still resolves', async () => {
      let arrived = Promise.withResolvers<void>();
      const hanging = await provider.start({
        script: () => {
          arrived.resolve();
          return { kind: 'hang' };
        },
      });
      const hangingModel = provider.model(hanging.baseURL, API_KEY);
      await assert.rejects(ask(hangingModel, { timeout: 200 }), (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError');
      // A second call still held open when the server closes: close() must not wait for it.
      arrived = Promise.withResolvers<void>();
      const pending = ask(hangingModel, { timeout: 10_000 });
      await arrived.promise;
      await hanging.close();
      await assert.rejects(pending, (error: unknown) => APICallError.isInstance(error) && error.isRetryable);
    });
  });
}

describe('fake LLM servers: empty refusals, request shapes, latency, scripting', () => {
  test('an Anthropic refusal with no text leaves no output at all: result.output throws NoOutputGeneratedError', async () => {
    const fake = await startFakeAnthropic({ script: () => ({ kind: 'refusal', text: '' }) });
    try {
      const result = await ask(createAnthropic({ baseURL: fake.baseURL, apiKey: API_KEY })('claude-sonnet-4-5'));
      assert.equal(result.finishReason, 'content-filter');
      assert.equal(result.text, '');
      assert.throws(
        () => result.output,
        (error: unknown) => NoOutputGeneratedError.isInstance(error),
      );
    } finally {
      await fake.close();
    }
  });

  test('Anthropic: the native structured output request carries output_config; the tool fallback forces the json tool', async () => {
    const fake = await startFakeAnthropic({ script: () => ({ kind: 'json', value: COPY }) });
    try {
      await ask(createAnthropic({ baseURL: fake.baseURL, apiKey: API_KEY })('claude-sonnet-4-5'));
      const viaTool = await ask(createAnthropic({ baseURL: fake.baseURL, apiKey: API_KEY })('claude-sonnet-4-0'));
      // The answer came as a call of the json tool, and the SDK read the object out of it.
      assert.equal(viaTool.rawFinishReason, 'tool_use');
      assert.equal(viaTool.finishReason, 'stop');
      assert.deepEqual(viaTool.output, COPY);
      const [native, tool] = fake.requests.map((r) => (isRecord(r.body) ? r.body : {}));
      assert.deepEqual(isRecord(native?.output_config) && isRecord(native.output_config.format) ? native.output_config.format.type : undefined, 'json_schema');
      assert.equal(tool?.output_config, undefined);
      assert.deepEqual(Array.isArray(tool?.tools) ? tool.tools.map((t: unknown) => (isRecord(t) ? t.name : undefined)) : [], ['json']);
      assert.equal(fake.requests[1]?.headers['anthropic-version'], '2023-06-01');
    } finally {
      await fake.close();
    }
  });

  test('latency is added before each answer, and close() cancels an answer still waiting', async () => {
    let arrived = Promise.withResolvers<void>();
    const fake = await startFakeOpenAiCompatible({
      script: () => {
        arrived.resolve();
        return { kind: 'json', value: COPY };
      },
      latencyMs: 150,
    });
    const model = createOpenAICompatible({ name: 'llm', baseURL: fake.baseURL, apiKey: API_KEY, supportsStructuredOutputs: true })('gpt-4.1-mini');
    const started = performance.now();
    await ask(model);
    assert.ok(performance.now() - started >= 140, 'the answer came after the latency');
    arrived = Promise.withResolvers<void>();
    const pending = ask(model);
    // The script is asked before the latency: the answer is now waiting on it.
    await arrived.promise;
    await fake.close();
    await assert.rejects(pending, (error: unknown) => APICallError.isInstance(error));
  });

  test('requests are recorded in order, errors included, and the script sees each one with its index', async () => {
    const indexes: number[] = [];
    const fake = await startFakeAnthropic({
      script: (_request, index) => {
        indexes.push(index);
        return index === 0 ? { kind: 'error', status: 529 } : { kind: 'json', value: COPY };
      },
    });
    try {
      const model = createAnthropic({ baseURL: fake.baseURL, apiKey: API_KEY })('claude-sonnet-4-5');
      await apiCallError(ask(model));
      await ask(model);
      assert.deepEqual(indexes, [0, 1]);
      assert.equal(fake.requests.length, 2);
      assert.ok(fake.requests.every((r) => r.provider === 'anthropic' && r.system === SYSTEM));
    } finally {
      await fake.close();
    }
  });
});

// The fakes' prompt caches, as the providers document theirs (test/fakes/llm/prompt-cache.ts): what
// a second call with the same start reports, through the SDK's usage.
describe('fake LLM servers: prompt caching', () => {
  const BREAKPOINT = { anthropic: { cacheControl: { type: 'ephemeral' } } } as const;
  /** Rules of about `tokens` tokens (four characters a token). */
  const rules = (tokens: number) => 'Rule. '.repeat(Math.ceil((tokens * 4) / 6));

  function cachedAsk(model: LanguageModel, system: string, prompt: string, breakpoint = true) {
    return generateText({
      model,
      maxRetries: 0,
      output: Output.object({ schema: Copy }),
      instructions: { role: 'system', content: system, ...(breakpoint ? { providerOptions: BREAKPOINT } : {}) },
      messages: [{ role: 'user', content: prompt }],
    });
  }

  /** Tokens of the schema and the system text: the prefix a breakpoint on the system text ends. */
  const prefixTokens = (fake: FakeLlmServer, system: string) => Math.ceil((JSON.stringify(lastRequest(fake).schema).length + system.length) / 4);

  for (const modelId of ['claude-sonnet-4-5', 'claude-sonnet-4-0']) {
    test(`Anthropic (${modelId}): a prefix up to a breakpoint is written on the first call and read by the next`, async () => {
      const fake = await startFakeAnthropic({ script: () => ({ kind: 'json', value: COPY }) });
      try {
        const model = createAnthropic({ baseURL: fake.baseURL, apiKey: API_KEY })(modelId);
        const system = rules(1100);
        const first = await cachedAsk(model, system, 'Product one.');
        const prefix = prefixTokens(fake, system);
        assert.ok(prefix >= 1024);
        assert.deepEqual([first.usage.inputTokenDetails.cacheWriteTokens, first.usage.inputTokenDetails.cacheReadTokens], [prefix, 0]);
        const second = await cachedAsk(model, system, 'Product two, another text.');
        assert.deepEqual([second.usage.inputTokenDetails.cacheWriteTokens, second.usage.inputTokenDetails.cacheReadTokens], [0, prefix]);
        // The total counts the cached tokens too.
        assert.equal(second.usage.inputTokens, Math.ceil((JSON.stringify(lastRequest(fake).schema).length + system.length + 'Product two, another text.'.length) / 4));
        const body = lastRequest(fake).body;
        const usage = isRecord(body) ? body : {};
        assert.ok(Array.isArray(usage.system), 'the system text went as blocks');
      } finally {
        await fake.close();
      }
    });
  }

  test('Anthropic: without a breakpoint, or below the model’s minimum, nothing is cached', async () => {
    const fake = await startFakeAnthropic({ script: () => ({ kind: 'json', value: COPY }) });
    try {
      const sonnet = createAnthropic({ baseURL: fake.baseURL, apiKey: API_KEY })('claude-sonnet-4-5');
      const haiku = createAnthropic({ baseURL: fake.baseURL, apiKey: API_KEY })('claude-3-5-haiku-20241022');
      const long = rules(1500);
      for (const call of [
        () => cachedAsk(sonnet, long, 'One.', false),
        () => cachedAsk(sonnet, long, 'Two.', false),
        () => cachedAsk(sonnet, rules(900), 'One.'),
        () => cachedAsk(sonnet, rules(900), 'Two.'),
        // Haiku 3.5 caches from 2,048 tokens.
        () => cachedAsk(haiku, long, 'One.'),
        () => cachedAsk(haiku, long, 'Two.'),
      ]) {
        const { usage } = await call();
        assert.deepEqual([usage.inputTokenDetails.cacheWriteTokens, usage.inputTokenDetails.cacheReadTokens], [0, 0]);
      }
      const longer = rules(2100);
      await cachedAsk(haiku, longer, 'One.');
      assert.equal((await cachedAsk(haiku, longer, 'Two.')).usage.inputTokenDetails.cacheReadTokens, prefixTokens(fake, longer));
    } finally {
      await fake.close();
    }
  });

  test('Anthropic: calls sent before the first answer started each write the prefix; a later one reads it', async () => {
    const fake = await startFakeAnthropic({ script: () => ({ kind: 'json', value: COPY }), latencyMs: 100 });
    try {
      const model = createAnthropic({ baseURL: fake.baseURL, apiKey: API_KEY })('claude-sonnet-4-5');
      const system = rules(1100);
      const together = await Promise.all([cachedAsk(model, system, 'One.'), cachedAsk(model, system, 'Two.')]);
      const prefix = prefixTokens(fake, system);
      assert.deepEqual(
        together.map((r) => r.usage.inputTokenDetails.cacheWriteTokens),
        [prefix, prefix],
      );
      assert.equal((await cachedAsk(model, system, 'Three.')).usage.inputTokenDetails.cacheReadTokens, prefix);
    } finally {
      await fake.close();
    }
  });

  for (const provider of CASES.filter((c) => c.start === startFakeOpenAiCompatible)) {
    test(`${provider.name}: the longest prefix seen before is read in steps of 128 tokens from 1,024, without any breakpoint`, async () => {
      const fake = await startFakeOpenAiCompatible({ script: () => ({ kind: 'json', value: COPY }) });
      try {
        const model = provider.model(fake.baseURL, API_KEY);
        const system = rules(1300);
        const first = await cachedAsk(model, system, 'Product one.', false);
        assert.equal(first.usage.inputTokenDetails.cacheReadTokens, 0);
        const second = await cachedAsk(model, system, 'Product two.', false);
        const shared = prefixTokens(fake, system);
        const expected = 1024 + 128 * Math.floor((shared - 1024) / 128);
        assert.equal(second.usage.inputTokenDetails.cacheReadTokens, expected);
        assert.ok(expected > shared - 128 && expected <= shared);
        // Under 1,024 tokens nothing is cached, however often it is sent.
        await cachedAsk(model, rules(600), 'Product one.', false);
        assert.equal((await cachedAsk(model, rules(600), 'Product one.', false)).usage.inputTokenDetails.cacheReadTokens, 0);
      } finally {
        await fake.close();
      }
    });
  }
});
