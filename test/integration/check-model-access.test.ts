import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AgentModelConfig } from '../../src/config.ts';
import { checkModelAccess, type AccessVerdict } from '../../src/generation/ai/check-model-access.ts';
import { listen, sendJson, type ListeningFake } from '../fakes/http-fake.ts';
import { startFakeAnthropic } from '../fakes/llm/anthropic-server.ts';
import type { FakeLlmServer } from '../fakes/llm/fake-llm.ts';
import { startFakeOpenAiCompatible } from '../fakes/llm/openai-compatible-server.ts';
import { defined } from '../helpers/assert.ts';
import { downHost } from '../helpers/down-host.ts';
import type { AgentModel } from '../../src/domain/pricing.ts';

// The start-up check against the fake providers on loopback: what stops `vetrina serve` (a refused
// key, an unknown model) and what only warns (the check could not tell), with messages that name
// the variable to fix and never the key.

const KEY = 'sk-test-0123456789abcdef';
const WRONG_KEY = 'sk-wrong-9876543210fedcba';
const never = () => ({ kind: 'hang' }) as const;

function agentModel(provider: AgentModelConfig['provider'], model: string, baseUrl: string | undefined, apiKey: string | undefined = KEY): AgentModelConfig {
  return { provider, model, baseUrl, apiKey, requestsPerMinute: 500, tokensPerMinute: 400_000, images: false, jsonSchema: true };
}

/** A model configured without any key (a local server that needs none). */
function keyless(config: AgentModelConfig): AgentModelConfig {
  return { ...config, apiKey: undefined };
}

/** The verdict, after checking that no message quotes the key it was given. */
async function check(config: AgentModelConfig, agent: AgentModel = 'v1', timeoutMs?: number): Promise<AccessVerdict> {
  const verdict = await checkModelAccess(config, { agent, ...(timeoutMs !== undefined && { timeoutMs }) });
  if (!verdict.ok && config.apiKey !== undefined) assert.ok(!verdict.message.includes(config.apiKey), `the message quotes the key: ${verdict.message}`);
  return verdict;
}

function assertFatal(verdict: AccessVerdict, pattern: RegExp): void {
  assert.ok(!verdict.ok && verdict.fatal, `expected a fatal verdict, got ${JSON.stringify(verdict)}`);
  assert.match(verdict.message, pattern);
}

function assertUnsure(verdict: AccessVerdict, pattern: RegExp): void {
  assert.ok(!verdict.ok && !verdict.fatal, `expected a non-fatal verdict, got ${JSON.stringify(verdict)}`);
  assert.match(verdict.message, pattern);
}

/** A server that answers every request with one status and JSON body (or never, for `hang`). */
async function stub(answer: { status: number; body: unknown } | 'hang'): Promise<ListeningFake> {
  return listen('stub', [], (_request, response) => {
    if (answer !== 'hang') sendJson(response, answer.status, answer.body);
  });
}

describe('checkModelAccess: OpenAI', () => {
  let fake: FakeLlmServer;
  before(async () => {
    fake = await startFakeOpenAiCompatible({ script: never, apiKey: KEY, models: ['gpt-4.1-mini', 'gpt-4.1'] });
  });
  after(() => fake.close());

  test('a known model with the right key is ok, asked of GET /models/{id} with the bearer key and no prompt', async () => {
    assert.deepEqual(await check(agentModel('openai', 'gpt-4.1-mini', fake.baseURL)), { ok: true });
    const lookup = defined(fake.lookups.at(-1), 'the lookup');
    assert.equal(lookup.path, '/v1/models/gpt-4.1-mini');
    assert.equal(lookup.apiKey, KEY);
    assert.equal(fake.requests.length, 0, 'no model call was made');
  });

  test('a refused key is fatal and names both variables the key can come from, not the key', async () => {
    assertFatal(
      await check(agentModel('openai', 'gpt-4.1-mini', fake.baseURL, WRONG_KEY)),
      /key for AGENT_V1_MODEL \(openai:gpt-4\.1-mini\) is refused.*HTTP 401.*AGENT_V1_API_KEY or OPENAI_API_KEY/,
    );
  });

  test('an unknown model is fatal: model not found, naming the variable and the model', async () => {
    assertFatal(await check(agentModel('openai', 'gpt-4.1-mino', fake.baseURL), 'v2'), /model not found: AGENT_V2_MODEL names "gpt-4\.1-mino".*HTTP 404/);
  });

  test('a restricted key that may not read models is not fatal: it may still call them', async () => {
    const restricted = await stub({
      status: 401,
      body: { error: { message: 'You have insufficient permissions for this operation. Missing scopes: api.model.read.', type: 'invalid_request_error', param: null, code: null } },
    });
    try {
      assertUnsure(await check(agentModel('openai', 'gpt-4.1-mini', `${restricted.url}/v1`)), /may not read models.*Missing scopes/);
    } finally {
      await restricted.close();
    }
  });

  test("a 404 from a custom base URL without OpenAI's model_not_found error is not fatal: the endpoint may be missing", async () => {
    const proxy = await stub({ status: 404, body: { detail: 'Not Found' } });
    try {
      assertUnsure(await check(agentModel('openai', 'gpt-4.1-mini', `${proxy.url}/v1`)), /could not check AGENT_V1_MODEL.*HTTP 404/);
    } finally {
      await proxy.close();
    }
  });
});

