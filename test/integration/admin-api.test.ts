import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { adminAccountListResponseSchema, adminAccountResponseSchema, adminAccountsDocs } from '../../src/http/routes/admin-accounts.ts';
import { adminCatalogueDocs, adminCatalogueImportResponseSchema } from '../../src/http/routes/admin-catalogue.ts';
import { adminIssuedTokenResponseSchema, adminRevokedTokenResponseSchema, adminTokenListResponseSchema, adminTokensDocs } from '../../src/http/routes/admin-tokens.ts';
import { ledgerResponseSchema } from '../../src/http/routes/account-ledger.ts';
import { adminAuditDocs, adminAuditResponseSchema } from '../../src/http/routes/admin-audit.ts';
import { tokenIdOf } from '../../src/services/tokens.ts';
import { newLocalAdminCredential } from '../../src/db/admin-endpoint-file.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// /api/v1/admin: the operator's routes, on both databases, as an operator's HTTP client calls them.

const ROUTES = [...adminAccountsDocs, ...adminTokensDocs, ...adminAuditDocs, ...adminCatalogueDocs];

for (const target of databaseTargets()) {
  describe(`admin API [${target.name}]`, () => {
    let h: Harness;
    let admin: string;
    before(async () => {
      h = await startHarness(target, { workers: false });
      admin = (await issueToken(h.container.db, null, { admin: true })).token;
    });
    after(async () => {
      await h.close();
    });

    function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string | null, body?: unknown): Promise<LightMyRequestResponse> {
      return h.app.inject({
        method,
        url,
        headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    }

    const concrete = (path: string) => path.replace('{name}', 'nobody').replace('{id}', '0123456789abcdef');

    test('every admin route is documented as admin-only, and refuses no token (401), an unknown token (401) and an account token (403), in the contract shape', async () => {
      assert.ok(ROUTES.length >= 8);
      const merchant = await h.account(10);
      for (const doc of ROUTES) {
        assert.equal(doc.auth, 'admin', `${doc.method} ${doc.path}`);
        assert.ok(doc.errors.includes('forbidden') && doc.errors.includes('unauthorized'), `${doc.method} ${doc.path}`);
        const url = concrete(doc.path);
        const body = doc.method === 'POST' || doc.method === 'PATCH' ? {} : undefined;
        for (const [token, status, code] of [
          [null, 401, 'unauthorized'],
          [`vt_0123456789abcdef_${'A'.repeat(43)}`, 401, 'unauthorized'],
          [merchant.token, 403, 'forbidden'],
        ] as const) {
          const res = await call(doc.method, url, token, body);
          assert.equal(res.statusCode, status, `${doc.method} ${url} with ${token ?? 'no token'}: ${res.body}`);
          const answer = res.json();
          assert.equal(answer.status, 'error');
          assert.equal(answer.code, code);
          assert.equal(typeof answer.message, 'string');
        }
      }
      // Nothing the refused calls asked for happened.
      assert.equal((await h.balance(merchant.id)).credits, 10);
    });

    test('accounts: create (with a first token that works), list, settings and credits with their ledger rows', async () => {
      const name = `shop-${target.name}`;
      const created = await call('POST', '/api/v1/admin/accounts', admin, { name, credits: 40 });
      assert.equal(created.statusCode, 201, created.body);
      const account = adminAccountResponseSchema.parse(created.json()).data;
      assert.deepEqual({ name: account.name, credits: account.credits, image_standardization: account.image_standardization }, { name, credits: 40, image_standardization: false });
      const token = account.token ?? '';
      assert.match(token, /^vt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      assert.equal((await h.get('/api/v1/account', token)).json().data.credits, 40);

      const again = await call('POST', '/api/v1/admin/accounts', admin, { name, credits: 5 });
      assert.equal(again.statusCode, 422);
      assert.match(again.json().errors.name[0], /already exists/);

      const listed = adminAccountListResponseSchema.parse((await call('GET', '/api/v1/admin/accounts', admin)).json()).data;
      const mine = listed.find((a) => a.name === name);
      assert.deepEqual(
        mine,
        { id: account.id, name, credits: 40, image_standardization: false, country_languages: {}, credits_low_threshold: null, default_processing: 'interactive' },
        'a list shows no token',
      );

      const patched = await call('PATCH', `/api/v1/admin/accounts/${name}`, admin, { image_standardization: true });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.equal((await h.get('/api/v1/account', token)).json().data.settings.image_standardization, true);
      // The credits.low webhook's threshold: a setting, off (null) by default.
      const threshold = await call('PATCH', `/api/v1/admin/accounts/${name}`, admin, { credits_low_threshold: 25 });
      assert.equal(adminAccountResponseSchema.parse(threshold.json()).data.credits_low_threshold, 25);
      const off = await call('PATCH', `/api/v1/admin/accounts/${name}`, admin, { credits_low_threshold: null });
      assert.equal(adminAccountResponseSchema.parse(off.json()).data.credits_low_threshold, null);
      const batch = await call('PATCH', `/api/v1/admin/accounts/${name}`, admin, { default_processing: 'batch' });
      assert.equal(adminAccountResponseSchema.parse(batch.json()).data.default_processing, 'batch');
      const refused = await call('PATCH', `/api/v1/admin/accounts/${name}`, admin, { default_processing: 'soon' });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual(refused.json<{ errors: Record<string, string[]> }>().errors.default_processing, ['The default_processing field must be "interactive" or "batch".']);
      await call('PATCH', `/api/v1/admin/accounts/${name}`, admin, { default_processing: 'interactive' });
      assert.equal((await call('PATCH', `/api/v1/admin/accounts/${name}`, admin, {})).statusCode, 422);
      assert.equal((await call('PATCH', `/api/v1/admin/accounts/${name}`, admin, { credits_low_threshold: 0 })).statusCode, 422);

      const added = await call('POST', `/api/v1/admin/accounts/${name}/credits`, admin, { amount: 60 });
      assert.equal(added.statusCode, 200, added.body);
      assert.equal(adminAccountResponseSchema.parse(added.json()).data.credits, 100);
      const removed = await call('POST', `/api/v1/admin/accounts/${name}/credits`, admin, { amount: -30 });
      assert.equal(adminAccountResponseSchema.parse(removed.json()).data.credits, 70);

      const tooMuch = await call('POST', `/api/v1/admin/accounts/${name}/credits`, admin, { amount: -71 });
      assert.equal(tooMuch.statusCode, 422, tooMuch.body);
      assert.equal(tooMuch.json().code, 'validation_failed');
      assert.match(tooMuch.json().message, /has 70 credits.*below 0.*nothing was changed/);
      assert.deepEqual(Object.keys(tooMuch.json().errors), ['amount']);

      const ledger = ledgerResponseSchema.parse((await h.get('/api/v1/account/ledger', token)).json()).data.entries;
      assert.deepEqual(
        ledger.map((e) => [e.reason, e.delta, e.balance_after]),
        [
          ['debit', -30, 70],
          ['credit', 60, 100],
          ['credit', 40, 40],
        ],
        'one row per change, none for the refused one',
      );
      assert.deepEqual(await h.balance(account.id), { credits: 70, ledger: 70 });

      for (const [url, body] of [
        ['/api/v1/admin/accounts/nobody/credits', { amount: 5 }],
        ['/api/v1/admin/accounts/nobody', { image_standardization: true }],
        // A name that can be no account's (PostgreSQL refuses a NUL in text) is not found either, never a 500.
        ['/api/v1/admin/accounts/no%00body/credits', { amount: 5 }],
        ['/api/v1/admin/accounts/no%00body', { image_standardization: true }],
      ] as const) {
        const res = await call(url.endsWith('credits') ? 'POST' : 'PATCH', url, admin, body);
        assert.equal(res.statusCode, 404, res.body);
        assert.equal(res.json().code, 'account_not_found');
      }
      // Amounts past what the balance column holds are refused, not a 500 from PostgreSQL.
      for (const body of [{ amount: 0 }, { amount: 1.5 }, { amount: '5' }, { amount: 5, extra: 1 }, { amount: 2 ** 40 }, { amount: -(2 ** 40) }, { amount: 2_147_483_647 }]) {
        const res = await call('POST', `/api/v1/admin/accounts/${name}/credits`, admin, body);
        assert.equal(res.statusCode, 422, JSON.stringify(body));
        assert.equal(res.json().code, 'validation_failed');
      }
      assert.deepEqual(await h.balance(account.id), { credits: 70, ledger: 70 });
    });

    test("audit: every change is recorded with the admin token, the action, its target and the request; refused ones are not; a credit's ledger row names the token", async () => {
      const operator = (await issueToken(h.container.db, null, { admin: true })).token;
      const operatorId = tokenIdOf(operator);
      const name = `audited-${target.name}`;
      const created = await call('POST', '/api/v1/admin/accounts', operator, { name, credits: 5 });
      assert.equal(created.statusCode, 201, created.body);
      const settings = await call('PATCH', `/api/v1/admin/accounts/${name}`, operator, { credits_low_threshold: 3 });
      const credit = await call('POST', `/api/v1/admin/accounts/${name}/credits`, operator, { amount: 7 });
      assert.equal(credit.statusCode, 200, credit.body);
      const refused = await call('POST', `/api/v1/admin/accounts/${name}/credits`, operator, { amount: -1000 });
      assert.equal(refused.statusCode, 422);
      const issued = await call('POST', '/api/v1/admin/tokens', operator, { account: name });
      const tokenId = adminIssuedTokenResponseSchema.parse(issued.json()).data.token_id;
      const revoked = await call('DELETE', `/api/v1/admin/tokens/${tokenId}`, operator);
      assert.equal(revoked.statusCode, 200, revoked.body);

      const page = adminAuditResponseSchema.parse((await call('GET', '/api/v1/admin/audit?limit=5', admin)).json()).data;
      assert.deepEqual(
        page.entries.map((e) => [e.actor, e.action, e.target, e.request_id]),
        [
          [operatorId, 'token.revoke', tokenId, revoked.headers['x-request-id']],
          [operatorId, 'token.create', tokenId, issued.headers['x-request-id']],
          [operatorId, 'account.credit', name, credit.headers['x-request-id']],
          [operatorId, 'account.settings', name, settings.headers['x-request-id']],
          [operatorId, 'account.create', name, created.headers['x-request-id']],
        ],
        'newest first; the refused credit left no entry',
      );
      assert.deepEqual(page.entries[2]?.details, { amount: 7 });
      assert.deepEqual(page.entries[1]?.details, { account: name, admin: false });
      assert.ok(page.next_before !== null, 'a full page has a next one');
      const older = adminAuditResponseSchema.parse((await call('GET', `/api/v1/admin/audit?limit=5&before=${page.next_before}`, admin)).json()).data;
      assert.ok(
        older.entries.every((e) => BigInt(e.id) < BigInt(page.next_before ?? '0')),
        'the next page is older',
      );

      const [row] = await h.container.db.query<{ memo: string; request_id: string }>(
        'SELECT memo, request_id FROM credit_ledger l JOIN accounts a ON a.id = l.account_id WHERE a.name = $1 AND l.delta = 7',
        [name],
      );
      assert.deepEqual(row, { memo: `admin ${operatorId}`, request_id: credit.headers['x-request-id'] });
      assert.equal((await call('GET', '/api/v1/admin/audit?before=abc', admin)).statusCode, 422);
      assert.equal((await call('GET', '/api/v1/admin/audit?limit=201', admin)).statusCode, 422);
    });

    test('tokens: create, list without secrets, revoke by the whole token (refused on its very next request), admin tokens of no account', async () => {
      const owner = await h.account(10);
      const issued = await call('POST', '/api/v1/admin/tokens', admin, { account: owner.name });
      assert.equal(issued.statusCode, 201, issued.body);
      const fresh = adminIssuedTokenResponseSchema.parse(issued.json()).data;
      assert.equal(fresh.admin, false);
      assert.equal('id' in fresh ? fresh.id : null, owner.id);
      assert.equal((await h.get('/api/v1/account', fresh.token)).statusCode, 200);

      const listing = await call('GET', '/api/v1/admin/tokens', admin);
      const tokens = adminTokenListResponseSchema.parse(listing.json()).data;
      const row = tokens.find((t) => t.id === fresh.token_id);
      assert.deepEqual(row && { account: row.account, admin: row.admin, revoked_at: row.revoked_at }, { account: owner.name, admin: false, revoked_at: null });
      assert.equal(listing.body.includes(fresh.token), false, 'no secret in the list');
      assert.equal(/vt_[0-9a-f]{16}_/.test(listing.body), false);

      const revoked = await call('DELETE', `/api/v1/admin/tokens/${fresh.token}`, admin);
      assert.equal(revoked.statusCode, 200, revoked.body);
      assert.deepEqual(adminRevokedTokenResponseSchema.parse(revoked.json()).data, { token_id: fresh.token_id, revoked: true });
      const next = await h.get('/api/v1/account', fresh.token);
      assert.equal(next.statusCode, 401, 'refused on its very next request');
      assert.equal(next.json().code, 'unauthorized');
      assert.equal((await h.get('/api/v1/account', owner.token)).statusCode, 200, "the account's other token still works");

      const twice = await call('DELETE', `/api/v1/admin/tokens/${fresh.token_id}`, admin);
      assert.equal(twice.statusCode, 404);
      assert.equal(twice.json().code, 'token_not_found');
      assert.equal((await call('DELETE', '/api/v1/admin/tokens/not-a-token', admin)).statusCode, 422);

      const needsAccount = await call('POST', '/api/v1/admin/tokens', admin, {});
      assert.equal(needsAccount.statusCode, 422);
      assert.equal(needsAccount.json().errors.account.length, 1);
      assert.equal((await call('POST', '/api/v1/admin/tokens', admin, { account: 'nobody' })).json().code, 'account_not_found');

      const second = adminIssuedTokenResponseSchema.parse((await call('POST', '/api/v1/admin/tokens', admin, { admin: true })).json()).data;
      assert.deepEqual({ admin: second.admin, hasAccount: 'id' in second }, { admin: true, hasAccount: false });
      assert.equal((await call('GET', '/api/v1/admin/accounts', second.token)).statusCode, 200, 'a new admin token manages the instance');
      const asMerchant = await h.get('/api/v1/account', second.token);
      assert.equal(asMerchant.statusCode, 403, 'an admin token of no account has no account routes');
      assert.equal(asMerchant.json().code, 'forbidden');
      assert.equal((await call('DELETE', `/api/v1/admin/tokens/${second.token_id}`, admin)).statusCode, 200);
      assert.equal((await call('GET', '/api/v1/admin/accounts', second.token)).statusCode, 401, 'a revoked admin token is refused at once');
    });

    test('catalogue imports: the file streamed as the body goes into the shared catalogue; bad rows are listed by line', async () => {
      const csv = 'ean;nome;marca\n8001090972507;Dash Classico;Dash\n8001090972508;Codice sbagliato;X\n';
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/admin/catalogue/imports?file_name=feed.csv&language=it',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
        payload: csv,
      });
      assert.equal(res.statusCode, 201, res.body);
      const summary = adminCatalogueImportResponseSchema.parse(res.json()).data;
      assert.deepEqual([summary.file, summary.source, summary.rows_read, summary.rows_imported, summary.rows_failed], ['feed.csv', 'catalogue', 2, 1, 1]);
      assert.equal(summary.errors[0]?.line, 3);
      const rows = await h.container.db.query<{ code: string }>("SELECT code FROM catalogue_items WHERE source = 'catalogue' AND code = '8001090972507'");
      assert.equal(rows.length, 1);

      const unknownFormat = await h.app.inject({
        method: 'POST',
        url: '/api/v1/admin/catalogue/imports?file_name=feed.txt',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' },
        payload: csv,
      });
      assert.equal(unknownFormat.statusCode, 422, unknownFormat.body);
      const wrongType = await h.app.inject({
        method: 'POST',
        url: '/api/v1/admin/catalogue/imports',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' },
        payload: csv,
      });
      assert.equal(wrongType.statusCode, 415);

      // A quote that is never closed: the import stops at its line (a record over 4 MiB), keeping the rows before it.
      const unclosed = await h.app.inject({
        method: 'POST',
        url: '/api/v1/admin/catalogue/imports?file_name=unclosed.csv',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
        payload: `ean;nome\n8001090972514;Dash Sensitive\n8001090972521;"Senza fine\n${`${'z'.repeat(1_000_000)}\n`.repeat(5)}`,
      });
      assert.equal(unclosed.statusCode, 422, unclosed.body);
      assert.match(unclosed.json<{ message: string }>().message, /record starting on line 3 is longer than 4194304 bytes.*rows before line 3 stay imported/);
      const kept = await h.container.db.query<{ code: string }>("SELECT code FROM catalogue_items WHERE source = 'catalogue' AND code IN ('8001090972514', '8001090972521')");
      assert.deepEqual(
        kept.map((r) => r.code),
        ['8001090972514'],
      );
    });

    test("the server's local credential counts only from this machine", async () => {
      const credential = newLocalAdminCredential();
      const app = await buildApp({ ...h.container, localAdminCredential: credential });
      try {
        const local = await app.inject({ method: 'GET', url: '/api/v1/admin/accounts', headers: { authorization: `Bearer ${credential}` }, remoteAddress: '127.0.0.1' });
        assert.equal(local.statusCode, 200, local.body);
        const remote = await app.inject({ method: 'GET', url: '/api/v1/admin/accounts', headers: { authorization: `Bearer ${credential}` }, remoteAddress: '203.0.113.9' });
        assert.equal(remote.statusCode, 401);
        const merchant = await app.inject({ method: 'GET', url: '/api/v1/account', headers: { authorization: `Bearer ${credential}` }, remoteAddress: '127.0.0.1' });
        assert.equal(merchant.statusCode, 401, "not a token of any account's routes");
      } finally {
        await app.close();
      }
      const elsewhere = await call('GET', '/api/v1/admin/accounts', credential);
      assert.equal(elsewhere.statusCode, 401, 'a server started without it does not know it');
    });
  });
}
