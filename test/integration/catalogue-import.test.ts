import assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import iconv from 'iconv-lite';
import { findCatalogueItem } from '../../src/db/catalogue.ts';
import { findCatalogueImport } from '../../src/db/catalogue-imports.ts';
import { migrate } from '../../src/db/migrate.ts';
import { gs1CheckDigit } from '../../src/domain/codes.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { createCatalogueSource } from '../../src/sources/catalogue-source.ts';
import { importCatalogue } from '../../src/sources/catalogue/import-catalogue.ts';
import type { ImportProgress } from '../../src/sources/catalogue/import-file.ts';
import { MAX_LINE_CHARS } from '../../src/sources/catalogue/cap-lines.ts';
import { InputStoppedError } from '../../src/sources/catalogue/input-row.ts';
import { InputReadError } from '../../src/sources/catalogue/open-input.ts';
import { MAX_RECORD_BYTES } from '../../src/sources/catalogue/read-csv.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';

/** A valid EAN-13 in the in-store range (prefix 200), one per n. */
function ean(n: number): string {
  const body = `200${String(n).padStart(9, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

function valuesOf(facts: readonly Fact[], key: string): string[] {
  const [factKey, attribute] = key.split('.', 2);
  return facts.filter((f) => f.key === factKey && (attribute === undefined || f.attribute === attribute)).map((f) => f.value);
}

for (const target of databaseTargets()) {
  describe(`catalogue import [${target.name}]`, () => {
    let database: TestDatabase;
    let dir: string;
    let fileSeq = 0;
    before(async () => {
      database = await target.open();
      await migrate(database.db);
      dir = await mkdtemp(join(tmpdir(), 'vetrina-catalogue-'));
    });
    after(async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    });

    async function file(name: string, content: string | Uint8Array): Promise<string> {
      fileSeq += 1;
      const path = join(dir, `${fileSeq}-${name}`);
      await writeFile(path, content);
      return path;
    }

    async function storedFacts(code: string): Promise<Fact[]> {
      return defined(await findCatalogueItem(database.db, 'catalogue', code), `catalogue item ${code}`).facts;
    }

    test('a comma-separated file: every row is stored under its normalised code, and the run is recorded', async () => {
      const path = await file(
        'feed.csv',
        'ean,title,brand,category,images\n' +
          '8001090972507,Dash Detersivo Liquido,Dash,Casa > Bucato,https://cdn.example.com/dash.jpg|https://cdn.example.com/dash-2.jpg\n' +
          '"8001090-123602","Fairy Platinum, Limone",Fairy,Casa > Piatti,\n',
      );
      const summary = await importCatalogue(database.db, path, { language: 'it' });
      assert.equal(summary.format, 'csv');
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed, summary.errors], [2, 2, 0, []]);

      const dash = await storedFacts('8001090972507');
      assert.deepEqual(valuesOf(dash, 'name'), ['Dash Detersivo Liquido']);
      assert.deepEqual(valuesOf(dash, 'image'), ['https://cdn.example.com/dash.jpg', 'https://cdn.example.com/dash-2.jpg']);
      assert.equal(dash.find((f) => f.key === 'name')?.language, 'it');
      assert.deepEqual(valuesOf(await storedFacts('8001090123602'), 'name'), ['Fairy Platinum, Limone'], 'a quoted cell keeps its comma');

      const run = defined(await findCatalogueImport(database.db, summary.importId), 'import record');
      assert.equal(run.source, 'catalogue');
      assert.equal(run.rows_imported, 2);
      assert.ok(run.finished_at !== null);
    });

    test('a semicolon-separated Latin-1 file keeps its accented letters', async () => {
      const text = 'EAN;Nome;Descrizione;Marca;Colore\n8001090033307;Caffè macinato;Tostatura media, perché è più dolce;Caffè Rossi;marrone\n';
      const path = await file('latin1.csv', iconv.encode(text, 'latin1'));
      const summary = await importCatalogue(database.db, path, { language: 'it' });
      assert.equal(summary.rowsImported, 1, JSON.stringify(summary.errors));
      assert.equal(summary.encoding, 'windows-1252');
      const facts = await storedFacts('8001090033307');
      assert.deepEqual(valuesOf(facts, 'name'), ['Caffè macinato']);
      assert.deepEqual(valuesOf(facts, 'description'), ['Tostatura media, perché è più dolce']);
      assert.deepEqual(valuesOf(facts, 'brand'), ['Caffè Rossi']);
      assert.deepEqual(valuesOf(facts, 'attribute.colour'), ['marrone']);
    });

    test('a UTF-8 file with a byte-order mark: the first column is still found by name', async () => {
      const path = await file('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ean\ttitle_de\tMarke\n4005808158102\tNivea Creme Dose\tNIVEA\n')]));
      const summary = await importCatalogue(database.db, path);
      assert.deepEqual([summary.rowsImported, summary.rowsFailed], [1, 0], JSON.stringify(summary.errors));
      const facts = await storedFacts('4005808158102');
      assert.deepEqual(
        facts.filter((f) => f.key === 'name').map((f) => [f.value, f.language]),
        [['Nivea Creme Dose', 'de']],
      );
    });

    test('JSON Lines: one object per line; other lines are reported with their line numbers', async () => {
      const lines = [
        JSON.stringify({
          asin: 'B0CHX1W1XY',
          title: { en: 'USB-C cable 2 m', it: 'Cavo USB-C 2 m' },
          images: ['https://cdn.example.com/cable.jpg'],
          kind: 'electronics',
          length: 2,
        }),
        '',
        '["not", "an", "object"]',
        '{"asin": "B0CHX1W1XZ", "title": ',
        JSON.stringify({ ean: '5099206027299', name: 'Logitech M185', colour: 'Grey' }),
      ];
      const path = await file('feed.jsonl', `${lines.join('\n')}\n`);
      const summary = await importCatalogue(database.db, path, { language: 'en' });
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed], [4, 2, 2]);
      assert.deepEqual(
        summary.errors.map((e) => e.line),
        [3, 4],
      );
      assert.match(summary.errors[0]?.reason ?? '', /not a JSON object/);
      assert.match(summary.errors[1]?.reason ?? '', /unparseable/);

      const cable = await storedFacts('B0CHX1W1XY');
      assert.deepEqual(
        cable.filter((f) => f.key === 'name').map((f) => [f.language, f.value]),
        [
          ['en', 'USB-C cable 2 m'],
          ['it', 'Cavo USB-C 2 m'],
        ],
      );
      assert.deepEqual(valuesOf(cable, 'kind'), ['electronics']);
      assert.deepEqual(valuesOf(cable, 'attribute.length'), ['2']);
      assert.deepEqual(valuesOf(await storedFacts('5099206027299'), 'attribute.colour'), ['Grey']);
    });

    test('bad rows are reported with their line and reason while the good rows import', async () => {
      const path = await file(
        'bad-rows.csv',
        [
          'ean;title;brand', // line 1
          '5000394019522;Duracell Plus AA;Duracell', // 2: good
          '5000394019523;Duracell Wrong;Duracell', // 3: bad check digit
          ';No code at all;Nobody', // 4: empty code
          '', // 5: blank, skipped
          '8718699678180;Philips LED;Philips;extra', // 6: ragged
          '"8806090145636";"Galaxy Buds2 Pro', // 7–8: a quoted title over two lines
          'True Wireless";Samsung',
          '4548736379176;Sony WH-CH520;Sony', // 9: good
        ].join('\n'),
      );
      const summary = await importCatalogue(database.db, path);
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed], [6, 3, 3]);
      assert.deepEqual(
        summary.errors.map((e) => [e.line, e.reason.split(':')[0]]),
        [
          [3, 'invalid code'],
          [4, 'empty code'],
          [6, 'has 4 fields but the header has 3'],
        ],
      );
      assert.match(summary.errors[0]?.reason ?? '', /check digit; expected 2/);
      assert.deepEqual(valuesOf(await storedFacts('8806090145636'), 'name'), ['Galaxy Buds2 Pro\nTrue Wireless']);
      assert.equal(await findCatalogueItem(database.db, 'catalogue', '5000394019523'), undefined);

      const run = defined(await findCatalogueImport(database.db, summary.importId), 'import record');
      assert.equal(run.rows_failed, 3);
      assert.deepEqual(run.errors, summary.errors);
    });

    test('a quote opened and never closed early in a large file: the rows before it are imported, the import stops at its line, the rest is not read', async () => {
      const path = join(dir, 'unclosed-quote.csv');
      const out = createWriteStream(path);
      // Line 4 opens a quote that nothing closes: every line after it would belong to its cell.
      out.write(`ean,title\n${ean(1)},Before one\n${ean(2)},Before two\n${ean(3)},"Unclosed\n`);
      const filler = `${'a'.repeat(1_000_000)}\n`;
      for (let n = 0; n < 30; n += 1) {
        if (!out.write(filler)) await once(out, 'drain');
      }
      out.end(`${ean(4)},After\n`);
      await once(out, 'finish');
      const size = (await stat(path)).size;

      await assert.rejects(importCatalogue(database.db, path), (err: unknown) => {
        assert.ok(err instanceof InputStoppedError, String(err));
        assert.equal(err.line, 4);
        assert.match(err.message, new RegExp(`record starting on line 4 is longer than ${MAX_RECORD_BYTES} bytes.*not read past it`));
        return true;
      });

      const [latest] = await database.db.query<{ id: string }>('SELECT id FROM catalogue_imports WHERE file_name = $1 ORDER BY started_at DESC LIMIT 1', ['unclosed-quote.csv']);
      const run = defined(await findCatalogueImport(database.db, defined(latest, 'the import').id), 'import record');
      assert.equal(run.state, 'failed');
      assert.deepEqual([run.rows_imported, run.rows_failed], [2, 1]);
      assert.deepEqual(
        run.errors.map((e) => e.line),
        [4],
      );
      assert.match(run.errors[0]?.reason ?? '', /^import stopped: the record starting on line 4 is longer than/);
      assert.match(run.failure ?? '', /line 4/);
      assert.ok(Number(run.bytes_read) < size / 3, `reading stopped near the record's limit: ${run.bytes_read} of ${size} bytes read`);

      assert.deepEqual(valuesOf(await storedFacts(ean(2)), 'name'), ['Before two']);
      assert.equal(await findCatalogueItem(database.db, 'catalogue', ean(3)), undefined);
      assert.equal(await findCatalogueItem(database.db, 'catalogue', ean(4)), undefined, 'nothing after the record is guessed at');
    });

    test('with the cell and row limits raised, quoted cells over several lines import, however long; so does a line under the cap of three-byte characters', async () => {
      // Three lines of 700,000 characters: 2.1 MB in one cell, more than a line may hold, less than a record.
      const long = Array.from({ length: 3 }, (_, i) => String(i).repeat(700_000)).join('\n');
      const euros = '€'.repeat(MAX_LINE_CHARS - 100);
      const path = await file(
        'multi-line.csv',
        [
          'ean;title;description', // line 1
          `${ean(11)};"Kettle";"Boils water.`, // 2–3
          'Quickly."',
          '',
          `${ean(12)};"Long";"${long}"`, // 5–7
          `${ean(13)};Euros;${euros}`, // 8: about 3 MB of UTF-8
          `${ean(14)};After;Last`, // 9
          `${ean(15)};Bad code`, // 10: ragged, reported at its own line
        ].join('\n'),
      );
      const summary = await importCatalogue(database.db, path, { limits: { maxColumns: 2000, maxCellBytes: 4 * 1024 * 1024, maxRowBytes: 4 * 1024 * 1024 } });
      assert.deepEqual([summary.rowsImported, summary.rowsFailed], [4, 1]);
      assert.deepEqual(
        summary.errors.map((e) => [e.line, e.reason]),
        [[10, 'has 2 fields but the header has 3']],
      );
      assert.deepEqual(valuesOf(await storedFacts(ean(11)), 'description'), ['Boils water.\nQuickly.']);
      assert.equal(valuesOf(await storedFacts(ean(12)), 'description')[0]?.length, long.length);
      assert.equal(valuesOf(await storedFacts(ean(13)), 'description')[0]?.length, euros.length);
      assert.deepEqual(valuesOf(await storedFacts(ean(14)), 'name'), ['After']);
    });

    test('a file with CRLF line ends and a quoted cell over two lines: a later bad row is reported at its own line', async () => {
      const path = await file('crlf.csv', `ean,title,description\r\n${ean(31)},Kettle,"Boils water.\r\nQuickly."\r\n${ean(32)},Ragged\r\n${ean(33)},Last,Fine\r\n`);
      const summary = await importCatalogue(database.db, path);
      assert.deepEqual([summary.rowsImported, summary.rowsFailed], [2, 1]);
      assert.deepEqual(
        summary.errors.map((e) => [e.line, e.reason]),
        [[4, 'has 2 fields but the header has 3']],
      );
      assert.deepEqual(valuesOf(await storedFacts(ean(31)), 'description'), ['Boils water.\nQuickly.']);
      assert.deepEqual(valuesOf(await storedFacts(ean(33)), 'name'), ['Last']);
    });

    test('a quote left open near the end of a small file: the rows before it import, the rest is one rejected row at the line it starts on', async () => {
      const path = await file('open-quote.csv', `ean,title\n${ean(21)},First\n\n${ean(22)},"Open\n${ean(23)},Swallowed\n`);
      const summary = await importCatalogue(database.db, path);
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed], [2, 1, 1]);
      assert.equal(summary.errors[0]?.line, 4);
      assert.match(summary.errors[0]?.reason ?? '', /^unparseable: Quote Not Closed/);
      assert.deepEqual(valuesOf(await storedFacts(ean(21)), 'name'), ['First']);
      assert.equal(await findCatalogueItem(database.db, 'catalogue', ean(23)), undefined);
    });

    test('a JSON line whose parse error quotes half a character is a rejected row, stored and readable, and the rows after it import', async () => {
      // V8's message for a line opening with U+10000 quotes its first UTF-16 unit alone: a lone surrogate jsonb refuses.
      const lines = ['\u{10000}', '{"ean": "\\u0000"}', JSON.stringify({ ean: ean(41), title: 'After' })];
      const path = await file('astral.jsonl', `${lines.join('\n')}\n`);
      const summary = await importCatalogue(database.db, path);
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed], [3, 1, 2]);
      const stored = await findCatalogueImport(database.db, summary.importId);
      assert.equal(stored?.state, 'completed');
      const reasons = stored?.errors ?? [];
      assert.deepEqual(
        reasons.map((e) => e.line),
        [1, 2],
      );
      assert.match(reasons[0]?.reason ?? '', /^unparseable: Unexpected token '\uFFFD'/);
      assert.deepEqual(valuesOf(await storedFacts(ean(41)), 'name'), ['After']);
    });

    test('a file without a code column fails every row, saying so', async () => {
      const path = await file('no-code.csv', 'title,brand\nSomething,Someone\nElse,Other\n');
      const summary = await importCatalogue(database.db, path);
      assert.deepEqual([summary.rowsImported, summary.rowsFailed], [0, 2]);
      assert.match(summary.errors[0]?.reason ?? '', /^no code column/);
    });

    test('re-importing updates a code; within one file the later row wins', async () => {
      const first = await importCatalogue(database.db, await file('v1.csv', 'ean,title\n3600523187041,Elvive Shampoo\n'));
      const second = await importCatalogue(
        database.db,
        await file('v2.csv', 'ean,title,size\n3600523187041,Elvive Color-Vive Shampoo,250 ml\n3600523187041,Elvive Color-Vive Shampoo,285 ml\n'),
      );
      assert.equal(second.rowsImported, 2);
      const item = defined(await findCatalogueItem(database.db, 'catalogue', '3600523187041'), 'item');
      assert.equal(item.import_id, second.importId);
      assert.notEqual(item.import_id, first.importId);
      assert.deepEqual(valuesOf(item.facts, 'name'), ['Elvive Color-Vive Shampoo']);
      assert.deepEqual(valuesOf(item.facts, 'quantity'), ['285 ml']);
      assert.deepEqual(item.raw, { ean: '3600523187041', title: 'Elvive Color-Vive Shampoo', size: '285 ml' });
    });

    test('20,000 rows stream in batches with progress reported along the way', async () => {
      const path = join(dir, 'large.csv');
      const out = createWriteStream(path);
      out.write('ean;title;brand;category\n');
      for (let n = 0; n < 20_000; n += 1) {
        if (!out.write(`${ean(n)};Prodotto ${n};Marca ${n % 50};Casa > Reparto ${n % 7}\n`)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'finish');

      const seen: ImportProgress[] = [];
      const summary = await importCatalogue(database.db, path, { onProgress: (p) => seen.push(p) });
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed], [20_000, 20_000, 0]);
      assert.ok(seen.length >= 20, `progress reported at least every 1,000 rows; got ${seen.length} reports`);
      for (let i = 1; i < seen.length; i += 1) {
        const [prev, cur] = [defined(seen[i - 1]), defined(seen[i])];
        assert.ok(cur.rowsRead >= prev.rowsRead && cur.bytesRead >= prev.bytesRead && cur.rowsImported >= prev.rowsImported, 'progress only moves forward');
      }
      const last = defined(seen.at(-1), 'last report');
      assert.equal(last.bytesRead, last.bytesTotal, 'the last report has read the whole file');
      assert.ok(
        seen.some((p) => p.rowsImported > 0 && p.rowsImported < 20_000),
        'rows are written while the file is still being read',
      );

      const rows = await database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM catalogue_items WHERE source = 'catalogue' AND code LIKE '200%'");
      assert.equal(rows[0]?.n, 20_000);
      assert.deepEqual(valuesOf(await storedFacts(ean(19_999)), 'name'), ['Prodotto 19999']);
    });

    test('a file that cannot be read fails before anything is recorded', async () => {
      const before = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogue_imports');
      await assert.rejects(importCatalogue(database.db, join(dir, 'missing.csv')), InputReadError);
      await assert.rejects(importCatalogue(database.db, dir, { format: 'csv' }), InputReadError);
      const afterRows = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM catalogue_imports');
      assert.equal(afterRows[0]?.n, before[0]?.n);
    });

    test('the catalogue source returns the stored facts for an imported code and null for an unknown one', async () => {
      await importCatalogue(database.db, await file('source.csv', 'gtin,name,brand\n8002340009714,Scottex Carta Cucina,Scottex\n'));
      const source = createCatalogueSource(database.db, 'catalogue');
      assert.equal(source.name, 'catalogue');
      assert.equal(source.cached, false);
      const facts = defined(await source.lookup({ code: '8002340-009714', codeType: 'ean' }), 'facts');
      assert.deepEqual(valuesOf(facts, 'brand'), ['Scottex']);
      assert.ok(facts.every((f) => f.source === 'catalogue'));
      assert.equal(await source.lookup({ code: '8002340009721', codeType: 'ean' }), null);
      assert.equal(await createCatalogueSource(database.db, 'aifa').lookup({ code: '8002340009714', codeType: 'ean' }), null, 'sources do not see each other');
      assert.deepEqual(createCatalogueSource(database.db, 'aifa').codeTypes, ['minsan']);
    });
  });
}