describe('checkModelAccess: Anthropic', () => {
  let fake: FakeLlmServer;
  before(async () => {
    fake = await startFakeAnthropic({ script: never, apiKey: KEY, models: ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001', 'claude-sonnet-4-6'] });
  });
  after(() => fake.close());

  test('a dated id and a dateless one are ok, asked with x-api-key and anthropic-version', async () => {
    assert.deepEqual(await check(agentModel('anthropic', 'claude-sonnet-4-5-20250929', fake.baseURL)), { ok: true });
    assert.deepEqual(await check(agentModel('anthropic', 'claude-sonnet-4-6', fake.baseURL)), { ok: true });
    const lookup = defined(fake.lookups.at(-1), 'the lookup');
    assert.equal(lookup.path, '/v1/models/claude-sonnet-4-6');
    assert.equal(lookup.headers['x-api-key'], KEY);
    assert.equal(lookup.headers['anthropic-version'], '2023-06-01');
  });

  test('an alias is ok: the models endpoint resolves it to its dated snapshot', async () => {
    assert.deepEqual(await check(agentModel('anthropic', 'claude-sonnet-4-5', fake.baseURL)), { ok: true });
    assert.deepEqual(await check(agentModel('anthropic', 'claude-haiku-4-5', fake.baseURL)), { ok: true });
  });

  test('a refused key is fatal and names AGENT_Vx_API_KEY or ANTHROPIC_API_KEY, not the key', async () => {
    assertFatal(
      await check(agentModel('anthropic', 'claude-sonnet-4-5', fake.baseURL, WRONG_KEY), 'v2'),
      /key for AGENT_V2_MODEL \(anthropic:claude-sonnet-4-5\) is refused.*AGENT_V2_API_KEY or ANTHROPIC_API_KEY/,
    );
  });

  test('an unknown model (or an alias of nothing) is fatal: model not found', async () => {
    assertFatal(await check(agentModel('anthropic', 'claude-sonet-4-5', fake.baseURL)), /model not found: AGENT_V1_MODEL names "claude-sonet-4-5"/);
    assertFatal(await check(agentModel('anthropic', 'claude-opus-4-5', fake.baseURL)), /model not found/);
  });
});

describe('checkModelAccess: OpenAI-compatible', () => {
  let fake: FakeLlmServer;
  before(async () => {
    fake = await startFakeOpenAiCompatible({ script: never, apiKey: KEY, models: ['qwen3:8b', 'llama3.1:latest', 'gemma3:4b'] });
  });
  after(() => fake.close());

  test("a listed model is ok, found in GET /models; a name without a tag matches Ollama's :latest", async () => {
    assert.deepEqual(await check(agentModel('openai-compatible', 'qwen3:8b', fake.baseURL)), { ok: true });
    assert.equal(defined(fake.lookups.at(-1), 'the lookup').path, '/v1/models');
    assert.deepEqual(await check(agentModel('openai-compatible', 'llama3.1', fake.baseURL)), { ok: true });
  });

  test('a refused key is fatal and names AGENT_Vx_API_KEY only (no shared key for these servers)', async () => {
    const verdict = await check(agentModel('openai-compatible', 'qwen3:8b', fake.baseURL, WRONG_KEY));
    assertFatal(verdict, /key for AGENT_V1_MODEL .* is refused.*check AGENT_V1_API_KEY\.$/);
  });

  test('a server that wants a key when none is set: fatal, saying which variable to set', async () => {
    assertFatal(await check(keyless(agentModel('openai-compatible', 'qwen3:8b', fake.baseURL)), 'v2'), /asks for a key .* none is set: set AGENT_V2_API_KEY/);
  });

  test('a model the server does not list is fatal, and the message lists what it has (Ollama: pull it)', async () => {
    const verdict = await check(agentModel('openai-compatible', 'qwen3:14b', fake.baseURL));
    assertFatal(verdict, /model not found: AGENT_V1_MODEL names "qwen3:14b".*it lists qwen3:8b, llama3\.1:latest, gemma3:4b\..*ollama pull qwen3:14b/);
  });

  test('a model a non-Ollama server does not list only warns (Azure lists base models, not deployments), and a long list shows ten ids', async () => {
    const ids = Array.from({ length: 14 }, (_, i) => `model-${i}`);
    const many = await startFakeOpenAiCompatible({ script: never, models: ids });
    try {
      const verdict = await check(agentModel('openai-compatible', 'model-99', many.baseURL));
      assert.equal(verdict.ok, false);
      assert.equal(!verdict.ok && verdict.fatal, false, 'not fatal');
      assert.match(verdict.ok ? '' : verdict.message, /it lists model-0, .*, model-9 and 4 more/);
      assert.doesNotMatch(verdict.ok ? '' : verdict.message, /model-10/);
    } finally {
      await many.close();
    }
  });

  test('a server without GET /models (404) is not fatal: the model could not be checked', async () => {
    const noList = await startFakeOpenAiCompatible({ script: never });
    try {
      assertUnsure(await check(agentModel('openai-compatible', 'qwen3:8b', noList.baseURL)), /no model list \(GET \/models answered HTTP 404\)/);
      // A base URL without /v1 is the usual reason: the message says so.
      assertUnsure(await check(agentModel('openai-compatible', 'qwen3:8b', noList.baseURL.replace(/\/v1$/, ''))), /ending in \/v1/);
    } finally {
      await noList.close();
    }
  });

  test('llama.cpp with one model loaded answers whatever model is named: not fatal', async () => {
    const llamaCpp = await stub({ status: 200, body: { object: 'list', data: [{ id: 'qwen2.5-7b-instruct-q4_k_m.gguf', object: 'model', created: 1, owned_by: 'llamacpp' }] } });
    try {
      assert.deepEqual(await check(keyless(agentModel('openai-compatible', 'qwen2.5', `${llamaCpp.url}/v1`))), { ok: true });
    } finally {
      await llamaCpp.close();
    }
  });
});

describe('checkModelAccess: when it cannot tell', () => {
  for (const provider of ['openai', 'anthropic', 'openai-compatible'] as const) {
    test(`${provider}: a server that is down is not fatal`, async () => {
      const base = `${await downHost()}/v1`;
      assertUnsure(await check(agentModel(provider, 'some-model', base)), /could not check AGENT_V1_MODEL .* unreachable \(ECONNREFUSED\)/);
    });
  }

  test('a server that never answers is not fatal: the check gives up at its timeout', async () => {
    const silent = await stub('hang');
    try {
      // The stub never answers, so coming back at all (with the timeout's own words) is the proof.
      assertUnsure(await check(agentModel('anthropic', 'claude-sonnet-4-5', `${silent.url}/v1`), 'v1', 200), /no answer within 0\.2 s/);
    } finally {
      await silent.close();
    }
  });

  test('a 5xx is not fatal, for each provider', async () => {
    const overloaded = await stub({ status: 503, body: { error: { message: 'The engine is currently overloaded, please try again later', type: 'server_error' } } });
    try {
      for (const provider of ['openai', 'anthropic', 'openai-compatible'] as const) {
        assertUnsure(await check(agentModel(provider, 'some-model', `${overloaded.url}/v1`)), /HTTP 503: The engine is currently overloaded/);
      }
    } finally {
      await overloaded.close();
    }
  });

  test('no message carries the key or a password in the base URL, even where the answer quotes them', async () => {
    const echo = await stub({ status: 403, body: { error: { message: `Key ${KEY} may not use this project`, type: 'permission_error' } } });
    try {
      const verdict = await check(agentModel('openai', 'gpt-4.1-mini', `${echo.url}/v1`));
      assertFatal(verdict, /HTTP 403: Key \[key\] may not use this project/);
      const withPassword = `${echo.url.replace('http://', 'http://vetrina:hunter2-secret@')}/v1`;
      const refused = await check(agentModel('openai-compatible', 'qwen3:8b', withPassword));
      assert.ok(!refused.ok);
      assert.doesNotMatch(refused.message, /hunter2/);
    } finally {
      await echo.close();
    }
  });

  test('a 200 that is not a model (a web page at the base URL) is not fatal', async () => {
    const page = await listen('page', [], (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Welcome</body></html>');
    });
    try {
      assertUnsure(await check(agentModel('openai', 'gpt-4.1-mini', `${page.url}/v1`)), /is the base URL right/);
      assertUnsure(await check(agentModel('openai-compatible', 'qwen3:8b', `${page.url}/v1`)), /without a model list/);
    } finally {
      await page.close();
    }
  });
});
