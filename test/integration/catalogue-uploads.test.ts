import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { findCatalogueItem } from '../../src/db/catalogue.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { catalogueImportResponseSchema } from '../../src/http/routes/catalogue-imports.ts';
import { importCatalogue } from '../../src/sources/catalogue/import-catalogue.ts';
import { importBatchSize } from '../../src/sources/catalogue/import-file.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { answerOf } from '../helpers/http-answer.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const FIXTURES = new URL('../fixtures/catalogue/', import.meta.url);
const MAX_BYTES = 12 * 1024 * 1024;
const EAN = '4006381333931';

type ImportView = ReturnType<typeof catalogueImportResponseSchema.parse>['data'];

function values(facts: readonly Fact[], key: string, attribute?: string): string[] {
  return facts.filter((f) => f.key === key && (attribute === undefined || f.attribute === attribute)).map((f) => f.value);
}

for (const target of databaseTargets()) {
  describe(`catalogue uploads over HTTP [${target.name}]`, () => {
    let h: Harness;
    let base: string;
    before(async () => {
      h = await startHarness(target, { env: { CATALOGUE_MAX_BYTES: String(MAX_BYTES) } });
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await h.close();
    });

    function upload(token: string, body: string | Buffer, contentType = 'text/csv', query = '') {
      return h.app.inject({ method: 'POST', url: `/api/v1/catalogue/imports${query}`, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });
    }

    async function imported(token: string, body: string | Buffer, contentType = 'text/csv', query = ''): Promise<ImportView> {
      const res = await upload(token, body, contentType, query);
      assert.equal(res.statusCode, 202, res.body);
      return catalogueImportResponseSchema.parse(res.json()).data;
    }

    /**
     * Posts a chunked body (no Content-Length), `chunk` after `chunk` as the socket drains, until
     * the server answers or more than `upTo` bytes are sent; the answer.
     */
    function streamUntilAnswered(token: string, chunk: Buffer, upTo: number, first: Buffer = chunk): Promise<{ status: number; body: string }> {
      const req = httpRequest(`${base}/api/v1/catalogue/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' } });
      let answered = false;
      const answer = answerOf(req);
      req.on('response', () => {
        answered = true;
      });
      let sent = 0;
      const pump = () => {
        while (!answered && sent <= upTo) {
          const next = sent === 0 ? first : chunk;
          sent += next.length;
          if (!req.write(next)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
      return answer;
    }

    async function createAndRead(token: string, code: string): Promise<{ title: string; facts: { source: string; id: string }[]; brand: string | null }> {
      const res = await h.post('/api/v1/products/create', token, { codes: code, countries: ['it'] });
      assert.equal(res.statusCode, 202, res.body);
      const ids = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products.map((p) => p.id);
      await h.settled(await h.generationIdsOf(ids));
      const read = await h.get(`/api/v1/products/details/${code}`, token);
      assert.equal(read.statusCode, 200, read.body);
      return read.json<{ product: { title: string; brand: string | null; facts: { source: string; id: string }[] } }>().product;
    }

    test("two accounts' catalogues with the same EAN feed only their own products; a third account gets the shared catalogue's", async () => {
      const a = await h.account();
      const b = await h.account();
      const c = await h.account();
      const shared = await importCatalogue(h.container.db, new URL('shop-feed.csv', FIXTURES).pathname, { language: 'it' });
      assert.equal(shared.accountId, null);
      await h.container.db.query(`UPDATE catalogue_items SET code = $1 WHERE code = '8001234500016' AND account_id IS NULL`, [EAN]);
      const ownA = await imported(a.token, `ean,title,brand\n${EAN},Lampada Alfa,Alfaluce\n`, 'text/csv', '?language=it');
      const ownB = await imported(b.token, `{"gtin":"${EAN}","title":{"it":"Lampada Beta"},"brand":"Betalux"}\n`, 'application/x-ndjson');
      assert.equal(ownA.rows_imported, 1);
      assert.equal(ownB.rows_imported, 1);

      const productA = await createAndRead(a.token, EAN);
      const productB = await createAndRead(b.token, EAN);
      const productC = await createAndRead(c.token, EAN);
      assert.match(productA.title, /Lampada Alfa/);
      assert.doesNotMatch(productA.title, /Beta|Moka/);
      assert.match(productB.title, /Lampada Beta/);
      assert.doesNotMatch(productB.title, /Alfa|Moka/);
      assert.match(productC.title, /Moka Express/, "without a catalogue of its own, the shared catalogue's facts");
      assert.doesNotMatch(productC.title, /Lampada/);
    });

    test('the import record: counts, the first rejections with their lines, unused columns; GET shows it to its account only', async () => {
      const a = await h.account();
      const other = await h.account();
      const rows = [
        'ean;title;brand;price;allergens;notes',
        '2000000001012;Biscotti;Forno;3.20;glutine;',
        '12345;Bad code;X;1;;',
        '2000000001029;Ragged;row',
        '2000000001036;Crackers;Forno;2.10;;',
      ];
      const view = await imported(a.token, `${rows.join('\n')}\n`);
      assert.equal(view.state, 'completed');
      assert.equal(view.rows_read, 4);
      assert.equal(view.rows_imported, 2);
      assert.equal(view.rows_rejected, 2);
      assert.deepEqual(
        view.rejections.map((r) => r.line),
        [3, 4],
      );
      assert.match(view.rejections[0]?.reason ?? '', /invalid code/);
      assert.match(view.rejections[1]?.reason ?? '', /has 3 fields but the header has 6/);
      const unused = new Map(view.unused_columns.map((u) => [u.column, u.reason]));
      assert.match(unused.get('price') ?? '', /not product content/);
      assert.match(unused.get('allergens') ?? '', /only for food/);
      assert.match(unused.get('notes') ?? '', /empty in every row/);
      assert.equal(unused.has('title'), false);

      const read = await h.get(`/api/v1/catalogue/imports/${view.id}`, a.token);
      assert.equal(read.statusCode, 200);
      assert.deepEqual(catalogueImportResponseSchema.parse(read.json()).data, view);
      const foreign = await h.get(`/api/v1/catalogue/imports/${view.id}`, other.token);
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().code, 'import_not_found');
      assert.equal((await h.get('/api/v1/catalogue/imports/not-an-id', a.token)).json().code, 'import_not_found');
    });

    test('progress is recorded as batches commit while the body is still arriving', async () => {
      const a = await h.account();
      const header = 'ean,title\n';
      const row = (n: number) => `200${String(n).padStart(9, '0')}0,Item ${n}\n`;
      // More than the 64 KiB sniffed before reading starts, and several batches (of 200 or 500 rows).
      const req = httpRequest(`${base}/api/v1/catalogue/imports`, { method: 'POST', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'text/csv' } });
      const answered = answerOf(req);
      const good = (n: number) => {
        const body = `200${String(n).padStart(9, '0')}`;
        let sum = 0;
        for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
        return `${body}${(10 - (sum % 10)) % 10},Item ${n}\n`;
      };
      req.write(header + Array.from({ length: 3000 }, (_, i) => good(i + 1)).join(''));
      let running: ImportView | undefined;
      const deadline = Date.now() + 60_000;
      while (running === undefined && Date.now() < deadline) {
        const rows = await h.container.db.query<{ id: string }>('SELECT id FROM catalogue_imports WHERE account_id = $1 AND rows_imported > 0', [a.id]);
        const id = rows[0]?.id;
        if (id !== undefined) running = catalogueImportResponseSchema.parse((await h.get(`/api/v1/catalogue/imports/${id}`, a.token)).json()).data;
        else await new Promise((r) => setTimeout(r, 50));
      }
      const seen = defined(running, 'an import with a committed batch');
      assert.equal(seen.state, 'running');
      const batch = importBatchSize(h.container.db.dialect);
      assert.ok(seen.rows_imported > 0 && seen.rows_imported % batch === 0, `${seen.rows_imported} rows: whole batches of ${batch} only`);
      // A wrong check digit: read and rejected.
      req.end(row(9999));
      const done = await answered;
      assert.equal(done.status, 202, done.body);
      const finished = catalogueImportResponseSchema.parse(JSON.parse(done.body)).data;
      assert.equal(finished.id, seen.id);
      assert.equal(finished.state, 'completed');
      assert.equal(finished.rows_imported, 3000);
      assert.equal(finished.rows_rejected, 1);
    });

    test('malformed input gets a clear result and no crash: an archive renamed .csv, UTF-16 without a mark, a Latin-1 file labelled UTF-8, an unknown charset, a 10 MiB line', async () => {
      const a = await h.account();
      const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
      const refused = await upload(a.token, bomb);
      assert.equal(refused.statusCode, 415, refused.body);
      assert.match(refused.json().message, /gzip archive/);
      const record = catalogueImportResponseSchema.parse((await h.get(`/api/v1/catalogue/imports/${refused.json().import_id}`, a.token)).json()).data;
      assert.equal(record.state, 'failed');
      assert.match(record.failure ?? '', /gzip/);

      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 1)]);
      assert.match((await upload(a.token, zip)).json().message, /zip archive/);

      const utf16 = Buffer.from(`ean,title\n${EAN},Tazza\n`, 'utf16le');
      const notText = await upload(a.token, utf16);
      assert.equal(notText.statusCode, 415);
      assert.match(notText.json().message, /not text/);

      const latin1 = await imported(a.token, iconv.encode(`ean;titolo\n${EAN};Caffè però\n`, 'latin1'), 'text/csv; charset=utf-8', '?language=it');
      assert.equal(latin1.rows_imported, 1);
      assert.equal(latin1.encoding, 'windows-1252');
      const item = defined(await findCatalogueItem(h.container.db, 'catalogue', EAN, a.id), 'the Latin-1 row');
      assert.deepEqual(values(item.facts, 'name'), ['Caffè però']);

      const unknown = await upload(a.token, 'ean\n1\n', 'text/csv; charset=klingon');
      assert.equal(unknown.statusCode, 415);
      assert.match(unknown.json().message, /klingon/);

      const longLine = `ean,title\n2000000004013,${'x'.repeat(10 * 1024 * 1024)}\n2000000002019,After\n`;
      const long = await imported(a.token, longLine);
      assert.equal(long.state, 'completed');
      assert.equal(long.rows_imported, 1);
      // Measured to its line break, never held: one rejected row naming its cell, the rows after it read.
      assert.deepEqual(long.rejections, [{ line: 2, reason: 'cell "title" holds 10485760 bytes; at most 65536 are read (CATALOGUE_MAX_CELL_BYTES)' }]);

      const json = await upload(a.token, '{"ean": "1"}', 'application/json');
      assert.equal(json.statusCode, 415);
      assert.match(json.json().message, /text\/csv/);
    });

    test('a quote opened and never closed: 422 naming its line, the import failed, the rows before it imported, the rest of the body not read', async () => {
      const a = await h.account();
      const before = `ean,title\n${EAN},Tazza\n2000000002019,"Unclosed\n`;
      const res = await upload(a.token, `${before}${`${'a'.repeat(1_000_000)}\n`.repeat(6)}2000000003016,After\n`);
      assert.equal(res.statusCode, 422, res.body);
      const body = res.json<{ code: string; message: string; import_id: string }>();
      assert.equal(body.code, 'validation_failed');
      assert.match(body.message, /record starting on line 3 is longer than 4194304 bytes .*the rows before line 3 stay imported/);
      const record = catalogueImportResponseSchema.parse((await h.get(`/api/v1/catalogue/imports/${body.import_id}`, a.token)).json()).data;
      assert.equal(record.state, 'failed');
      assert.deepEqual([record.rows_imported, record.rows_rejected], [1, 1]);
      assert.equal(record.rejections[0]?.line, 3);
      assert.match(record.rejections[0]?.reason ?? '', /^import stopped: the record starting on line 3/);
      assert.ok(await findCatalogueItem(h.container.db, 'catalogue', EAN, a.id), 'the row before it');
      assert.equal(await findCatalogueItem(h.container.db, 'catalogue', '2000000003016', a.id), undefined);

      // Streamed without an end in sight: the answer comes once the record passes the limit, not at the body's end.
      const b = await h.account();
      const streamed = await streamUntilAnswered(b.token, Buffer.from(`${'b'.repeat(64 * 1024 - 1)}\n`), MAX_BYTES + 1, Buffer.from(before));
      assert.equal(streamed.status, 422, streamed.body);
      const stopped = catalogueImportResponseSchema.parse((await h.get(`/api/v1/catalogue/imports/${JSON.parse(streamed.body).import_id}`, b.token)).json()).data;
      assert.equal(stopped.state, 'failed');
      assert.equal(stopped.rows_imported, 1);
      assert.ok(stopped.bytes_read < MAX_BYTES / 2, `the body was not read past the record: ${stopped.bytes_read} bytes`);
    });

    test('over CATALOGUE_MAX_BYTES: 413 at once by Content-Length; a streamed body is stopped and its import marked failed', async () => {
      const a = await h.account();
      const big = Buffer.alloc(MAX_BYTES + 1, 'a');
      const byLength = await upload(a.token, big);
      assert.equal(byLength.statusCode, 413);
      assert.equal(byLength.json().code, 'payload_too_large');

      const line = `2000000004013,${'y'.repeat(1000)}\n`;
      const streamed = await streamUntilAnswered(a.token, Buffer.from(`ean,title\n${line.repeat(1024)}`), MAX_BYTES + 1);
      assert.equal(streamed.status, 413, streamed.body);
      const body = JSON.parse(streamed.body) as { code: string; import_id: string };
      assert.equal(body.code, 'payload_too_large');
      const record = catalogueImportResponseSchema.parse((await h.get(`/api/v1/catalogue/imports/${body.import_id}`, a.token)).json()).data;
      assert.equal(record.state, 'failed');
      assert.match(record.failure ?? '', /larger than/);
    });

    for (const [file, contentType, rowsImported, code, check] of [
      [
        'shopify-export.csv',
        'text/csv',
        3,
        '2000000001029',
        (facts: Fact[]) => {
          assert.deepEqual(values(facts, 'name'), ['Organic Cotton Tee']);
          assert.deepEqual(values(facts, 'brand'), ['Verde Studio']);
          assert.match(values(facts, 'description')[0] ?? '', /organic cotton/);
          assert.deepEqual(values(facts, 'image'), ['https://cdn.shopify.example/tee-sage.jpg', 'https://cdn.shopify.example/tee-back.jpg']);
          assert.deepEqual(values(facts, 'attribute', 'size'), ['L']);
          assert.deepEqual(values(facts, 'attribute', 'colour'), ['Sage']);
          assert.ok(values(facts, 'category').includes('T-Shirt'));
        },
      ],
      [
        'gmc-feed.tsv',
        'text/tab-separated-values',
        2,
        '2000000002019',
        (facts: Fact[]) => {
          assert.deepEqual(values(facts, 'name'), ['Trail Running Shoe']);
          assert.deepEqual(values(facts, 'brand'), ['Peakline']);
          assert.deepEqual(values(facts, 'image'), ['https://shop.example/img/trail.jpg', 'https://shop.example/img/trail-2.jpg', 'https://shop.example/img/trail-3.jpg']);
          assert.deepEqual(values(facts, 'attribute', 'size'), ['42']);
          assert.deepEqual(values(facts, 'attribute', 'mpn'), ['PL-TR-42']);
          assert.deepEqual(values(facts, 'attribute', 'material'), ['Mesh']);
          assert.ok(values(facts, 'category').includes('Running'));
        },
      ],
      [
        'amazon-flat.txt',
        'text/csv',
        2,
        '2000000003016',
        (facts: Fact[]) => {
          assert.deepEqual(values(facts, 'name'), ['Kuchenwerk Frying Pan 28 cm']);
          assert.deepEqual(values(facts, 'brand'), ['Kuchenwerk']);
          assert.deepEqual(values(facts, 'image'), ['https://images.example/pan.jpg', 'https://images.example/pan-2.jpg']);
          assert.equal(values(facts, 'attribute', 'feature').length, 5);
          assert.deepEqual(values(facts, 'attribute', 'colour'), ['Black']);
          assert.deepEqual(values(facts, 'attribute', 'size'), ['28 cm']);
          assert.deepEqual(values(facts, 'quantity'), [], 'the stock column is not a net quantity');
        },
      ],
    ] as const) {
      test(`${file} imports without renaming a column`, async () => {
        const a = await h.account();
        const view = await imported(a.token, await readFile(new URL(file, FIXTURES)), contentType);
        assert.equal(view.rows_rejected, 0, JSON.stringify(view.rejections));
        assert.equal(view.rows_imported, rowsImported);
        const unused = view.unused_columns.map((u) => u.column);
        assert.ok(unused.length > 0 && unused.every((c) => !/title|name|brand|vendor|image|description|body/i.test(c) || /seo|alt|position/i.test(c)), JSON.stringify(unused));
        check(defined(await findCatalogueItem(h.container.db, 'catalogue', code, a.id), code).facts);
        assert.equal(await findCatalogueItem(h.container.db, 'catalogue', code, null), undefined, "an account's upload stays out of the shared catalogue");
      });
    }
  });
}
