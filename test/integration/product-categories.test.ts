import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { seedProduct } from '../helpers/seed-products.ts';

// The categories and tags a CommerceClarity client reads and writes: the Google category (its
// path in the record's language, its id), the merchant's own category, tags; set by `update`,
// filtered on in the list and the export, written in the CSV and Shopify files.

interface Categorised {
  id: string;
  name: string | null;
  category: string[];
  google_category_id: string | null;
  category_id: string | null;
  category_id_proposed: boolean;
  tags: string[];
}
interface ListItem extends Categorised {
  countries: Record<string, { title: string | null; name: string | null; brand: string | null; category: string[] }>;
}

const LAMPS = ['Home & Garden', 'Lighting', 'Lamps'];

for (const target of databaseTargets()) {
  describe(`product categories and tags [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    async function details(token: string, id: string, country = 'it'): Promise<Categorised> {
      const res = await h.get(`/api/v1/products/details/${id}/${country}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ product: Categorised }>().product;
    }
    async function listed(token: string, query: string): Promise<ListItem[]> {
      const res = await h.get(`/api/v1/products?${query}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { data: ListItem[] } }>().data.data;
    }
    const update = (token: string, body: Record<string, unknown>) => h.post('/api/v1/products/update', token, { country: 'it', ...body });
    async function refused(token: string, body: Record<string, unknown>, field: string, message: RegExp): Promise<void> {
      const res = await update(token, body);
      assert.equal(res.statusCode, 422, res.body);
      const answer = res.json<{ code: string; errors: Record<string, string[]> }>();
      assert.equal(answer.code, 'validation_failed');
      assert.match(answer.errors[field]?.join(' ') ?? '', message, res.body);
    }
    async function twoLamps(): Promise<{ token: string; accountId: string; lamp: string; vase: string }> {
      const { id: accountId, token } = await h.account();
      const lamp = await seedProduct(h.container.db, accountId, { code: '8001234567890', content: { it: { title: 'Lampada da tavolo' }, de: { title: 'Tischlampe' } } });
      const vase = await seedProduct(h.container.db, accountId, { sku: 'VASO-1', content: { it: { title: 'Vaso in vetro' } } });
      return { token, accountId, lamp, vase };
    }

    test('an unclassified product shows an empty category, null ids and no tags', async () => {
      const { token, lamp } = await twoLamps();
      const product = await details(token, lamp);
      assert.deepEqual([product.category, product.google_category_id, product.category_id, product.category_id_proposed, product.tags], [[], null, null, false, []]);
      const [item] = await listed(token, `search=Lampada`);
      assert.deepEqual(item?.countries.it, { title: 'Lampada da tavolo', name: 'Lampada da tavolo', brand: null, category: [] });
    });

    test('update sets the Google category by path or id, the own category and tags; the list and details show them in every country', async () => {
      const { token, accountId, lamp } = await twoLamps();
      const byPath = await update(token, { code: lamp, category: 'home & garden > LIGHTING > lamps', tags: ['estate', 'luce', 'estate'] });
      assert.equal(byPath.statusCode, 200, byPath.body);
      const product = byPath.json<{ product: Categorised }>().product;
      assert.deepEqual([product.category, product.google_category_id, product.tags], [LAMPS, '4636', ['estate', 'luce']]);
      assert.deepEqual((await details(token, lamp, 'de')).category, LAMPS, 'English where the language is not shipped');

      await h.container.db.query(`INSERT INTO custom_categories (account_id, id, path) VALUES ($1, '1', 'Casa'), ($1, '1.2', 'Casa > Luce')`, [accountId]);
      const own = await update(token, { code: lamp, category_id: '1.2', google_category_id: '594' });
      assert.equal(own.statusCode, 200, own.body);
      const set = own.json<{ product: Categorised }>().product;
      assert.deepEqual([set.google_category_id, set.category, set.category_id, set.category_id_proposed], ['594', ['Home & Garden', 'Lighting'], '1.2', false]);

      const [item] = await listed(token, 'search=Lampada');
      assert.deepEqual([item?.google_category_id, item?.category_id, item?.tags, item?.countries.de?.category], ['594', '1.2', ['estate', 'luce'], ['Home & Garden', 'Lighting']]);

      const cleared = await update(token, { code: lamp, category: null, category_id: null, tags: [] });
      assert.equal(cleared.statusCode, 200, cleared.body);
      const none = cleared.json<{ product: Categorised }>().product;
      assert.deepEqual([none.category, none.google_category_id, none.category_id, none.tags], [[], null, null, []]);
    });

    test('an unknown Google path or id, an id outside the own tree and bad tags are refused on their field, changing nothing', async () => {
      const { token, lamp } = await twoLamps();
      await refused(token, { code: lamp, category: 'Home & Garden > Lamps' }, 'category', /No category "Home & Garden > Lamps"/);
      await refused(token, { code: lamp, google_category_id: '99999999' }, 'google_category_id', /No category with id "99999999"/);
      await refused(token, { code: lamp, category: 'Home & Garden', google_category_id: '594' }, 'category', /different categories/);
      await refused(token, { code: lamp, category_id: '7' }, 'category_id', /No category "7" in this account's category tree/);
      await refused(token, { code: lamp, tags: ['a,b'] }, 'tags.0', /comma/);
      await refused(token, { code: lamp, tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags', /At most 50 tags/);
      const product = await details(token, lamp);
      assert.deepEqual([product.google_category_id, product.category_id, product.tags], [null, null, []]);
    });

    test('the list filters by a category or any below it (path in any case, or Google id), by own category and by every tag', async () => {
      const { token, accountId, lamp, vase } = await twoLamps();
      await h.container.db.query(`INSERT INTO custom_categories (account_id, id, path) VALUES ($1, 'L', 'Luce')`, [accountId]);
      assert.equal((await update(token, { code: lamp, google_category_id: '4636', category_id: 'L', tags: ['luce', 'estate'] })).statusCode, 200);
      assert.equal((await update(token, { code: vase, category: 'Home & Garden > Decor', tags: ['estate'] })).statusCode, 200);
      const ids = async (query: string) => (await listed(token, query)).map((p) => p.id).sort();

      assert.deepEqual(await ids('category=home%20%26%20garden'), [lamp, vase].sort(), 'a top level holds both');
      assert.deepEqual(await ids('category=Home%20%26%20Garden%20%3E%20Lighting'), [lamp]);
      assert.deepEqual(await ids('category=536'), [lamp, vase].sort());
      assert.deepEqual(await ids('category=4636'), [lamp]);
      assert.deepEqual(await ids('category_id=L'), [lamp]);
      assert.deepEqual(await ids('tags=estate'), [lamp, vase].sort());
      assert.deepEqual(await ids('tags=estate,%20luce'), [lamp]);
      assert.deepEqual(await ids('tags=inverno'), []);

      const bad = await h.get('/api/v1/products?category=Nowhere%20%3E%20Else', token);
      assert.equal(bad.statusCode, 422, bad.body);
      assert.match(bad.body, /names no category of Google/);
    });

    test('the CSV export writes the category, its id, the own category and tags; the Shopify file fills both category columns', async () => {
      const { token, accountId, lamp } = await twoLamps();
      await h.container.db.query(`INSERT INTO custom_categories (account_id, id, path) VALUES ($1, '1.2', 'Casa > Luce')`, [accountId]);
      assert.equal((await update(token, { code: lamp, google_category_id: '4636', category_id: '1.2', tags: ['luce', 'estate'] })).statusCode, 200);

      const csv = await h.get('/api/v1/products/export?country=it&format=csv&category=4636', token);
      assert.equal(csv.statusCode, 200, csv.body);
      const [header, row] = parse(csv.body, { bom: true }) as string[][];
      const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
      assert.equal(cell('id'), lamp);
      assert.deepEqual([cell('category'), cell('google_category_id'), cell('category_id'), cell('tags')], ['Home & Garden > Lighting > Lamps', '4636', '1.2', 'luce, estate']);

      const shopify = await h.get('/api/v1/products/export?country=it&format=shopify&category=4636', token);
      const [columns, first] = parse(shopify.body, { bom: true }) as string[][];
      const shop = (name: string) => first?.[columns?.indexOf(name) ?? -1];
      assert.equal(shop('Product Category'), 'Home & Garden > Lighting > Lamps');
      assert.equal(shop('Google Shopping / Google Product Category'), 'Home & Garden > Lighting > Lamps');
      assert.equal(shop('Tags'), 'luce, estate', "the merchant's tags");
    });
    test("Google's tree is searched by words in the record's language or English, the category named first", async () => {
      const { token } = await h.account();
      const found = await h.get('/api/v1/google-categories?search=Lamps&language=it&limit=3', token);
      assert.equal(found.statusCode, 200, found.body);
      const answer = found.json<{ data: { id: string; path: string[] }[]; version: string }>();
      assert.equal(answer.version, '2021-09-21');
      assert.deepEqual(answer.data[0], { id: '4636', path: LAMPS });
      assert.equal(answer.data.length, 3);
      const shampoo = (await h.get('/api/v1/google-categories?search=SHAMP', token)).json<{ data: { path: string[] }[] }>().data;
      assert.ok(
        shampoo.every((c) => c.path.join(' ').toLowerCase().includes('shamp')),
        JSON.stringify(shampoo),
      );
      for (const query of ['', '?search=%20', '?search=lamp&limit=0', '?search=lamp&language=italiano', '?search=lamp&sort=name']) {
        const bad = await h.get(`/api/v1/google-categories${query}`, token);
        assert.equal(bad.statusCode, 422, `${query}: ${bad.body}`);
      }
    });
    test('choosing an own category again after an import removed it clears the note the import left on the records', async () => {
      const { token, lamp } = await twoLamps();
      const importTree = async (csv: string) => {
        const res = await h.app.inject({
          method: 'POST',
          url: '/api/v1/custom-category/import',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          payload: csv,
        });
        assert.equal(res.statusCode, 202, res.body);
      };
      await importTree('id,path\n1,Casa\n2,Luce\n');
      assert.equal((await update(token, { code: lamp, category_id: '1' })).statusCode, 200);
      await importTree('id,path\n2,Luce\n');
      const removed = await h.get(`/api/v1/products/details/${lamp}/it`, token);
      const before = removed.json<{ product: Categorised & { validation_issues: { check: string }[] } }>().product;
      assert.equal(before.category_id, null);
      assert.ok(
        before.validation_issues.some((i) => i.check === 'category_removed'),
        removed.body,
      );

      const chosen = await update(token, { code: lamp, category_id: '2' });
      assert.equal(chosen.statusCode, 200, chosen.body);
      const after = chosen.json<{ product: Categorised & { validation_issues: { check: string }[] } }>().product;
      assert.equal(after.category_id, '2');
      assert.deepEqual(
        after.validation_issues.filter((i) => i.check === 'category_removed'),
        [],
      );
    });
  });
}
