import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Documentation addresses (RFC 5737) as light-my-request reports a client's; nothing is sent there.
const GUESSER = '203.0.113.10';
const NEIGHBOUR = '203.0.113.11';

for (const target of databaseTargets()) {
  describe(`failed authentication is limited per client address [${target.name}]`, () => {
    let h: Harness;
    let token: string;
    before(async () => {
      h = await startHarness(target, { workers: false, env: { AUTH_FAILURES_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' } });
      token = (await h.account(10)).token;
    });
    after(async () => {
      await h.close();
    });

    const asClient = (remoteAddress: string, bearer: string, url = '/api/v1/account', headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url, remoteAddress, headers: { authorization: `Bearer ${bearer}`, ...headers } });

    test('past the limit an address is answered 429 with Retry-After before its token is looked up; other addresses and good tokens are untouched', async () => {
      for (let i = 0; i < 3; i += 1) assert.equal((await asClient(GUESSER, `vt_guess_${i}`)).statusCode, 401);
      const refused = await asClient(GUESSER, 'vt_guess_4');
      assert.equal(refused.statusCode, 429, refused.body);
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${refused.headers['retry-after']}`);
      assert.deepEqual(refused.json(), {
        status: 'error',
        code: 'rate_limited',
        message: `Too many failed authentications from this address; retry in ${retryAfter} seconds.`,
        retry_after_seconds: retryAfter,
      });
      // Refused unread: even a good token from that address waits, as no look-up is made.
      assert.equal((await asClient(GUESSER, token)).statusCode, 429);
      // The admin routes share the count.
      assert.equal((await asClient(GUESSER, token, '/api/v1/admin/accounts')).statusCode, 429);
      // Another address is not held back, and good tokens never count against it.
      for (let i = 0; i < 5; i += 1) assert.equal((await asClient(NEIGHBOUR, token)).statusCode, 200);
      assert.equal((await asClient(NEIGHBOUR, 'vt_wrong')).statusCode, 401);
    });

    test("behind a trusted proxy each client is counted by its forwarded address; an untrusted peer's X-Forwarded-For is ignored", async () => {
      const viaProxy = (client: string, bearer: string) => asClient('127.0.0.1', bearer, '/api/v1/account', { 'x-forwarded-for': client });
      for (let i = 0; i < 3; i += 1) assert.equal((await viaProxy('198.51.100.1', 'vt_nope')).statusCode, 401);
      assert.equal((await viaProxy('198.51.100.1', 'vt_nope')).statusCode, 429);
      assert.equal((await viaProxy('198.51.100.2', token)).statusCode, 200, 'another client behind the same proxy');
      // Not from the trusted proxy: the header names nobody, so a guesser cannot rotate it.
      const spoofer = '203.0.113.20';
      for (let i = 0; i < 3; i += 1) {
        assert.equal((await asClient(spoofer, 'vt_nope', '/api/v1/account', { 'x-forwarded-for': `198.51.100.${100 + i}` })).statusCode, 401);
      }
      assert.equal((await asClient(spoofer, 'vt_nope', '/api/v1/account', { 'x-forwarded-for': '198.51.100.200' })).statusCode, 429);
    });
  });
}
