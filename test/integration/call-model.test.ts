import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import PQueue from 'p-queue';
import { z } from 'zod';
import { callModel, ModelUnavailableError, type ModelRuntime } from '../../src/generation/ai/call-model.ts';
import { loadModel } from '../../src/generation/ai/providers.ts';
import { UsageMeter } from '../../src/generation/ai/usage-meter.ts';
import { createMetrics } from '../../src/metrics.ts';
import { createRateLimiter } from '../../src/sources/rate-limiter.ts';
import type { FakeLlmReply, FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';

// One model call's operating rules against a real provider wire format on loopback: a 429 holds
// back every call on the provider's lane, not just the one that got it.

const answer = z.object({ ok: z.boolean() });

describe('model calls share their provider’s limits', () => {
  let fake: FakeLlmServer;
  const seenAt: number[] = [];
  /** The first request gets a 429 asking for a one-second pause; the rest are answered. */
  const firstLimited = (): FakeLlmReply => {
    seenAt.push(Date.now());
    return seenAt.length === 1 ? { kind: 'error', status: 429, retryAfterSeconds: 1 } : { kind: 'json', value: { ok: true }, usage: { input: 10, output: 3 } };
  };
  before(async () => {
    fake = await startFakeOpenAiCompatible({ script: firstLimited, apiKey: 'local-key' });
  });
  after(() => fake.close());

  async function runtime(options: { maxRetries: number; slots?: number; jsonSchema?: boolean }): Promise<ModelRuntime> {
    const jsonSchema = options.jsonSchema ?? true;
    const loaded = await loadModel({
      provider: 'openai-compatible',
      model: 'm',
      baseUrl: fake.baseURL,
      apiKey: 'local-key',
      requestsPerMinute: 1000,
      tokensPerMinute: 1_000_000,
      images: false,
      jsonSchema,
    });
    return {
      loaded,
      lane: createRateLimiter({ requestsPerMinute: 1000, tokensPerMinute: 1_000_000 }),
      inFlight: new PQueue({ concurrency: options.slots ?? 4 }),
      timeoutMs: 5000,
      maxRetries: options.maxRetries,
      maxOutputTokens: 500,
      schemaInInstructions: !jsonSchema,
      metrics: createMetrics(),
      backoffMs: () => 10,
    };
  }

  const meter = () => new UsageMeter('llm-v1', 'openai-compatible', 'm');
  const ask = (rt: ModelRuntime, m = meter()) => callModel(rt, { step: 'draft', instructions: 'Answer.', messages: [{ role: 'user', content: 'Hi' }], schema: answer, meter: m });

  test('after a 429 with Retry-After, no call reaches the provider until the pause is over', async () => {
    seenAt.length = 0;
    fake.setScript(firstLimited);
    const rt = await runtime({ maxRetries: 2 });
    const shared = meter();
    const first = ask(rt, shared);
    // The second call starts once the 429 has reached the client (a call sent before it could not know).
    while (rt.lane.pauseRemainingMs() === 0) await new Promise((resolve) => setImmediate(resolve));
    const second = ask(rt, shared);
    assert.deepEqual(await Promise.all([first, second]), [{ ok: true }, { ok: true }]);
    assert.equal(seenAt.length, 3);
    for (const at of seenAt.slice(1)) assert.ok(at - (seenAt[0] ?? 0) >= 1000, `a call went out ${at - (seenAt[0] ?? 0)} ms after the 429`);
    const usage = shared.snapshot();
    assert.equal(usage.calls, 3, 'the rate-limited call is counted');
    assert.equal(usage.tokens_in, 20);
  });

  test('calls already waiting for a slot also wait out the pause', async () => {
    seenAt.length = 0;
    fake.setScript(firstLimited);
    const rt = await runtime({ maxRetries: 2, slots: 1 });
    const calls = [ask(rt), ask(rt), ask(rt)];
    assert.equal((await Promise.all(calls)).length, 3);
    assert.equal(seenAt.length, 4, 'one 429, then three answers: no call was sent into the pause');
    for (const at of seenAt.slice(1)) assert.ok(at - (seenAt[0] ?? 0) >= 1000, `a call went out ${at - (seenAt[0] ?? 0)} ms after the 429`);
  });

  test('while the provider has asked for a long pause, a call goes back to the queue without being sent', async () => {
    const rt = await runtime({ maxRetries: 2 });
    rt.lane.pauseFor(600);
    const before = fake.requests.length;
    await assert.rejects(ask(rt), (err: unknown) => err instanceof ModelUnavailableError && /pause of 600 s/.test(err.message));
    assert.equal(fake.requests.length, before, 'nothing was sent');
  });

  test('a 503 that says to come back in five minutes pauses the lane and returns the job to the queue for that long', async () => {
    fake.setScript(() => ({ kind: 'error', status: 503, retryAfterSeconds: 300 }));
    const before = fake.requests.length;
    const rt = await runtime({ maxRetries: 3 });
    await assert.rejects(ask(rt), (err: unknown) => err instanceof ModelUnavailableError && err.pauseMs !== null && err.pauseMs > 290_000);
    assert.equal(fake.requests.length - before, 1, 'no retry is sent into the pause');
  });

  test('when every retry is used up the call reports the provider unavailable (the queue tries later)', async () => {
    fake.setScript(() => ({ kind: 'error', status: 503 }));
    const before = fake.requests.length;
    const rt = await runtime({ maxRetries: 1 });
    await assert.rejects(ask(rt), (err: unknown) => err instanceof ModelUnavailableError && /503/.test(err.message));
    assert.equal(fake.requests.length - before, 2, 'the call and its one retry');
  });

  test("a product's later steps go before new products' first drafts", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.setScript(async (request) => {
      order.push(request.messages[0]?.text ?? '');
      if (order.length === 1) await gate;
      return { kind: 'json', value: { ok: true } };
    });
    const rt = await runtime({ maxRetries: 0, slots: 1 });
    const call = (step: string, text: string) => callModel(rt, { step, instructions: 'Answer.', messages: [{ role: 'user', content: text }], schema: answer, meter: meter() });
    const running = call('draft', 'first product');
    while (order.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const waiting = [call('draft', 'second product'), call('critic', 'first product, critic')];
    release();
    await Promise.all([running, ...waiting]);
    assert.deepEqual(order, ['first product', 'first product, critic', 'second product']);
  });

  test('an endpoint without JSON-schema output gets the schema in the instructions', async () => {
    fake.setScript(() => ({ kind: 'json', value: { ok: true } }));
    const rt = await runtime({ maxRetries: 0, jsonSchema: false });
    assert.deepEqual(await ask(rt), { ok: true });
    const sent = fake.requests.at(-1);
    assert.equal(sent?.schema, null, 'no response_format schema was sent');
    assert.match(sent?.system ?? '', /follows this JSON schema:\n\{.*"ok":\{"type":"boolean"\}/);
  });
});
