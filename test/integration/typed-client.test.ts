import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { defined } from '../helpers/assert.ts';
import { apiClient, listening } from '../helpers/api-client.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// The service through the client generated from its own OpenAPI document, over real HTTP on
// loopback: the calls below type-check against the document, and run against the service.

for (const target of databaseTargets()) {
  describe(`the typed client generated from the OpenAPI document [${target.name}]`, () => {
    let h: Harness;
    let baseUrl: string;
    before(async () => {
      h = await startHarness(target);
      baseUrl = await listening(h);
    });
    after(async () => {
      await h.close();
    });

    test('create, read, regenerate, read the history, restore and check the balance', async () => {
      const { token } = await h.account(100);
      const api = apiClient(baseUrl, token);

      const created = await api.products.postProductsCreate({
        codes: '8001234567897',
        title: 'Lampada da tavolo Arco',
        brand: 'Lumina',
        description: 'Lampada da tavolo in metallo. Luce LED calda. Interruttore sul cavo.',
        countries: ['it', 'de'],
      });
      assert.equal(created.status, 202);
      assert.equal(created.data.status, 'success');
      const id = defined(created.data.data.imported_products[0]).id;
      await h.settled(await h.generationIdsOf([id]));

      const details = await api.products.getProductsDetailsByIdByCountry(id, 'de');
      assert.equal(details.status, 200);
      assert.equal(details.data.product.country, 'de');
      assert.equal(details.data.product.state, 'completed');
      const before = defined(details.data.product.title, 'a title');

      const regenerated = await api.products.postProductsRegenerateById(id, { fields: { title: 'Shorter, please' } });
      assert.equal(regenerated.status, 202);
      assert.deepEqual(regenerated.data.data.fields_to_regenerate, ['title']);
      await h.settled(await h.generationIdsOf([id]));

      const history = await api.products.getProductsDetailsByIdHistory(id, { limit: 10 });
      assert.equal(history.status, 200);
      const change = history.data.data.versions.find((v) => v.country === 'de' && v.change === 'regenerate');
      const version = defined(change, 'the regeneration in the history');
      assert.equal(version.fields.title?.before, before);

      const restored = await api.products.postProductsRestoreById(id, { version_id: version.id });
      assert.equal(restored.status, 200);
      assert.equal((await api.products.getProductsDetailsByIdByCountry(id, 'de')).data.product.title, before);

      const account = await api.account.getAccount();
      assert.equal(account.status, 200);
      // 6 for the create (v2, two countries), 5 for the regeneration; the restore is free.
      assert.equal(account.data.data.credits, 100 - 6 - 5);
    });

    test('error answers arrive as the typed errors the document names', async () => {
      const { token } = await h.account(1);
      const api = apiClient(baseUrl, token);
      const missing = await api.products.getProductsDetailsById('no-such-product');
      assert.equal(missing.status, 404);
      assert.equal(missing.error.code, 'product_not_found');

      const poor = await api.products.postProductsCreate({ codes: '8001234567897', countries: ['it'] });
      assert.equal(poor.status, 402);
      assert.ok(poor.error.code === 'insufficient_credits');
      assert.deepEqual([poor.error.required, poor.error.available], [5, 1]);

      const anonymous = await apiClient(baseUrl).account.getAccount();
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.error.code, 'unauthorized');

      const document = await apiClient(baseUrl).service.getOpenapiJson();
      assert.equal(document.status, 200, 'the document needs no token');
      assert.equal(document.data.openapi, '3.1.0');
    });
  });
}
