import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Input the service cannot hold is the caller's error, named by field, charged nothing: an attribute
// name that would reach Object.prototype, and a lone UTF-16 surrogate (PostgreSQL's JSON refuses it).
for (const target of databaseTargets()) {
  describe(`reserved attribute names and lone surrogates [${target.name}]`, () => {
    let h: Harness;
    let productId = '';
    let account: { id: string; token: string };
    before(async () => {
      h = await startHarness(target, { env: { SOURCES: 'catalogue' } });
      account = await h.account(100);
      const res = await h.post('/api/v1/products/create', account.token, {
        sku: 'pasta-1',
        title: 'Spaghetti n.5',
        brand: 'Barilla',
        description: 'Pasta di semola di grano duro. 500 g.',
        countries: ['it'],
      });
      assert.equal(res.statusCode, 202, res.body);
      productId = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([productId]));
    });
    after(async () => {
      await h.close();
    });

    const errorsOf = (body: string) => JSON.parse(body) as { code: string; errors: Record<string, string[]> };

    test('global_attr.__proto__, constructor and prototype are validation_failed on that field; nothing charged', async () => {
      const before = await h.balance(account.id);
      for (const name of ['__proto__', 'constructor', 'prototype']) {
        const res = await h.post(`/api/v1/products/regenerate/${productId}`, account.token, { fields: { [`global_attr.${name}`]: 'x', title: '' } });
        assert.equal(res.statusCode, 422, `${name}: ${res.body}`);
        const body = errorsOf(res.body);
        assert.equal(body.code, 'validation_failed');
        assert.deepEqual(Object.keys(body.errors), [`fields.global_attr.${name}`]);
      }
      assert.deepEqual(await h.balance(account.id), before);
    });

    test('a lone surrogate in a regenerate field, its notes or a create field is validation_failed, not a 500; nothing charged', async () => {
      const before = await h.balance(account.id);
      const regenerate = await h.post(`/api/v1/products/regenerate/${productId}`, account.token, {
        fields: { title: 'Spaghetti \ud800', 'global_attr.colour': 'giallo' },
        notes: 'ok \udfff',
      });
      assert.equal(regenerate.statusCode, 422, regenerate.body);
      assert.deepEqual(Object.keys(errorsOf(regenerate.body).errors).sort(), ['fields.title', 'notes']);
      assert.match(errorsOf(regenerate.body).errors['fields.title']?.[0] ?? '', /surrogate/);

      const cases: [Record<string, unknown>, string][] = [
        [{ codes: '4006381333931\ud800', countries: ['it'] }, 'codes'],
        [{ sku: 'S\udc001', description: 'ok', countries: ['it'] }, 'sku'],
        [{ codes: '4006381333931', title: 'Pasta \ud800', countries: ['it'] }, 'title'],
        [{ codes: '4006381333931', brand: '\ud83c', countries: ['it'] }, 'brand'],
        [{ description: 'a \ud800 b', countries: ['it'] }, 'description'],
        [{ codes: '4006381333931', notes: '\udfff', countries: ['it'] }, 'notes'],
        [{ description: 'ok', images: ['https://a.example/\ud800.jpg'], countries: ['it'] }, 'images.0'],
      ];
      for (const [body, field] of cases) {
        const res = await h.post('/api/v1/products/create', account.token, body);
        assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
        assert.deepEqual(Object.keys(errorsOf(res.body).errors), [field]);
      }
      assert.deepEqual(await h.balance(account.id), before);
    });

    test('paired surrogates (an emoji) are text, accepted as ever', async () => {
      const res = await h.post(`/api/v1/products/regenerate/${productId}`, account.token, { fields: { title: 'Spaghetti n.5 🍝' } });
      assert.equal(res.statusCode, 202, res.body);
    });
  });
}
