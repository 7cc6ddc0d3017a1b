import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { adminAccountResponseSchema } from '../../src/http/routes/admin-accounts.ts';
import { accountResponseSchema } from '../../src/http/response-schemas.ts';
import { issueToken } from '../../src/services/tokens.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// An account's `country_languages` ({"be": "fr", "ch": "it"}): set by the operator through the
// admin API, shown in GET /api/v1/account, and the language every engine writes that country in.

for (const target of databaseTargets()) {
  describe(`country languages [${target.name}]`, () => {
    let h: Harness;
    let admin: string;
    before(async () => {
      h = await startHarness(target);
      admin = (await issueToken(h.container.db, null, { admin: true })).token;
    });
    after(async () => {
      await h.close();
    });

    function patch(name: string, body: unknown): Promise<LightMyRequestResponse> {
      return h.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/accounts/${name}`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    }

    test('the operator sets it; the account shows it, country codes normalised', async () => {
      const { name, token } = await h.account(10);
      const set = await patch(name, { country_languages: { BE: 'fr', uk: 'en', ch: 'IT' } });
      assert.equal(set.statusCode, 200, set.body);
      assert.deepEqual(adminAccountResponseSchema.parse(set.json()).data.country_languages, { be: 'fr', gb: 'en', ch: 'it' });
      const account = accountResponseSchema.parse((await h.get('/api/v1/account', token)).json());
      assert.deepEqual(account.data.settings.country_languages, { be: 'fr', gb: 'en', ch: 'it' });
      assert.equal(account.data.settings.image_standardization, false, 'the other setting is left as it was');

      const cleared = await patch(name, { country_languages: {} });
      assert.deepEqual(adminAccountResponseSchema.parse(cleared.json()).data.country_languages, {});
    });

    test('a bad country or language is refused with the reason, and changes nothing', async () => {
      const { name, token } = await h.account(10);
      await patch(name, { country_languages: { be: 'fr' } });
      for (const body of [{ country_languages: { xx: 'fr' } }, { country_languages: { be: 'french' } }, { country_languages: ['be', 'fr'] }, {}]) {
        const res = await patch(name, body);
        assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
        assert.equal(res.json().code, 'validation_failed');
      }
      const refused = (await patch(name, { country_languages: { xx: 'fr', be: 'zz' } })).json() as { errors: Record<string, string[]> };
      assert.equal(refused.errors.country_languages?.length, 2, 'every mistake is listed');
      const account = accountResponseSchema.parse((await h.get('/api/v1/account', token)).json());
      assert.deepEqual(account.data.settings.country_languages, { be: 'fr' });
    });

    test('records of a country are written in the chosen language; other countries keep their default', async () => {
      const { name, token } = await h.account(100);
      assert.equal((await patch(name, { country_languages: { be: 'fr', ch: 'it' } })).statusCode, 200);
      const created = await h.post('/api/v1/products/create', token, {
        title: 'Lampadina LED E27 9 W',
        brand: 'Philips',
        description: 'Lampadina LED con attacco E27, 9 W, 806 lm, luce bianca calda 2700 K. Sostituisce una lampadina da 60 W.',
        countries: ['be', 'ch', 'de'],
      });
      assert.equal(created.statusCode, 202, created.body);
      const id = (created.json() as { data: { imported_products: Array<{ id: string }> } }).data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]));
      for (const [country, language] of [
        ['be', 'fr'],
        ['ch', 'it'],
        ['de', 'de'],
      ] as const) {
        const res = await h.get(`/api/v1/products/details/${id}/${country}`, token);
        assert.equal(res.statusCode, 200, res.body);
        assert.equal((res.json() as { product: { language: string } }).product.language, language, country);
      }
    });
  });
}
