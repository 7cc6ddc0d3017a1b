import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { productWriter } from '../fakes/llm/product-writer.ts';
import { startServer, stopAllServers } from '../helpers/cli-server.ts';
import { runCli } from '../helpers/run-cli.ts';

// The child checks the fake provider at start; a loaded machine may take longer than the default 5 s,
// and then the start goes on with a warning instead of what these tests look for.
const CHECK_TIMEOUT = '60';

// How an operator sees the agent models: `vetrina serve` says which engine writes each one, and
// a misconfigured model stops the start with a message naming what to fix.

after(stopAllServers);

describe('vetrina serve with agent models', () => {
  let dir: string;
  let fake: FakeLlmServer;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vetrina-cli-agents-'));
    fake = await startFakeOpenAiCompatible({ script: productWriter(), apiKey: 'right-key', models: ['qwen3:8b', 'llama3.1:8b'] });
  });
  after(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('logs the engine of each agent model at start (the template for v1, the local model for v2) after checking key and model', async () => {
    const server = await startServer({
      DATA_DIR: join(dir, 'ok'),
      AGENT_V2_MODEL: 'openai-compatible:qwen3:8b',
      AGENT_V2_BASE_URL: fake.baseURL,
      AGENT_V2_API_KEY: 'right-key',
      AGENT_CHECK_TIMEOUT_SECONDS: CHECK_TIMEOUT,
      METRICS_PORT: '0',
    });
    try {
      // Logged once the workers have started, which may be after "listening" reached us.
      await server.waitFor(/agent model v2: /);
      assert.match(server.output(), /agent model v1: template/);
      assert.match(server.output(), /agent model v2: openai-compatible:qwen3:8b/);
      assert.match(server.output(), /agent model reachable: key and model accepted/);
      // Metrics have their own listener, and the public API port does not show them.
      const metricsUrl = /"url":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(server.output())?.[1];
      assert.ok(metricsUrl !== undefined, server.output());
      assert.match(await (await fetch(metricsUrl)).text(), /vetrina_llm_tokens_total/);
      assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  test('a refused key or an unknown model stops the start, naming the variable to fix', async () => {
    const badKey = await runCli(['serve'], {
      DATA_DIR: join(dir, 'bad-key'),
      PORT: '0',
      AGENT_V2_MODEL: 'openai-compatible:qwen3:8b',
      AGENT_V2_BASE_URL: fake.baseURL,
      AGENT_V2_API_KEY: 'wrong-key',
      AGENT_CHECK_TIMEOUT_SECONDS: CHECK_TIMEOUT,
    });
    assert.equal(badKey.code, 1, badKey.stdout);
    assert.match(badKey.stderr, /agent model misconfigured/);
    assert.match(badKey.stderr, /AGENT_V2_API_KEY/);
    assert.doesNotMatch(badKey.stderr + badKey.stdout, /wrong-key/, 'the key itself is never printed');
    assert.doesNotMatch(badKey.stdout, /listening at/i);

    const unknown = await runCli(['serve'], {
      DATA_DIR: join(dir, 'bad-model'),
      PORT: '0',
      AGENT_V1_MODEL: 'openai-compatible:mistral:7b',
      AGENT_V1_BASE_URL: fake.baseURL,
      AGENT_V1_API_KEY: 'right-key',
      AGENT_CHECK_TIMEOUT_SECONDS: CHECK_TIMEOUT,
    });
    assert.equal(unknown.code, 1, unknown.stdout);
    assert.match(unknown.stderr, /AGENT_V1_MODEL/);
    assert.match(unknown.stderr, /qwen3:8b/, 'the models the server has are listed');
  });

  test('a metrics port already taken stops the start with an error instead of leaving the process running', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const result = await runCli(['serve'], { DATA_DIR: join(dir, 'taken'), PORT: '0', METRICS_PORT: port });
      assert.equal(result.code, 1, result.stdout);
      assert.match(result.stderr, /EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  test('a model with no key stops the start with the variable to set, before anything listens', async () => {
    const result = await runCli(['serve'], { DATA_DIR: join(dir, 'bad'), PORT: '0', AGENT_V2_MODEL: 'anthropic:claude-sonnet-4-5', ANTHROPIC_API_KEY: '' });
    assert.equal(result.code, 1, result.stdout);
    assert.match(result.stderr, /AGENT_V2_MODEL: anthropic needs ANTHROPIC_API_KEY or AGENT_V2_API_KEY/);
    assert.doesNotMatch(result.stdout + result.stderr, /listening at/i);
  });
});
