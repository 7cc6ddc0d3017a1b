import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { productWriter } from '../fakes/llm/product-writer.ts';
import { startServer, stopAllServers } from '../helpers/cli-server.ts';
import { runCli } from '../helpers/run-cli.ts';

// How an operator sees the agent models: `vetrina serve` says which engine writes each one, and
// a misconfigured model stops the start with a message naming what to fix.

after(stopAllServers);

describe('vetrina serve with agent models', () => {
  let dir: string;
  let fake: FakeLlmServer;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vetrina-cli-agents-'));
    fake = await startFakeOpenAiCompatible({ script: productWriter() });
  });
  after(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('logs the engine of each agent model at start: the template for v1, the local model for v2', async () => {
    const server = await startServer({ DATA_DIR: join(dir, 'ok'), AGENT_V2_MODEL: 'openai-compatible:qwen3:8b', AGENT_V2_BASE_URL: fake.baseURL });
    try {
      assert.match(server.output(), /agent model v1: template/);
      assert.match(server.output(), /agent model v2: openai-compatible:qwen3:8b/);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  test('a model with no key stops the start with the variable to set, before anything listens', async () => {
    const result = await runCli(['serve'], { DATA_DIR: join(dir, 'bad'), PORT: '0', AGENT_V2_MODEL: 'anthropic:claude-sonnet-4-5', ANTHROPIC_API_KEY: '' });
    assert.equal(result.code, 1, result.stdout);
    assert.match(result.stderr, /AGENT_V2_MODEL: anthropic needs ANTHROPIC_API_KEY or AGENT_V2_API_KEY/);
    assert.doesNotMatch(result.stdout + result.stderr, /listening at/i);
  });
});
