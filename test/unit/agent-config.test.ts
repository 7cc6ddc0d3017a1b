import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('agent model configuration', () => {
  test('nothing configured: both agent models use the template engine', () => {
    const config = loadConfig({});
    assert.equal(config.agents.v1, null);
    assert.equal(config.agents.v2, null);
  });

  test('a provider and model per agent model, keys from the provider variable or the agent own', () => {
    const config = loadConfig({
      AGENT_V1_MODEL: 'openai:gpt-5-mini',
      OPENAI_API_KEY: 'sk-openai',
      AGENT_V2_MODEL: 'anthropic:claude-sonnet-4-5',
      AGENT_V2_API_KEY: 'sk-own',
      ANTHROPIC_API_KEY: 'sk-ant',
    });
    assert.equal(config.agents.v1?.provider, 'openai');
    assert.equal(config.agents.v1?.model, 'gpt-5-mini');
    assert.equal(config.agents.v1?.apiKey, 'sk-openai');
    assert.equal(config.agents.v2?.provider, 'anthropic');
    assert.equal(config.agents.v2?.apiKey, 'sk-own', "the agent model's own key wins");
    assert.equal(config.agents.v2?.images, true, 'Anthropic models read pictures by default');
  });

  test('an Ollama model keeps its tag, needs no key, and does not get pictures unless asked', () => {
    const config = loadConfig({ AGENT_V2_MODEL: 'openai-compatible:llama3.1:8b', AGENT_V2_BASE_URL: 'http://127.0.0.1:11434/v1/' });
    assert.equal(config.agents.v2?.model, 'llama3.1:8b');
    assert.equal(config.agents.v2?.baseUrl, 'http://127.0.0.1:11434/v1');
    assert.equal(config.agents.v2?.apiKey, undefined);
    assert.equal(config.agents.v2?.images, false);
    assert.equal(loadConfig({ AGENT_V2_MODEL: 'openai-compatible:llava', AGENT_V2_BASE_URL: 'http://127.0.0.1:11434/v1', AGENT_V2_IMAGES: 'on' }).agents.v2?.images, true);
  });

  test('with an LLM agent model, a worker process runs enough generations at once to keep the model calls busy', () => {
    const atOnce = (env: Record<string, string>) => {
      const { concurrency, batchSize } = loadConfig(env).worker;
      return { atOnce: concurrency * batchSize, fetchSize: batchSize };
    };
    assert.deepEqual(atOnce({}), { atOnce: 800, fetchSize: 400 }, 'the template engine: two fetches of 400');
    const llm = { AGENT_V2_MODEL: 'openai-compatible:qwen3', AGENT_V2_BASE_URL: 'http://127.0.0.1:11434/v1' };
    assert.deepEqual(atOnce({ ...llm, AGENT_CONCURRENCY: '32' }), { atOnce: 64, fetchSize: 8 }, 'twice the calls allowed, fetched 8 at a time');
    assert.deepEqual(atOnce({ ...llm, AGENT_CONCURRENCY: '32', GENERATION_CONCURRENCY: '40' }), { atOnce: 40, fetchSize: 8 }, 'an explicit setting wins');
    assert.deepEqual(atOnce({ ...llm, AGENT_CONCURRENCY: '32', GENERATION_FETCH_SIZE: '16' }), { atOnce: 64, fetchSize: 16 });
    assert.deepEqual(atOnce({ GENERATION_CONCURRENCY: '1000' }), { atOnce: 1002, fetchSize: 334 }, 'rounded up to fetches of equal size, none over 400');
    assert.deepEqual(atOnce({ GENERATION_CONCURRENCY: '10' }), { atOnce: 10, fetchSize: 10 });
    assert.equal(loadConfig({}).worker.expireSeconds, 600);
    assert.equal(loadConfig(llm).worker.expireSeconds, 1800, 'model calls take longer than template work');
    assert.equal(loadConfig({ ...llm, GENERATION_TIMEOUT_SECONDS: '900' }).worker.expireSeconds, 900);
  });

  test('the start-up check of the provider waits 5 s unless told otherwise, between 1 s and 5 minutes', () => {
    assert.equal(loadConfig({}).agents.checkTimeoutMs, 5_000);
    assert.equal(loadConfig({ AGENT_CHECK_TIMEOUT_SECONDS: '60' }).agents.checkTimeoutMs, 60_000);
    for (const bad of ['0', '301', 'soon']) assert.throws(() => loadConfig({ AGENT_CHECK_TIMEOUT_SECONDS: bad }), /AGENT_CHECK_TIMEOUT_SECONDS/);
  });

  test('every mistake is named at start, all at once', () => {
    assert.throws(
      () => loadConfig({ AGENT_V1_MODEL: 'anthropic:claude-sonnet-4-5', AGENT_V2_MODEL: 'openai-compatible:qwen3' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.message.includes('AGENT_V1_MODEL: anthropic needs ANTHROPIC_API_KEY or AGENT_V1_API_KEY') &&
        err.message.includes('AGENT_V2_MODEL: an openai-compatible model needs AGENT_V2_BASE_URL'),
    );
    assert.throws(() => loadConfig({ AGENT_V2_MODEL: 'gemini:pro' }), /provider one of openai, anthropic, openai-compatible/);
    assert.throws(() => loadConfig({ AGENT_V2_MODEL: 'openai:', OPENAI_API_KEY: 'k' }), /names no model/);
    assert.throws(() => loadConfig({ AGENT_V2_MODEL: 'gpt-5', OPENAI_API_KEY: 'k' }), /must be <provider>:<model>/);
    assert.throws(() => loadConfig({ AGENT_V2_MODEL: 'openai-compatible:x', AGENT_V2_BASE_URL: 'not a url' }), /AGENT_V2_BASE_URL/);
    assert.throws(() => loadConfig({ AGENT_REPAIR_ROUNDS: '-1' }), /AGENT_REPAIR_ROUNDS/);
  });
});
