import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { captureLogs } from '../helpers/log-capture.ts';

// Our request id is ours: a caller cannot choose the id our logs and 5xx bodies are filed under
// (and so collide with another request's, or impersonate one), but its own id is still logged.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

for (const target of databaseTargets()) {
  describe(`request ids [${target.name}]`, () => {
    const logs = captureLogs('info');
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false, logger: logs.logger });
    });
    after(() => h.close());

    test("a caller's x-request-id is logged as client_request_id; the response and the log carry our generated id", async () => {
      const { token } = await h.account();
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'shop-7f3a' } });
      assert.equal(res.statusCode, 200);
      const ours = String(res.headers['x-request-id']);
      assert.match(ours, UUID);
      const line = await logs.waitFor((l) => l.reqId === ours && l.msg === 'incoming request');
      assert.equal(line.client_request_id, 'shop-7f3a');
      assert.ok(!logs.lines.some((l) => l.reqId === 'shop-7f3a'), "the caller's id is never used as ours");
    });

    test('two requests sending the same x-request-id get different ids', async () => {
      const { token } = await h.account();
      const headers = { authorization: `Bearer ${token}`, 'x-request-id': 'same-id' };
      const a = await h.app.inject({ method: 'GET', url: '/api/v1/account', headers });
      const b = await h.app.inject({ method: 'GET', url: '/api/v1/account', headers });
      assert.notEqual(a.headers['x-request-id'], b.headers['x-request-id']);
    });

    test('a caller id that is not a plain token (200 characters) is not logged', async () => {
      const { token } = await h.account();
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'x'.repeat(200) } });
      const line = await logs.waitFor((l) => l.reqId === res.headers['x-request-id'] && l.msg === 'incoming request');
      assert.equal(line.client_request_id, undefined);
    });
  });
}
