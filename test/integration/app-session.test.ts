import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { revokeToken } from '../../src/db/tokens.ts';
import { tokenIdOf } from '../../src/services/tokens.ts';
import { apiClient, listening } from '../helpers/api-client.ts';
import { defined } from '../helpers/assert.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// The review app's session: an API token exchanged for an HttpOnly cookie, with a CSRF token
// required on every change made with it, and ended by sign-out or by revoking the token.

interface Session {
  /** The cookie's name as set: `__Host-vetrina_session`, or `vetrina_session` on plain http from loopback. */
  name: string;
  cookie: string;
  csrf: string;
  setCookie: string;
}

/** A documentation address (RFC 5737): a browser on another machine, as light-my-request reports it; nothing is sent there. */
const REMOTE = '203.0.113.7';

async function signIn(h: Harness, token: string, remoteAddress?: string): Promise<Session> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/session',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: '{}',
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
  assert.equal(res.statusCode, 201, res.body);
  const setCookie = String(res.headers['set-cookie']);
  const [, name = '', cookie = ''] = defined(/^((?:__Host-)?vetrina_session)=([^;]+)/.exec(setCookie), 'session cookie');
  const body = res.json() as { data: { csrf_token: string } };
  return { name, cookie, csrf: body.data.csrf_token, setCookie };
}

