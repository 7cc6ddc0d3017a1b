import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness } from '../helpers/harness.ts';

// GET /metrics on the API port, which may face the internet: absent without METRICS_TOKEN, and
// only for callers sending that token when it is set. (METRICS_PORT's own listener:
// metrics-server.test.ts.)

const METRICS_TOKEN = 'scrape-0123456789abcdef';

for (const target of databaseTargets()) {
  describe(`/metrics on the API port [${target.name}]`, () => {
    test('without METRICS_TOKEN it is 404 not_found, as any unknown path', async () => {
      const h = await startHarness(target, { workers: false });
      try {
        const res = await h.app.inject({ method: 'GET', url: '/metrics' });
        assert.equal(res.statusCode, 404);
        assert.equal(res.json<{ code: string }>().code, 'not_found');
        assert.doesNotMatch(res.body, /vetrina_/);
      } finally {
        await h.close();
      }
    });

    test('with METRICS_TOKEN it answers only that bearer; anything else is 401 in the contract shape', async () => {
      const h = await startHarness(target, { workers: false, env: { METRICS_TOKEN } });
      try {
        const { token: apiToken } = await h.account();
        for (const authorization of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}x`, `Bearer ${apiToken}`, METRICS_TOKEN]) {
          const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
          assert.equal(res.statusCode, 401, `${authorization}: ${res.body}`);
          const body = res.json<Record<string, unknown>>();
          assert.equal(body.status, 'error');
          assert.equal(body.code, 'unauthorized');
          assert.doesNotMatch(res.body, /vetrina_/);
        }
        const ok = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        assert.equal(ok.statusCode, 200);
        assert.match(ok.body, /# TYPE vetrina_/);
      } finally {
        await h.close();
      }
    });

    test('with METRICS_PORT the API port never serves them, token or not', async () => {
      const h = await startHarness(target, { workers: false, env: { METRICS_TOKEN, METRICS_PORT: '0' } });
      try {
        const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        assert.equal(res.statusCode, 404);
      } finally {
        await h.close();
      }
    });
  });
}
