import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { importAifa } from '../../src/sources/aifa/import-aifa.ts';
import { importCatalogue } from '../../src/sources/catalogue/import-catalogue.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { startFakeOpenFoodFacts, type FakeOpenFoodFacts } from '../fakes/open-food-facts-server.ts';
import { readProductFixtures } from '../fakes/product-fixtures.ts';

// The offline path end to end: a user imports their feed and the AIFA list, creates products by
// EAN and by MINSAN through the API, and reads back complete records in two countries.

const CATALOGUE = new URL('../fixtures/catalogue/shop-feed.csv', import.meta.url).pathname;
const AIFA = new URL('../fixtures/aifa/confezioni-sample.csv', import.meta.url).pathname;
const MOKA = '8001234500016';
const TACHIPIRINA = '012745093';
const NUTELLA = '3017620422003';
const UNREACHABLE = '8001234500054';

interface Record {
  state: string;
  country: string;
  language: string;
  title: string;
  short_description: string | null;
  description: string;
  key_features: string[];
  global_attr: { [name: string]: string };
  title_tag: string;
  meta_description: string;
  product_handle: string;
  images: { url: string; source: string }[];
  sources: { [field: string]: string[] };
  facts: { id: string; source: string; licence: string | null }[];
  validation_messages: string[];
}

