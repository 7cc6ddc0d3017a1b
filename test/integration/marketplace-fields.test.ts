import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { defined } from '../helpers/assert.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// The fields a marketplace-style (CommerceClarity) client reads beside the record: name, the ASIN
// and every EAN, height/width/depth, weight and a specification table, each from what the facts
// state (here an account's catalogue row), null or empty where nothing does.

interface Details {
  name: string | null;
  title: string | null;
  brand: string | null;
  code: string | null;
  asin: string | null;
  eans: string[];
  description: string | null;
  short_description: string | null;
  dimensions: { height: number | null; width: number | null; depth: number | null; unit: string } | null;
  weight: number | null;
  specifications: Record<string, string>;
}

interface ListItem {
  id: string;
  name: string | null;
  eans: string[];
  asin: string | null;
  weight: number | null;
  dimensions: Details['dimensions'];
  countries: Record<string, { title: string | null; name: string | null; brand: string | null }>;
}

for (const target of databaseTargets()) {
  describe(`marketplace fields [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    async function catalogue(token: string, csv: string): Promise<void> {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/catalogue/imports?language=it',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: csv,
      });
      assert.equal(res.statusCode, 202, res.body);
    }
    async function details(token: string, id: string): Promise<Details> {
      const res = await h.get(`/api/v1/products/details/${id}/it`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ product: Details }>().product;
    }
    async function listed(token: string): Promise<ListItem[]> {
      const res = await h.get('/api/v1/products?country=it', token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { data: ListItem[] } }>().data.data;
    }

    test('a weight, the sides, a capacity and a second EAN the facts state are shown; a product with none shows null and empty', async () => {
      const { token } = await h.account();
      const [bottle, plain, second] = validEans(3, 931);
      await catalogue(
        token,
        [
          'ean,title,brand,peso,altezza,larghezza,profondità,capacità,ean_2',
          `${defined(bottle)},Borraccia termica,Acqua Viva,350 g,27 cm,7 cm,7 cm,"0,5 l",${defined(second)}`,
          `${defined(plain)},Tazza da caffè,Ceramiche Sole,,,,,,`,
          '',
        ].join('\n'),
      );
      const bottleId = await h.createSettled(token, { codes: bottle, countries: ['it'] });
      const plainId = await h.createSettled(token, { codes: plain, countries: ['it'] });

      const product = await details(token, bottleId);
      assert.equal(product.name, product.title);
      assert.ok(product.name !== null && product.name !== '');
      assert.deepEqual(product.eans, [bottle, second], 'the code, then the EAN the catalogue states');
      assert.equal(product.asin, null);
      assert.equal(product.weight, 0.35, 'kilograms');
      assert.deepEqual(product.dimensions, { height: 27, width: 7, depth: 7 });
      assert.equal(product.specifications.Capacità, '0,5 l', 'labelled and written in Italian');
      assert.equal(product.specifications.Peso, '350 g');

      const none = await details(token, plainId);
      assert.deepEqual(none.eans, [plain]);
      assert.equal(none.asin, null);
      assert.equal(none.weight, null);
      assert.equal(none.dimensions, null);
      assert.deepEqual(none.specifications, {});

      const items = await listed(token);
      const item = defined(items.find((i) => i.id === bottleId));
      assert.equal(item.name, product.name);
      assert.equal(item.countries.it?.name, product.name);
      assert.deepEqual(item.eans, [bottle, second]);
      assert.equal(item.weight, 0.35);
      assert.deepEqual(item.dimensions, product.dimensions);
      const bare = defined(items.find((i) => i.id === plainId));
      assert.deepEqual([bare.eans, bare.weight, bare.dimensions, bare.asin], [[plain], null, null, null]);
    });

    test('a CommerceClarity-shaped read of details finds name, brand, code, eans and the descriptions', async () => {
      const { token } = await h.account();
      const [code] = validEans(1, 932);
      await catalogue(token, `ean,title,brand,description\n${defined(code)},Crema viso idratante,Bella Pelle,Crema idratante per il viso con acido ialuronico.\n`);
      const id = await h.createSettled(token, { codes: code, countries: ['it'] });
      const product = await details(token, id);
      const read = {
        name: product.name,
        brand: product.brand,
        code: product.code,
        eans: product.eans,
        description: product.description,
        short_description: product.short_description,
      };
      assert.equal(typeof read.name, 'string');
      assert.equal(read.brand, 'Bella Pelle');
      assert.equal(read.code, code);
      assert.deepEqual(read.eans, [code]);
      assert.equal(typeof read.description, 'string');
      assert.equal(typeof read.short_description, 'string');
    });
  });
}
