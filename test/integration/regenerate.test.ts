import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const CREATE = '/api/v1/products/create';
const regen = (id: string) => `/api/v1/products/regenerate/${encodeURIComponent(id)}`;

interface Product {
  title: string;
  description: string;
  key_features: string[];
  global_attr: Record<string, string>;
  meta_description: string;
  title_tag: string;
  state: string;
  sources: Record<string, string[]>;
}

for (const target of databaseTargets()) {
  describe(`regenerate product fields [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    async function completedProduct(token: string, body: Record<string, unknown>): Promise<string> {
      const res = await h.post(CREATE, token, body);
      assert.equal(res.statusCode, 202, res.body);
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]));
      return id;
    }

    async function details(token: string, id: string, country: string): Promise<Product> {
      const res = await h.get(`/api/v1/products/details/${id}/${country}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ product: Product }>().product;
    }

    const shampoo = {
      codes: '4005900136381',
      sku: 'NIV-SH-250',
      title: 'Pflegeshampoo Repair 250 ml',
      brand: 'Nivea',
      description: 'Shampoo für strapaziertes Haar. Mit Keratin. Silikonfrei. Für die tägliche Anwendung.',
      countries: ['de', 'at'],
    };

    test('by id, code or sku: 202 with the documented shape, charged flat per call', async () => {
      const { id: accountId, token } = await h.account(100);
      const productId = await completedProduct(token, shampoo);
      let spent = 5 + 1;
      for (const ref of [productId, '4005900136381', 'NIV-SH-250']) {
        const res = await h.post(regen(ref), token, { fields: { title: 'Repair Shampoo', 'global_attr.hair_type': 'strapaziert', key_features: '' } });
        assert.equal(res.statusCode, 202, res.body);
        assert.deepEqual(res.json(), {
          status: 'success',
          message: 'Regeneration of 3 field(s) queued',
          data: {
            product_id: productId,
            status: 'queued',
            fields_to_regenerate: ['title', 'global_attr.hair_type', 'key_features'],
            // Additive: v1 and v2 are both the template engine here.
            notice: 'v1 and v2 are both written by template on this server; a regeneration with v2 costs 5 credit(s), with v1 1.',
          },
        });
        spent += 5;
      }
      const v1 = await h.post(regen(productId), token, { fields: { title: '' }, agent_model: 'v1', notes: 'shorter' });
      assert.equal(v1.statusCode, 202);
      spent += 1;
      assert.deepEqual(await h.balance(accountId), { credits: 100 - spent, ledger: 100 - spent });
    });

    test('only the named fields change, in every country; the rest is kept', async () => {
      const { token } = await h.account(100);
      const productId = await completedProduct(token, { ...shampoo, codes: '4005808890538', sku: 'NIV-2' });
      const before = { de: await details(token, productId, 'de'), at: await details(token, productId, 'at') };

      const res = await h.post(regen(productId), token, {
        fields: { title: 'Nivea Repair Shampoo für strapaziertes Haar', 'global_attr.hair_type': 'strapaziert' },
      });
      assert.equal(res.statusCode, 202);
      await h.settled(await h.generationIdsOf([productId]));

      for (const country of ['de', 'at'] as const) {
        const after = await details(token, productId, country);
        assert.equal(after.state, 'completed');
        assert.equal(after.title, 'Nivea Repair Shampoo für strapaziertes Haar');
        assert.equal(after.global_attr.hair_type, 'strapaziert');
        assert.equal(after.global_attr.brand, before[country].global_attr.brand);
        assert.equal(after.description, before[country].description);
        assert.deepEqual(after.key_features, before[country].key_features);
        assert.equal(after.meta_description, before[country].meta_description);
        assert.equal(after.title_tag, before[country].title_tag);
        assert.deepEqual(after.sources.title, ['caller.fields.title']);
      }
    });

    test('empty or missing fields: validation_failed on fields', async () => {
      const { token } = await h.account(100);
      const productId = await completedProduct(token, { ...shampoo, codes: '4005900388056', sku: 'NIV-3' });
      for (const body of [{}, { fields: {} }, { notes: 'x' }]) {
        const res = await h.post(regen(productId), token, body);
        assert.equal(res.statusCode, 422);
        assert.deepEqual(res.json<{ errors: Record<string, string[]> }>().errors, { fields: ['At least one field must be specified.'] });
      }
    });

    test('unknown field names and non-string values are rejected per field', async () => {
      const { token } = await h.account(100);
      const productId = await completedProduct(token, { ...shampoo, codes: '4005808128693', sku: 'NIV-4' });
      const res = await h.post(regen(productId), token, { fields: { price: '9.99', title: 3, 'global_attr.Colour': 'red', description: 'ok' } });
      assert.equal(res.statusCode, 422);
      const errors = res.json<{ errors: Record<string, string[]> }>().errors;
      assert.deepEqual(Object.keys(errors).sort(), ['fields.global_attr.Colour', 'fields.price', 'fields.title']);
    });

    test("an unknown product, or another account's, is product_not_found", async () => {
      const owner = await h.account(100);
      const other = await h.account(100);
      const productId = await completedProduct(owner.token, { ...shampoo, codes: '4005900036650', sku: 'NIV-5' });
      for (const ref of [productId, '4005900036650', 'NIV-5', '00000000-0000-0000-0000-000000000000', 'nope']) {
        const res = await h.post(regen(ref), other.token, { fields: { title: '' } });
        assert.equal(res.statusCode, 404, ref);
        assert.equal(res.json<{ code: string }>().code, 'product_not_found');
        const read = await h.get(`/api/v1/products/details/${encodeURIComponent(ref)}`, other.token);
        assert.equal(read.statusCode, 404);
      }
      assert.equal((await h.balance(other.id)).credits, 100);
    });

    test('a balance below the flat price: 402, nothing queued', async () => {
      const { id, token } = await h.account(9);
      const productId = await completedProduct(token, { ...shampoo, codes: '4005900036667', sku: 'NIV-6', countries: ['de'] });
      const res = await h.post(regen(productId), token, { fields: { title: '' } });
      assert.equal(res.statusCode, 402);
      assert.deepEqual([res.json<{ required: number }>().required, res.json<{ available: number }>().available], [5, 4]);
      assert.deepEqual(await h.balance(id), { credits: 4, ledger: 4 });
      const gens = await h.container.db.query('SELECT 1 FROM generations WHERE product_id = $1', [productId]);
      assert.equal(gens.length, 1);
    });
  });
}
