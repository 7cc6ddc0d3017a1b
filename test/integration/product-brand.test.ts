import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { defined } from '../helpers/assert.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { runFromQueue } from '../helpers/queue-runs.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// A product's brand: the caller's or a person's when given, else the one its facts agree on (here
// an account's catalogue row), shown in the details, the list, its filter and the exports, and
// kept in step with the facts by every later generation unless someone gave it.

interface Product {
  id: string;
  brand: string | null;
  title: string | null;
}

interface ListItem {
  id: string;
  countries: Record<string, { title: string | null; brand: string | null }>;
}

interface HistoryVersion {
  id: string;
  change: string;
  fields: Record<string, { before: unknown; after: unknown }>;
}

/** What a test needs of a harness, whichever way its generations run. */
function brandClient(h: () => Harness) {
  const api = {
    /** The account's own catalogue, read as Italian; replaces the rows of the codes it names. */
    async catalogue(token: string, rows: readonly string[]) {
      const res = await h().app.inject({
        method: 'POST',
        url: '/api/v1/catalogue/imports?language=it',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: `ean,title,brand\n${rows.join('\n')}\n`,
      });
      assert.equal(res.statusCode, 202, res.body);
      assert.equal(res.json<{ data: { rows_imported: number } }>().data.rows_imported, rows.length, res.body);
    },
    async details(token: string, id: string): Promise<Product> {
      const res = await h().get(`/api/v1/products/details/${id}/it`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ product: Product }>().product;
    },
    async listed(token: string, query: string): Promise<ListItem[]> {
      const res = await h().get(`/api/v1/products?country=it${query}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { data: ListItem[] } }>().data.data;
    },
    async update(token: string, body: Record<string, unknown>) {
      return h().post('/api/v1/products/update', token, { country: 'it', ...body });
    },
    async history(token: string, id: string): Promise<HistoryVersion[]> {
      const res = await h().get(`/api/v1/products/details/${id}/history`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { versions: HistoryVersion[] } }>().data.versions;
    },
    /** Queues a regeneration of the title; the caller runs it. */
    async regenerate(token: string, id: string): Promise<string> {
      const res = await h().post(`/api/v1/products/regenerate/${id}`, token, { fields: { title: '' }, agent_model: 'v1' });
      assert.equal(res.statusCode, 202, res.body);
      return defined((await h().generationIdsOf([id]))[0]);
    },
    /** One country's export as rows of named cells. */
    async exported(token: string, format: 'csv' | 'shopify'): Promise<Record<string, string>[]> {
      const res = await h().get(`/api/v1/products/export?country=it&format=${format}`, token);
      assert.equal(res.statusCode, 200, res.body);
      const [header = [], ...rows] = parse(res.body, { bom: true }) as string[][];
      return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
    },
  };
  return api;
}

for (const target of databaseTargets()) {
  describe(`product brand [${target.name}]`, () => {
    let h: Harness;
    const api = brandClient(() => h);
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    async function regenerated(token: string, id: string): Promise<void> {
      const generationId = await api.regenerate(token, id);
      assert.deepEqual([...(await h.settled([generationId])).values()], ['completed']);
    }

    test("the catalogue's brand is the product's: details, list item, brand filter, Shopify Vendor and CSV", async () => {
      const { token } = await h.account();
      const [glass, cup] = validEans(2, 926);
      await api.catalogue(token, [`${glass},Calice da vino 35 cl,Vetreria Blu`, `${cup},Tazza da caffè,Ceramiche Sole`]);
      const glassId = await h.createSettled(token, { codes: glass, countries: ['it'] });
      const cupId = await h.createSettled(token, { codes: cup, countries: ['it'] });

      const product = await api.details(token, glassId);
      assert.equal(product.brand, 'Vetreria Blu');
      assert.match(product.title ?? '', /^Vetreria Blu /, 'the title leads with the same brand');
      assert.equal((await api.details(token, cupId)).brand, 'Ceramiche Sole');

      const all = await api.listed(token, '');
      assert.equal(all.find((p) => p.id === glassId)?.countries.it?.brand, 'Vetreria Blu');
      assert.deepEqual(
        (await api.listed(token, '&brand=Vetreria%20Blu')).map((p) => p.id),
        [glassId],
      );
      assert.deepEqual(
        (await api.listed(token, '&brand=vetreria%20blu')).map((p) => p.id),
        [glassId],
        'the filter ignores case',
      );

      const vendors = new Map((await api.exported(token, 'shopify')).filter((r) => r.Title !== '').map((r) => [r['Variant Barcode'], r.Vendor]));
      assert.equal(vendors.get(glass), 'Vetreria Blu');
      assert.equal(vendors.get(cup), 'Ceramiche Sole');
      const csvBrands = new Map((await api.exported(token, 'csv')).map((r) => [r.id, r.brand]));
      assert.equal(csvBrands.get(glassId), 'Vetreria Blu');
      assert.equal(csvBrands.get(cupId), 'Ceramiche Sole');
    });

    test("the caller's brand wins over the catalogue's, and stays through a regeneration", async () => {
      const { token } = await h.account();
      const [code] = validEans(1, 927);
      await api.catalogue(token, [`${defined(code)},Calice da vino 35 cl,Vetreria Blu`]);
      const id = await h.createSettled(token, { codes: code, brand: 'Casa Nostra', countries: ['it'] });
      assert.equal((await api.details(token, id)).brand, 'Casa Nostra');
      assert.deepEqual(
        (await api.listed(token, '&brand=Casa%20Nostra')).map((p) => p.id),
        [id],
      );
      assert.deepEqual(await api.listed(token, '&brand=Vetreria%20Blu'), []);

      await api.catalogue(token, [`${defined(code)},Calice da vino 35 cl,Vetreria Rossa`]);
      await regenerated(token, id);
      assert.equal((await api.details(token, id)).brand, 'Casa Nostra');
    });

    test('update sets the brand, the history records it as a manual change, restore undoes it', async () => {
      const { token } = await h.account();
      const [code] = validEans(1, 928);
      await api.catalogue(token, [`${defined(code)},Calice da vino 35 cl,Vetreria Blu`]);
      const id = await h.createSettled(token, { codes: code, countries: ['it'] });

      const res = await api.update(token, { code: id, brand: '  VB Glass ' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json<{ product: Product }>().product.brand, 'VB Glass');
      assert.equal((await api.details(token, id)).brand, 'VB Glass');
      assert.deepEqual(
        (await api.listed(token, '&brand=VB%20Glass')).map((p) => p.id),
        [id],
      );
      const [manual] = await api.history(token, id);
      assert.equal(manual?.change, 'manual');
      assert.deepEqual(manual?.fields, { brand: { before: 'Vetreria Blu', after: 'VB Glass' } });

      const restore = await h.post(`/api/v1/products/restore/${id}`, token, { version_id: defined(manual).id });
      assert.equal(restore.statusCode, 200, restore.body);
      assert.deepEqual(restore.json<{ data: { fields_restored: string[] } }>().data.fields_restored, ['brand']);
      assert.equal((await api.details(token, id)).brand, 'Vetreria Blu');
      // Back to the facts' brand, the product follows its facts again.
      await api.catalogue(token, [`${defined(code)},Calice da vino 35 cl,Vetreria Rossa`]);
      await regenerated(token, id);
      assert.equal((await api.details(token, id)).brand, 'Vetreria Rossa');

      const none = await api.update(token, { code: id, brand: null });
      assert.equal(none.statusCode, 200, none.body);
      assert.equal(none.json<{ product: Product }>().product.brand, null, 'null: no brand');
      for (const [brand, message] of [
        ['', /cannot be empty/],
        ['<b>VB</b>', /plain text/],
        ['x'.repeat(201), /at most 200/],
        [7, /must be a string/],
      ] as const) {
        const bad = await api.update(token, { code: id, brand });
        assert.equal(bad.statusCode, 422, bad.body);
        assert.equal(bad.json<{ code: string }>().code, 'validation_failed');
        assert.match(JSON.stringify(bad.json()), message);
      }
      assert.equal((await api.details(token, id)).brand, null, 'a refused update changes nothing');
    });

    test("a later generation takes the facts' new brand, but keeps a brand a person set", async () => {
      const { token } = await h.account();
      const [followed, kept] = validEans(2, 929);
      await api.catalogue(token, [`${followed},Calice da vino 35 cl,Vetreria Blu`, `${kept},Caraffa 1 l,Vetreria Blu`]);
      const followedId = await h.createSettled(token, { codes: followed, countries: ['it'] });
      const keptId = await h.createSettled(token, { codes: kept, countries: ['it'] });
      assert.equal((await api.update(token, { code: keptId, brand: 'VB Glass' })).statusCode, 200);

      await api.catalogue(token, [`${followed},Calice da vino 35 cl,Vetreria Rossa`, `${kept},Caraffa 1 l,Vetreria Rossa`]);
      await regenerated(token, followedId);
      await regenerated(token, keptId);
      const facts = await api.details(token, followedId);
      assert.equal(facts.brand, 'Vetreria Rossa');
      assert.match(facts.title ?? '', /^Vetreria Rossa /, 'the regenerated title leads with the new brand, not the one the product had');
      const person = await api.details(token, keptId);
      assert.equal(person.brand, 'VB Glass');
      assert.match(person.title ?? '', /^VB Glass /, "the regenerated title leads with the person's brand");
      assert.deepEqual(
        (await api.listed(token, '&brand=Vetreria%20Rossa')).map((p) => p.id),
        [followedId],
      );
    });
  });

  // The same rules when a generation is stored on its own (an agent model's run, or a batch that
  // could not be stored together), not with a batch of template generations.
  describe(`product brand, a generation stored on its own [${target.name}]`, () => {
    let h: Harness;
    const api = brandClient(() => h);
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    async function ran(generationId: string): Promise<void> {
      assert.equal(await runFromQueue({ ...h.container, maxAttempts: 2 }, generationId), 'completed');
    }

    test("the facts' brand is set and kept in step; a person's is kept", async () => {
      const { token } = await h.account();
      const [followed, kept] = validEans(2, 930);
      await api.catalogue(token, [`${followed},Calice da vino 35 cl,Vetreria Blu`, `${kept},Caraffa 1 l,Vetreria Blu`]);
      const a = await h.createQueued(token, { codes: followed, countries: ['it'] });
      const b = await h.createQueued(token, { codes: kept, countries: ['it'] });
      await ran(a.generationId);
      await ran(b.generationId);
      assert.equal((await api.details(token, a.productId)).brand, 'Vetreria Blu');
      assert.equal((await api.details(token, b.productId)).brand, 'Vetreria Blu');
      assert.equal((await api.update(token, { code: b.productId, brand: 'VB Glass' })).statusCode, 200);

      await api.catalogue(token, [`${followed},Calice da vino 35 cl,Vetreria Rossa`, `${kept},Caraffa 1 l,Vetreria Rossa`]);
      await ran(await api.regenerate(token, a.productId));
      await ran(await api.regenerate(token, b.productId));
      assert.equal((await api.details(token, a.productId)).brand, 'Vetreria Rossa');
      assert.equal((await api.details(token, b.productId)).brand, 'VB Glass');
    });
  });
}
