import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startMetricsServer, type MetricsServer } from '../../src/http/metrics-server.ts';
import { createMetrics, type Metrics } from '../../src/metrics.ts';

// The separate metrics listener, as a Prometheus scraper sees it: only GET /metrics, with the
// counters the process has counted so far.

describe('metrics server', () => {
  let metrics: Metrics;
  let server: MetricsServer;

  before(async () => {
    metrics = createMetrics();
    server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0 });
  });
  after(() => server.close());

  test('listens on the port it was given (0: a free one) and says where', () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(server.url, 'http://127.0.0.1:0');
  });

  test('GET /metrics answers the registry text with its content type, counters included as they grow', async () => {
    const labels = { provider: 'anthropic', model: 'claude-sonnet-4-5' };
    metrics.llmTokens(labels, { in: 1200, out: 300, cachedIn: 1024, cacheWriteIn: 0 });
    const first = await fetch(`${server.url}/metrics`);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), metrics.registry.contentType);
    assert.match(await first.text(), /^vetrina_llm_tokens_total\{provider="anthropic",model="claude-sonnet-4-5",direction="in"\} 1200$/m);

    metrics.llmTokens(labels, { in: 800, out: 100, cachedIn: 0, cacheWriteIn: 700 });
    const second = await (await fetch(`${server.url}/metrics`)).text();
    assert.match(second, /^vetrina_llm_tokens_total\{provider="anthropic",model="claude-sonnet-4-5",direction="in"\} 2000$/m);
    assert.match(second, /^vetrina_llm_tokens_total\{provider="anthropic",model="claude-sonnet-4-5",direction="out"\} 400$/m);
    assert.match(second, /^vetrina_llm_cached_input_tokens_total\{provider="anthropic",model="claude-sonnet-4-5"\} 1024$/m);
    assert.match(second, /^vetrina_llm_cache_write_input_tokens_total\{provider="anthropic",model="claude-sonnet-4-5"\} 700$/m);
  });

  test('anything else is a plain 404: another path, or another method on /metrics', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/health'],
      ['POST', '/metrics'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method });
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
      assert.match(await response.text(), /GET \/metrics only/);
    }
  });

  test('close() resolves with a scraper connection still kept alive, and the port stops answering', async () => {
    const own = await startMetricsServer(createMetrics(), { host: '127.0.0.1', port: 0 });
    // fetch keeps its connection open after the answer, as a scraper does between scrapes.
    assert.equal((await fetch(`${own.url}/metrics`)).status, 200);
    await own.close();
    await assert.rejects(fetch(`${own.url}/metrics`), TypeError);
  });

  test('a port already taken rejects the start', async () => {
    const port = Number(new URL(server.url).port);
    await assert.rejects(startMetricsServer(createMetrics(), { host: '127.0.0.1', port }), { code: 'EADDRINUSE' });
  });
});
