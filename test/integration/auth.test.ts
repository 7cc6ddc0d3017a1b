import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { revokeToken } from '../../src/db/tokens.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { defined } from '../helpers/assert.ts';

// Authentication and per-token rate limiting of every /api/v1 route (the error codes unauthorized and rate_limited).

const TOKEN_FORMAT = /^vt_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const VALID_EAN = '4006209700068';

function parts(token: string): { id: string; secret: string } {
  const match = TOKEN_FORMAT.exec(token);
  assert.ok(match !== null, `token ${token} does not have the vt_<id>_<secret> format`);
  return { id: defined(match[1], 'token id'), secret: defined(match[2], 'token secret') };
}

/** A request with whatever Authorization header (or none) the test wants. */
function withAuthorization(h: Harness, method: 'GET' | 'POST', url: string, authorization: string | undefined, body?: unknown) {
  return h.app.inject({
    method,
    url,
    headers: {
      ...(authorization === undefined ? {} : { authorization }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

function expectUnauthorized(res: LightMyRequestResponse): string {
  assert.equal(res.statusCode, 401, res.body);
  const body = res.json() as { status: unknown; code: unknown; message: unknown };
  assert.equal(body.status, 'error');
  assert.equal(body.code, 'unauthorized');
  assert.ok(typeof body.message === 'string' && body.message.length > 0);
  assert.ok(typeof res.headers['x-request-id'] === 'string');
  return body.message;
}

function bytesOf(value: unknown): Buffer | null {
  if (value instanceof Uint8Array) return Buffer.from(value);
  return null;
}

/** Every way a stored column value could spell the token or its secret. */
function renderings(value: unknown): string[] {
  const bytes = bytesOf(value);
  if (bytes !== null) return [bytes.toString('utf8'), bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('latin1')];
  return [value instanceof Date ? value.toISOString() : String(value)];
}

for (const target of databaseTargets()) {
  describe(`authentication [${target.name}]`, () => {
    let h: Harness;
    let account: { id: string; name: string; token: string };
    let productId: string;

    before(async () => {
      h = await startHarness(target, { workers: false });
      account = await h.account(1000);
      const created = await h.post('/api/v1/products/create', account.token, { codes: VALID_EAN, countries: ['de'], agent_model: 'v1' });
      assert.equal(created.statusCode, 202, created.body);
      const rows = await h.container.db.query<{ id: string }>('SELECT id FROM products WHERE account_id = $1', [account.id]);
      productId = defined(rows[0], 'product row').id;
    });
    after(async () => {
      await h.close();
    });

    test('the same 401 message for missing, non-Bearer, malformed, unknown, wrong-secret and revoked tokens', async () => {
      const revoked = await h.account(10);
      const revokedOk = await h.get('/api/v1/account', revoked.token);
      assert.equal(revokedOk.statusCode, 200, 'the token works before it is revoked');
      assert.equal(await revokeToken(h.container.db, parts(revoked.token).id), true);

      const { id, secret } = parts(account.token);
      const otherSecret = randomBytes(32).toString('base64url');
      assert.notEqual(otherSecret, secret);
      const headers: ReadonlyArray<readonly [string, string | undefined]> = [
        ['missing header', undefined],
        ['empty header', ''],
        ['Basic scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`],
        ['Token scheme with a valid token', `Token ${account.token}`],
        ['bare valid token without scheme', account.token],
        ['Bearer without token', 'Bearer '],
        ['malformed token', 'Bearer not-a-token'],
        ['token with a trailing character', `Bearer ${account.token}x`],
        ['id in upper-case hex', `Bearer vt_${id.toUpperCase()}_${secret}`],
        ['well-formed unknown token', `Bearer vt_${randomBytes(8).toString('hex')}_${randomBytes(32).toString('base64url')}`],
        ['known id, wrong secret', `Bearer vt_${id}_${otherSecret}`],
        ['revoked token', `Bearer ${revoked.token}`],
      ];
      const messages = new Map<string, string>();
      for (const [label, header] of headers) {
        const res = await withAuthorization(h, 'GET', '/api/v1/account', header);
        assert.equal(res.statusCode, 401, `${label}: ${res.statusCode} ${res.body}`);
        messages.set(label, expectUnauthorized(res));
      }
      assert.equal(new Set(messages.values()).size, 1, `messages differ: ${JSON.stringify(Object.fromEntries(messages))}`);

      // The control: the real token, with the scheme in any case, gets in.
      assert.equal((await withAuthorization(h, 'GET', '/api/v1/account', `Bearer ${account.token}`)).statusCode, 200);
      assert.equal((await withAuthorization(h, 'GET', '/api/v1/account', `bearer ${account.token}`)).statusCode, 200);
    });

    test("a revoked token stops working while the account's other tokens keep working", async () => {
      const owner = await h.account(10);
      const second = await issueToken(h.container.db, owner.id);
      assert.equal((await h.get('/api/v1/account', second.token)).statusCode, 200);
      assert.equal(await revokeToken(h.container.db, second.id), true);
      expectUnauthorized(await h.get('/api/v1/account', second.token));
      const first = await h.get('/api/v1/account', owner.token);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal((first.json() as { data: { id: string } }).data.id, owner.id);
    });

    // On PGlite a token's row is reused for a second (src/db/token-cache.ts): its data directory is
    // this process's alone, so every revocation goes through revokeToken above, which forgets it.
    // PGlite belongs to one process: no other can revoke, so this runs on PostgreSQL only.
    if (target.name === 'postgres')
      test("a token revoked by another process (a statement of its own, not this process's revokeToken) is refused on its next request", async () => {
        const owner = await h.account(10);
        assert.equal((await h.get('/api/v1/account', owner.token)).statusCode, 200);
        await h.container.db.query('UPDATE api_tokens SET revoked_at = now() WHERE id = $1', [parts(owner.token).id]);
        expectUnauthorized(await h.get('/api/v1/account', owner.token));
      });

    test('every /api/v1 route requires a token; the same request with the token is not a 401', async () => {
      const routes: ReadonlyArray<readonly ['GET' | 'POST', string, unknown?]> = [
        ['POST', '/api/v1/products/create', { codes: VALID_EAN, countries: ['de'], agent_model: 'v1' }],
        ['POST', `/api/v1/products/regenerate/${productId}`, { fields: { title: '' }, agent_model: 'v1' }],
        ['GET', `/api/v1/products/details/${productId}`],
        ['GET', `/api/v1/products/details/${productId}/de`],
        ['GET', '/api/v1/account'],
      ];
      for (const [method, url, body] of routes) {
        const anonymous = await withAuthorization(h, method, url, undefined, body);
        assert.equal(anonymous.statusCode, 401, `${method} ${url} without a token: ${anonymous.statusCode}`);
        expectUnauthorized(anonymous);
        expectUnauthorized(await withAuthorization(h, method, url, `Bearer vt_0000000000000000_${'A'.repeat(43)}`, body));
        const authorized = await withAuthorization(h, method, url, `Bearer ${account.token}`, body);
        assert.ok(authorized.statusCode < 300, `${method} ${url} with the token: ${authorized.statusCode} ${authorized.body}`);
      }
    });

    test('a rejected token charges nothing and queues nothing', async () => {
      const before = await h.balance(account.id);
      const res = await withAuthorization(h, 'POST', '/api/v1/products/create', 'Bearer nope', { codes: '73513537', countries: ['de'] });
      expectUnauthorized(res);
      assert.deepEqual(await h.balance(account.id), before);
      const rows = await h.container.db.query('SELECT id FROM products WHERE code = $1', ['73513537']);
      assert.equal(rows.length, 0);
    });

    test('/health needs no token', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/health' });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { status: 'ok', degraded: false, sources: {} }, 'only local sources (SOURCES=catalogue,aifa): no breaker to show');
    });

    test('tokens are stored only as hashes: no column of api_tokens holds the token or its secret', async () => {
      const owner = await h.account(10);
      const { id, secret } = parts(owner.token);
      const rows = await h.container.db.query<Record<string, unknown>>('SELECT * FROM api_tokens WHERE account_id = $1', [owner.id]);
      assert.equal(rows.length, 1);
      const row = defined(rows[0], 'token row');
      assert.equal(row.id, id, "the row found is the token's own");
      for (const [column, value] of Object.entries(row)) {
        for (const text of renderings(value)) {
          assert.ok(!text.includes(secret), `column ${column} holds the secret`);
          assert.ok(!text.includes(owner.token), `column ${column} holds the token`);
        }
      }
      // The secret is not the stored bytes themselves either.
      const stored = bytesOf(row.secret_sha256);
      assert.ok(stored !== null && !stored.equals(Buffer.from(secret, 'base64url')), 'the raw secret bytes are stored');
    });

    test('tokens carry at least 128 random bits: 43 base64url characters of secret, and no two alike', async () => {
      const owner = await h.account(10);
      const issued = [owner.token];
      for (let i = 0; i < 20; i++) issued.push((await issueToken(h.container.db, owner.id)).token);
      const secrets = issued.map((t) => parts(t).secret);
      const ids = issued.map((t) => parts(t).id);
      assert.equal(new Set(secrets).size, issued.length, 'two secrets are equal');
      assert.equal(new Set(ids).size, issued.length, 'two ids are equal');
      for (const s of secrets) assert.ok(Buffer.from(s, 'base64url').length * 8 >= 128);
      // Random, not a counter: the secrets share no long common prefix.
      const prefix = (a: string, b: string) => [...a].findIndex((c, i) => c !== b[i]);
      assert.ok(
        secrets.slice(1).every((s, i) => prefix(s, defined(secrets[i])) < 8),
        'secrets share a long prefix',
      );
    });
  });

  describe(`rate limiting [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false, env: { RATE_LIMIT_PER_MINUTE: '3' } });
    });
    after(async () => {
      await h.close();
    });

    test("the 4th request in a minute with one token is 429 rate_limited with Retry-After; another account's token is not limited", async () => {
      const limited = await h.account(10);
      const other = await h.account(10);
      for (let i = 1; i <= 3; i++) {
        const ok = await h.get('/api/v1/account', limited.token);
        assert.equal(ok.statusCode, 200, `request ${i}: ${ok.body}`);
      }
      const res = await h.get('/api/v1/account', limited.token);
      assert.equal(res.statusCode, 429, res.body);
      const body = res.json() as { status: unknown; code: unknown; message: unknown };
      assert.equal(body.status, 'error');
      assert.equal(body.code, 'rate_limited');
      assert.equal(typeof body.message, 'string');
      const retryAfter = Number(res.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, `Retry-After: ${String(res.headers['retry-after'])}`);
      assert.ok(typeof res.headers['x-request-id'] === 'string');

      const fresh = await h.get('/api/v1/account', other.token);
      assert.equal(fresh.statusCode, 200, fresh.body);
      assert.equal((fresh.json() as { data: { id: string } }).data.id, other.id);
    });

    test('a rate-limited create charges nothing', async () => {
      const limited = await h.account(100);
      for (let i = 0; i < 3; i++) assert.equal((await h.get('/api/v1/account', limited.token)).statusCode, 200);
      const res = await h.post('/api/v1/products/create', limited.token, { codes: VALID_EAN, countries: ['de'] });
      assert.equal(res.statusCode, 429, res.body);
      assert.deepEqual(await h.balance(limited.id), { credits: 100, ledger: 100 });
    });
  });
}