for (const target of databaseTargets()) {
  describe(`content end to end [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
      const catalogue = await importCatalogue(h.container.db, CATALOGUE, { language: 'it' });
      assert.equal(catalogue.rowsFailed, 0, JSON.stringify(catalogue.errors));
      assert.equal(catalogue.rowsImported, 3);
      const aifa = await importAifa(h.container.db, AIFA);
      assert.ok(aifa.rowsImported >= 15);
    });
    after(async () => {
      await h.close();
    });

    async function createAndRead(token: string, codes: string, countries: string[]): Promise<Map<string, Record>> {
      const res = await h.post('/api/v1/products/create', token, { codes, countries });
      assert.equal(res.statusCode, 202, res.body);
      const ids = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products.map((p) => p.id);
      await h.settled(await h.generationIdsOf(ids));
      const records = new Map<string, Record>();
      for (const country of countries) {
        const read = await h.get(`/api/v1/products/details/${codes}/${country}`, token);
        assert.equal(read.statusCode, 200, read.body);
        records.set(country, read.json<{ product: Record }>().product);
      }
      return records;
    }

    test('an EAN from the imported catalogue becomes a complete record in Italian and German', async () => {
      const { token } = await h.account(100);
      const records = await createAndRead(token, MOKA, ['it', 'de']);
      const it = records.get('it');
      const de = records.get('de');
      assert.ok(it && de);
      for (const record of [it, de]) {
        assert.equal(record.state, 'completed');
        assert.match(record.title, /Bialetti/);
        assert.match(record.title, /Moka Express/);
        assert.ok(record.description.length > 0);
        assert.ok(record.key_features.length >= 3, JSON.stringify(record.key_features));
        assert.equal(record.global_attr.colour, 'argento');
        assert.ok(record.title_tag.length <= 60 && record.meta_description.length <= 160);
        assert.deepEqual(
          record.images.map((i) => i.url),
          ['https://cdn.example.com/moka-6.jpg'],
        );
        for (const id of record.sources.title ?? [])
          assert.ok(
            record.facts.some((f) => f.id === id),
            `title source ${id} is readable among the facts`,
          );
        assert.ok(record.facts.every((f) => f.source === 'catalogue'));
      }
      assert.equal(it.language, 'it');
      assert.equal(de.language, 'de');
      assert.notEqual(it.description, de.description, 'the sentence templates are localised');
      assert.ok(
        de.validation_messages.some((m) => /Italian/.test(m)),
        'German record says the Italian source text is not translated',
      );
      assert.ok(!it.validation_messages.some((m) => /translate/.test(m)), 'the Italian record needs no translation note');
      assert.equal(it.product_handle, de.product_handle);
      assert.match(it.product_handle, /^bialetti-moka-express/);
    });

    test('a MINSAN from the AIFA list becomes a medicine record with its active ingredient, form and ATC code', async () => {
      const { token } = await h.account(100);
      const records = await createAndRead(token, TACHIPIRINA, ['it', 'fr']);
      const it = records.get('it');
      assert.ok(it);
      assert.match(it.title, /Tachipirina/i);
      assert.match(it.title, /500 mg/);
      assert.equal(it.global_attr.atc_code, 'N02BE01');
      assert.match(it.global_attr.active_ingredient ?? '', /paracetamolo/i);
      assert.ok(it.facts.every((f) => f.source === 'aifa' && f.licence === 'CC-BY-4.0'));
      const fr = records.get('fr');
      assert.ok(fr);
      assert.equal(fr.language, 'fr');
      assert.match(fr.title, /Tachipirina/i);
    });

    test('a code no source knows fails with product_data_not_found and is refunded', async () => {
      const { id, token } = await h.account(10);
      const res = await h.post('/api/v1/products/create', token, { codes: '8001234500047', countries: ['it'] });
      assert.equal(res.statusCode, 202, res.body);
      const productId = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([productId]));
      const read = await h.get(`/api/v1/products/details/${productId}`, token);
      assert.equal(read.json<{ product: { failure: { reason: string } } }>().product.failure.reason, 'product_data_not_found');
      assert.deepEqual(await h.balance(id), { credits: 10, ledger: 10 });
    });
  });
}

for (const target of databaseTargets()) {
  describe(`content from Open Food Facts, cached across accounts [${target.name}]`, () => {
    let off: FakeOpenFoodFacts;
    let h: Harness;
    before(async () => {
      off = await startFakeOpenFoodFacts({ fixtures: readProductFixtures('open_food_facts') });
      h = await startHarness(target, {
        env: { SOURCES: 'catalogue,aifa,open_food_facts', OPEN_FOOD_FACTS_URL: off.url, GENERATION_RETRIES: '1', GENERATION_RETRY_DELAY_SECONDS: '1' },
      });
    });
    after(async () => {
      await h.close();
      await off.close();
    });

    test('a food EAN is looked up once for every account, and written with its licences', async () => {
      const first = await h.account(100);
      const second = await h.account(100);
      for (const { token } of [first, second]) {
        const res = await h.post('/api/v1/products/create', token, { codes: NUTELLA, countries: ['it', 'fr'] });
        assert.equal(res.statusCode, 202, res.body);
        const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
        await h.settled(await h.generationIdsOf([id]));
        const read = await h.get(`/api/v1/products/details/${NUTELLA}/fr`, token);
        assert.equal(read.statusCode, 200, read.body);
        const product = read.json<{ product: Record }>().product;
        assert.match(product.title, /Nutella/);
        assert.equal(product.language, 'fr');
        assert.ok(product.facts.some((f) => f.source === 'open_food_facts' && f.licence === 'ODbL-1.0'));
      }
      assert.equal(off.requestsFor(NUTELLA).length, 1, 'the second account was served from the shared cache');
    });

    test('a source that stays down: retried, then failed as source_unavailable and refunded', async () => {
      const { id: accountId, token } = await h.account(10);
      off.fail(UNREACHABLE, { kind: 'server_error', status: 503 });
      const res = await h.post('/api/v1/products/create', token, { codes: UNREACHABLE, countries: ['it'] });
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]), 30_000);
      const failure = (await h.get(`/api/v1/products/details/${id}`, token)).json<{ product: { failure: { reason: string; message: string } } }>().product.failure;
      assert.equal(failure.reason, 'source_unavailable');
      assert.match(failure.message, /open_food_facts/);
      assert.equal(off.requestsFor(UNREACHABLE).length, 2, 'one request per attempt (retry limit 1)');
      assert.deepEqual(await h.balance(accountId), { credits: 10, ledger: 10 });
    });
  });
}