function withCookie(
  h: Harness,
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  csrf?: string,
  options: { name?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    headers: {
      cookie: `${options.name ?? session.name}=${session.cookie}`,
      ...(csrf === undefined ? {} : { 'x-csrf-token': csrf }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

for (const target of databaseTargets()) {
  describe(`review app session [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h?.close();
    });

    test('sign-in sets an HttpOnly, SameSite=Strict cookie that reads as the token, and keeps only a hash of it', async () => {
      const account = await h.account(100);
      const session = await signIn(h, account.token);
      assert.match(session.setCookie, /HttpOnly/i);
      assert.match(session.setCookie, /SameSite=Strict/i);
      assert.equal(session.name, 'vetrina_session', 'plain http on loopback: neither Secure nor __Host-, or the browser would drop it');
      assert.doesNotMatch(session.setCookie, /Secure/i);
      const me = await withCookie(h, session, 'GET', '/api/v1/account');
      assert.equal(me.statusCode, 200, me.body);
      assert.equal((me.json() as { data: { id: string } }).data.id, account.id);
      const again = await withCookie(h, session, 'GET', '/api/v1/session');
      assert.deepEqual((again.json() as { data: unknown }).data, { authenticated_by: 'session', csrf_token: session.csrf });
      const rows = await h.container.db.query<Record<string, unknown>>('SELECT * FROM app_sessions');
      // The secret is base64url, which has '_' in its alphabet: everything after the id is the secret.
      const secret = defined(/^vs_[0-9a-f]{16}_(.{43})$/.exec(session.cookie)?.[1], 'secret');
      assert.ok(rows.length > 0);
      for (const row of rows) for (const value of Object.values(row)) assert.ok(!String(value).includes(secret), 'the cookie secret is stored');
    });

    test('behind a proxy that ends TLS (PUBLIC_BASE_URL https, in any case; the socket plain http) the cookie is Secure, set and cleared', async () => {
      const proxied = await startHarness(target, { workers: false, env: { PUBLIC_BASE_URL: 'HTTPS://shop.example.com' } });
      try {
        const account = await proxied.account(100);
        const session = await signIn(proxied, account.token);
        assert.equal(session.name, '__Host-vetrina_session');
        assert.match(session.setCookie, /;\s*Secure/i);
        assert.match(session.setCookie, /;\s*Path=\/(;|$)/i);
        assert.doesNotMatch(session.setCookie, /Domain=/i, 'a __Host- cookie names no domain');
        const planted = await withCookie(proxied, session, 'GET', '/api/v1/account', undefined, undefined, { name: 'vetrina_session' });
        assert.equal(planted.statusCode, 401, 'behind https the unprefixed name is not read, even from loopback');
        const out = await withCookie(proxied, session, 'DELETE', '/api/v1/session', undefined, session.csrf);
        assert.equal(out.statusCode, 200, out.body);
        assert.match(String(out.headers['set-cookie']), /__Host-vetrina_session=;.*;\s*Secure/i);
      } finally {
        await proxied.close();
      }
    });

    test('from another machine the cookie is __Host- and Secure, and a cookie without the prefix is not read there', async () => {
      const account = await h.account(100);
      const session = await signIn(h, account.token, REMOTE);
      assert.equal(session.name, '__Host-vetrina_session');
      assert.match(session.setCookie, /;\s*Secure/i);
      const me = await withCookie(h, session, 'GET', '/api/v1/account', undefined, undefined, { remoteAddress: REMOTE });
      assert.equal(me.statusCode, 200, me.body);
      // A sibling subdomain or a man in the middle of plain http can set `vetrina_session`, never `__Host-…`.
      const planted = await withCookie(h, session, 'GET', '/api/v1/account', undefined, undefined, { name: 'vetrina_session', remoteAddress: REMOTE });
      assert.equal(planted.statusCode, 401, planted.body);
    });

    test('a change with the cookie but without the CSRF token is refused and changes nothing; with it, it goes through', async () => {
      const account = await h.account(100);
      const session = await signIn(h, account.token);
      const body = { codes: validEans(1, 901).join(','), countries: ['it'], agent_model: 'v1' };
      const refused = await withCookie(h, session, 'POST', '/api/v1/products/create', body);
      assert.equal(refused.statusCode, 403, refused.body);
      assert.match((refused.json() as { message: string }).message, /x-csrf-token/);
      const wrong = await withCookie(h, session, 'POST', '/api/v1/products/create', body, `${session.csrf}x`);
      assert.equal(wrong.statusCode, 403);
      assert.equal((await h.balance(account.id)).credits, 100, 'nothing was charged');
      const other = await signIn(h, (await h.account(100)).token);
      const crossed = await withCookie(h, session, 'POST', '/api/v1/products/create', body, other.csrf);
      assert.equal(crossed.statusCode, 403, "another session's CSRF token is not this one's");
      const accepted = await withCookie(h, session, 'POST', '/api/v1/products/create', body, session.csrf);
      assert.equal(accepted.statusCode, 202, accepted.body);
      assert.equal((await h.balance(account.id)).credits, 99);
    });

    test('a Bearer request is judged by its token alone, whatever cookie comes with it', async () => {
      const first = await h.account(100);
      const second = await h.account(100);
      const session = await signIn(h, first.token);
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/products/create/quote',
        headers: { authorization: `Bearer ${second.token}`, cookie: `vetrina_session=${session.cookie}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ codes: validEans(2, 902).join(','), countries: ['it', 'de'] }),
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((res.json() as { data: { available: number } }).data.available, 100);
      const bearerSession = await h.get('/api/v1/session', second.token);
      assert.deepEqual((bearerSession.json() as { data: unknown }).data, { authenticated_by: 'token', csrf_token: null });
    });

    test('sign-out ends the session; a revoked token ends every session it started', async () => {
      const account = await h.account(100);
      const leaving = await signIn(h, account.token);
      const withoutCsrf = await withCookie(h, leaving, 'DELETE', '/api/v1/session');
      assert.equal(withoutCsrf.statusCode, 403, 'a page of another site cannot sign the user out either');
      const out = await withCookie(h, leaving, 'DELETE', '/api/v1/session', undefined, leaving.csrf);
      assert.equal(out.statusCode, 200, out.body);
      assert.match(String(out.headers['set-cookie']), /vetrina_session=;/);
      assert.equal((await withCookie(h, leaving, 'GET', '/api/v1/account')).statusCode, 401);

      const staying = await signIn(h, account.token);
      assert.equal((await withCookie(h, staying, 'GET', '/api/v1/account')).statusCode, 200);
      await revokeToken(h.container.db, defined(tokenIdOf(account.token), 'token id'));
      assert.equal((await withCookie(h, staying, 'GET', '/api/v1/account')).statusCode, 401);
      assert.equal((await h.post('/api/v1/session', account.token, {})).statusCode, 401, 'a revoked token cannot start a session');
    });

    test('a sign-in body with any key is validation_failed and starts no session', async () => {
      const account = await h.account(100);
      const res = await h.post('/api/v1/session', account.token, { remember: true });
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json<{ code: string }>().code, 'validation_failed');
      assert.equal(res.headers['set-cookie'], undefined);
    });

    test('a session cannot start another session, and a forged cookie is no session', async () => {
      const account = await h.account(100);
      const session = await signIn(h, account.token);
      const nested = await withCookie(h, session, 'POST', '/api/v1/session', {}, session.csrf);
      assert.equal(nested.statusCode, 401, nested.body);
      const forged = { ...session, cookie: `${session.cookie.slice(0, -4)}AAAA` };
      assert.equal((await withCookie(h, forged, 'GET', '/api/v1/account')).statusCode, 401);
    });

    test('the quote is the price the create call then charges, and the price list is the one charged', async () => {
      const account = await h.account(100);
      const [known, fresh] = validEans(2, 903);
      const first = await h.post('/api/v1/products/create', account.token, { codes: defined(known, 'code'), countries: ['it'], agent_model: 'v1' });
      assert.equal(first.statusCode, 202, first.body);
      const body = { codes: `${known},${fresh},123`, countries: ['de'], agent_model: 'v2' };
      const quote = await h.post('/api/v1/products/create/quote', account.token, body);
      assert.equal(quote.statusCode, 200, quote.body);
      const quoted = (quote.json() as { data: { price: number; available: number; products: number; failures: { code: string }[] } }).data;
      // v2 is 5; the known product now spans it and de (+1), the fresh one de only.
      assert.deepEqual(
        { price: quoted.price, available: quoted.available, products: quoted.products, failed: quoted.failures.map((f) => f.code) },
        { price: 11, available: 99, products: 2, failed: ['123'] },
      );
      assert.equal((await h.balance(account.id)).credits, 99, 'a quote charges nothing');
      const made = await h.post('/api/v1/products/create', account.token, body);
      assert.equal(made.statusCode, 202, made.body);
      assert.equal((await h.balance(account.id)).credits, 99 - quoted.price);
      const prices = await h.get('/api/v1/pricing', account.token);
      assert.deepEqual((prices.json() as { data: unknown }).data, {
        create: { base: { v1: 1, v2: 5 }, per_extra_country: 1, image_standardization: 1 },
        regenerate: { v1: 1, v2: 5 },
      });
    });

    test('the typed client: price list, quote and a session started with a token, as the OpenAPI document describes them', async () => {
      const account = await h.account(40);
      const api = apiClient(await listening(h), account.token);
      const prices = await api.account.getPricing();
      assert.equal(prices.data.data.regenerate.v2, 5);
      const quote = await api.products.postProductsCreateQuote({ codes: validEans(3, 904).join(','), countries: ['it'], agent_model: 'v2' });
      const { notice, ...priced } = quote.data.data;
      assert.deepEqual(priced, { price: 15, available: 40, products: 3, failures: [] });
      assert.match(notice ?? '', /^v1 and v2 are both written by template on this server/);
      const session = await api.session.postSession({});
      assert.equal(session.status, 201);
      assert.equal(session.data.data.authenticated_by, 'session');
      assert.match(defined(session.data.data.csrf_token, 'csrf token'), /^[A-Za-z0-9_-]{43}$/);
      const signedOut = await api.session.deleteSession();
      assert.deepEqual(signedOut.data, { status: 'success' });
    });

    test("the page and its files: this origin only, and nothing served but the app's own files", async () => {
      const page = await h.app.inject({ method: 'GET', url: '/app' });
      assert.equal(page.statusCode, 200);
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      assert.doesNotMatch(csp, /unsafe-inline|https?:/);
      const main = await h.app.inject({ method: 'GET', url: '/app/main.ts' });
      assert.equal(main.statusCode, 200);
      assert.match(String(main.headers['content-type']), /^text\/javascript/);
      assert.doesNotMatch(main.body, /: Route\b|type Route =/, 'types are stripped');
      assert.equal((await h.app.inject({ method: 'GET', url: '/app/vendor/preact.js' })).statusCode, 200);
      // The domain's own rules the page runs, types stripped; their imports are served beside them.
      const rules = await h.app.inject({ method: 'GET', url: '/app/domain/create-request.ts' });
      assert.equal(rules.statusCode, 200);
      assert.match(String(rules.headers['content-type']), /^text\/javascript/);
      assert.match(rules.body, /export function planCreate\(input\s*\)/);
      assert.doesNotMatch(rules.body, /: CreateRequestInput\b|interface /, 'types are stripped');
      for (const imported of rules.body.matchAll(/from '\.\/([a-z-]+\.ts)'/g))
        assert.equal((await h.app.inject({ method: 'GET', url: `/app/domain/${imported[1]}` })).statusCode, 200, imported[1]);
      const icon = await h.app.inject({ method: 'GET', url: '/app/icon.svg' });
      assert.equal(icon.statusCode, 200);
      assert.equal(icon.headers['content-type'], 'image/svg+xml');
      assert.match(page.body, /<link rel="icon" href="\/app\/icon.svg"/);
      for (const url of [
        '/app/nothing.ts',
        '/app/tsconfig.json',
        '/app/..%2Fsrc%2Fmain.ts',
        '/app/vendor/..%2F..%2Fpackage.json',
        '/app/domain/accounts.ts',
        '/app/domain/..%2Fconfig.ts',
        '/app/domain/attributes%2Fschema.ts',
      ]) {
        const res = await h.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, url);
      }
    });
  });
}
