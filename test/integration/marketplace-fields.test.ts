import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
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

    test('a CommerceClarity client reads details and list items in its published shape: every field there, of its type', async () => {
      const { token } = await h.account();
      const [bottle] = validEans(1, 937);
      await catalogue(
        token,
        [
          'ean,asin,title,brand,descrizione,peso,altezza,larghezza,profondità',
          `${defined(bottle)},B000000001,Borraccia termica,Acqua Viva,"Borraccia in acciaio inox a doppia parete. Mantiene le bevande fredde per 24 ore.",350 g,27 cm,7 cm,7 cm`,
          '',
        ].join('\n'),
      );
      const id = await h.createSettled(token, { codes: bottle, countries: ['it'] });
      const set = await h.post('/api/v1/products/update', token, { code: id, country: 'it', google_category_id: '3809', tags: ['estate'] });
      assert.equal(set.statusCode, 200, set.body);

      // The fields and types of CommerceClarity's published details example, and its list item.
      const ccDetails = z.object({
        name: z.string(),
        category: z.array(z.string()).min(1),
        google_category_id: z.string().regex(/^\d+$/),
        brand: z.string(),
        code: z.string(),
        asin: z.string(),
        eans: z.array(z.string()).min(1),
        description: z.string(),
        short_description: z.string().nullable(),
        dimensions: z.object({ height: z.number(), width: z.number(), depth: z.number() }),
        weight: z.number(),
        specifications: z.record(z.string(), z.string()),
      });
      const ccItem = z.object({ id: z.string(), countries: z.record(z.string(), z.object({ name: z.string(), brand: z.string(), category: z.array(z.string()) })) });

      const product = ccDetails.parse((await h.get(`/api/v1/products/details/${id}/it`, token)).json<{ product: unknown }>().product);
      assert.deepEqual([product.asin, product.eans, product.weight, product.dimensions], ['B000000001', [bottle], 0.35, { height: 27, width: 7, depth: 7 }]);
      assert.deepEqual(product.category, ['Home & Garden', 'Kitchen & Dining', 'Food & Beverage Carriers', 'Water Bottles']);
      const list = z.array(ccItem).parse((await h.get('/api/v1/products?country=it', token)).json<{ data: { data: unknown[] } }>().data.data);
      assert.deepEqual(list.find((p) => p.id === id)?.countries.it?.category, product.category);
    });
  });
}
