import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// PostgreSQL text cannot hold U+0000. Such input is the caller's error, named by field, never a 500.
for (const target of databaseTargets()) {
  describe(`NUL characters in input [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    test('a NUL in any create field is validation_failed on that field; nothing charged', async () => {
      const { id, token } = await h.account(100);
      const cases: [Record<string, unknown>, string][] = [
        [{ codes: '4006381333931', description: 'a\u0000b', countries: ['it'] }, 'description'],
        [{ codes: '4006381333931', title: 'x', notes: '\u0000', countries: ['it'] }, 'notes'],
        [{ sku: 'S\u00001', description: 'ok', countries: ['it'] }, 'sku'],
        [{ description: 'ok', images: ['https://a.example/x.jpg', 'https://a.example/\u0000.jpg'], countries: ['it'] }, 'images.1'],
        [{ codes: '4006381333931\u0000', countries: ['it'] }, 'codes'],
        [{ codes: '4006381333931', countries: ['i\u0000t'] }, 'countries.0'],
      ];
      for (const [body, field] of cases) {
        const res = await h.post('/api/v1/products/create', token, body);
        assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
        assert.deepEqual(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors), [field]);
      }
      assert.equal((await h.balance(id)).credits, 100);
    });

    test('a body nested 20,000 deep is a validation error, not a stack overflow', async () => {
      const { token } = await h.account(100);
      const deep = `{"codes":"4006381333931","countries":["it"],"notes":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/products/create',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: deep,
      });
      assert.equal(res.statusCode, 422, res.body);
      // Refused at the door, on the body's text, before validation looks at any field.
      assert.deepEqual(res.json<{ errors: Record<string, string[]> }>().errors, { body: ['The JSON nests objects and arrays deeper than 64 levels.'] });
    });

    test('a NUL in regenerate fields, notes or the product id is answered, never a 500', async () => {
      const { token } = await h.account(100);
      const res = await h.post('/api/v1/products/regenerate/4006381333931', token, { fields: { title: 'a\u0000' }, notes: 'b\u0000' });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors).sort(), ['fields.title', 'notes']);
      for (const url of ['/api/v1/products/regenerate/abc%00def', '/api/v1/products/details/abc%00def', '/api/v1/products/details/abc/i%00t']) {
        const r = url.includes('regenerate') ? await h.post(url, token, { fields: { title: '' } }) : await h.get(url, token);
        assert.equal(r.statusCode, 404, `${url}: ${r.body}`);
        assert.equal(r.json<{ code: string }>().code, 'product_not_found');
      }
    });
  });
}
