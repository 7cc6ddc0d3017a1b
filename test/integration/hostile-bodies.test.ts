import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { catalogueImportResponseSchema } from '../../src/http/routes/catalogue-imports.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const EAN = '4006381333931';

/** `{"a":{"a":…{"a":1}…}}`, `depth` objects deep, built without recursion. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{"a":1}${'}'.repeat(depth - 1)}`;
}

for (const target of databaseTargets()) {
  describe(`hostile bodies are refused before anything walks them [${target.name}]`, () => {
    let h: Harness;
    let token: string;
    let accountId: string;
    before(async () => {
      h = await startHarness(target);
      const account = await h.account(100);
      token = account.token;
      accountId = account.id;
    });
    after(async () => {
      await h.close();
    });

    function postRaw(url: string, payload: string, headers: Record<string, string> = {}) {
      return h.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, payload });
    }

    test('a body nested 20,000 deep is validation_failed, with or without an Idempotency-Key, and charges nothing', async () => {
      const deep = `{"codes":"${EAN}","countries":["it"],"extra":${nested(20_000)}}`;
      const withAndWithoutKey: Record<string, string>[] = [{}, { 'idempotency-key': 'deep-body-1' }];
      for (const headers of withAndWithoutKey) {
        const res = await postRaw('/api/v1/products/create', deep, headers);
        assert.equal(res.statusCode, 422, res.body);
        const body = res.json<{ status: string; code: string; errors: Record<string, string[]> }>();
        assert.equal(body.status, 'error');
        assert.equal(body.code, 'validation_failed');
        assert.match(body.errors.body?.[0] ?? '', /deeper than 64 levels/);
      }
      assert.deepEqual(await h.balance(accountId), { credits: 100, ledger: 100 });
    });

    test('64 levels are read as usual; 65 are refused; brackets inside strings do not count', async () => {
      const at64 = await postRaw('/api/v1/products/quote', `{"codes":"${EAN}","countries":["it"],"x":${nested(63)}}`);
      assert.equal(at64.json<{ errors?: { body?: string[] } }>().errors?.body, undefined, at64.body);
      const at65 = await postRaw('/api/v1/products/quote', `{"codes":"${EAN}","countries":["it"],"x":${nested(64)}}`);
      assert.equal(at65.statusCode, 422, at65.body);
      const inString = await postRaw('/api/v1/products/quote', JSON.stringify({ codes: EAN, countries: ['it'], note: '['.repeat(500) }));
      assert.equal(inString.json<{ errors?: { body?: string[] } }>().errors?.body, undefined, inString.body);
    });

    test('a JSON Lines catalogue line nested 6,000 deep is a row error; the rest of the file is imported and the import completes', async () => {
      const [first, second] = validEans(2, 31);
      const lines = [JSON.stringify({ ean: first, title: 'Vaso in vetro' }), nested(6_000), JSON.stringify({ ean: second, title: 'Bicchiere' })].join('\n');
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/catalogue/imports',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
        payload: lines,
      });
      assert.equal(res.statusCode, 202, res.body);
      const view = catalogueImportResponseSchema.parse(res.json()).data;
      assert.equal(view.state, 'completed');
      assert.equal(view.rows_imported, 2);
      assert.equal(view.rows_rejected, 1);
      assert.deepEqual(
        view.rejections.map((r) => [r.line, r.reason]),
        [[2, 'nested deeper than 64 levels']],
      );
    });

    test('every API answer says nosniff', async () => {
      for (const res of [await h.get('/api/v1/account', token), await h.get('/api/v1/account', 'vt_wrong'), await h.app.inject({ method: 'GET', url: '/health' })]) {
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
      }
    });
  });
}
