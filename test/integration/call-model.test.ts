import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pLimit from 'p-limit';
import { z } from 'zod';
import { callModel, ModelUnavailableError, type ModelRuntime } from '../../src/generation/ai/call-model.ts';
import { loadModel } from '../../src/generation/ai/providers.ts';
import { UsageMeter } from '../../src/generation/ai/usage-meter.ts';
import { createMetrics } from '../../src/metrics.ts';
import { createRateLimiter } from '../../src/sources/rate-limiter.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';

// One model call's operating rules against a real provider wire format on loopback: a 429 holds
// back every call to that provider, not just the one that got it.

const answer = z.object({ ok: z.boolean() });

describe('model calls share their provider’s limits', () => {
  let fake: FakeLlmServer;
  const seenAt: number[] = [];
  before(async () => {
    fake = await startFakeOpenAiCompatible({
      script: () => {
        seenAt.push(Date.now());
        return seenAt.length === 1 ? { kind: 'error', status: 429, retryAfterSeconds: 1 } : { kind: 'json', value: { ok: true }, usage: { input: 10, output: 3 } };
      },
    });
  });
  after(() => fake.close());

  async function runtime(maxRetries: number): Promise<ModelRuntime> {
    const loaded = await loadModel({ provider: 'openai-compatible', model: 'm', baseUrl: fake.baseURL, apiKey: 'local-key', requestsPerMinute: 1000, tokensPerMinute: 1_000_000, images: false, jsonSchema: true });
    return { loaded, lane: createRateLimiter({ requestsPerMinute: 1000, tokensPerMinute: 1_000_000 }), inFlight: pLimit(4), timeoutMs: 5000, maxRetries, maxOutputTokens: 500, metrics: createMetrics(), backoffMs: () => 10 };
  }

  const ask = (rt: ModelRuntime, meter: UsageMeter) => callModel(rt, { step: 'draft', instructions: 'Answer.', messages: [{ role: 'user', content: 'Hi' }], schema: answer, meter });

  test('after a 429 with Retry-After, no call reaches the provider until the pause is over', async () => {
    seenAt.length = 0;
    const rt = await runtime(2);
    const meter = new UsageMeter('llm-v1', 'openai-compatible', 'm', 'rules.1');
    const first = ask(rt, meter);
    // The second call starts once the first has been told to wait.
    while (seenAt.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = ask(rt, meter);
    assert.deepEqual(await Promise.all([first, second]), [{ ok: true }, { ok: true }]);
    assert.equal(seenAt.length, 3);
    for (const at of seenAt.slice(1)) assert.ok(at - (seenAt[0] ?? 0) >= 1000, `a call went out ${at - (seenAt[0] ?? 0)} ms after the 429`);
    const usage = meter.snapshot();
    assert.equal(usage.calls, 3, 'the rate-limited call is counted');
    assert.equal(usage.tokens_in, 20);
  });

  test('while the provider has asked for a long pause, a call goes back to the queue without being sent', async () => {
    const rt = await runtime(2);
    rt.lane.pauseFor(600);
    const before = fake.requests.length;
    await assert.rejects(ask(rt, new UsageMeter('llm-v1', 'openai-compatible', 'm', 'rules.1')), (err: unknown) => err instanceof ModelUnavailableError && /pause of 600 s/.test(err.message));
    assert.equal(fake.requests.length, before, 'nothing was sent');
  });

  test('when every retry is used up the call reports the provider unavailable (the queue tries later)', async () => {
    fake.setScript(() => ({ kind: 'error', status: 503 }));
    const rt = await runtime(1);
    await assert.rejects(ask(rt, new UsageMeter('llm-v1', 'openai-compatible', 'm', 'rules.1')), (err: unknown) => err instanceof ModelUnavailableError && /503/.test(err.message));
    assert.equal(fake.requests.filter((r) => r.model === 'm').length >= 2, true);
  });
});
