import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { migrate } from '../../src/db/migrate.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { importAifa } from '../../src/sources/aifa/import-aifa.ts';
import { createCatalogueSource } from '../../src/sources/catalogue-source.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets, type TestDatabase } from '../helpers/databases.ts';

const SAMPLE = fileURLToPath(new URL('../fixtures/aifa/confezioni-sample.csv', import.meta.url));
const SAMPLE_LATIN1 = fileURLToPath(new URL('../fixtures/aifa/confezioni-sample-latin1.csv', import.meta.url));

function valuesOf(facts: readonly Fact[], key: string): string[] {
  const [factKey, attribute] = key.split('.', 2);
  return facts.filter((f) => f.key === factKey && (attribute === undefined || f.attribute === attribute)).map((f) => f.value);
}

for (const target of databaseTargets()) {
  describe(`AIFA import [${target.name}]`, () => {
    let database: TestDatabase;
    let dir: string;
    before(async () => {
      database = await target.open();
      await migrate(database.db);
      dir = await mkdtemp(join(tmpdir(), 'vetrina-aifa-'));
    });
    after(async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    });

    test("AIFA's supply list (semicolons, upper-case header) imports every pack under its AIC", async () => {
      const summary = await importAifa(database.db, SAMPLE);
      assert.equal(summary.source, 'aifa');
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed], [19, 19, 0], JSON.stringify(summary.errors));

      const aifa = createCatalogueSource(database.db, 'aifa');
      // The printed label form "A" + AIC finds the same pack.
      const facts = defined(await aifa.lookup({ code: 'A012745093', codeType: 'minsan' }), 'Tachipirina');
      assert.deepEqual(valuesOf(facts, 'name'), ['TACHIPIRINA']);
      assert.deepEqual(valuesOf(facts, 'kind'), ['medicine']);
      assert.deepEqual(valuesOf(facts, 'quantity'), ['20 compresse da 500 mg']);
      assert.deepEqual(valuesOf(facts, 'brand'), ['AZIENDE CHIMICHE RIUNITE ANGELINI FRANCESCO - A.C.R.A.F. S.P.A.']);
      assert.deepEqual(valuesOf(facts, 'attribute.atc_code'), ['N02BE01']);
      assert.deepEqual(valuesOf(facts, 'attribute.active_ingredient'), ['PARACETAMOLO']);
      assert.deepEqual(valuesOf(facts, 'attribute.supply_regime'), ['SOP']);
      assert.deepEqual(valuesOf(facts, 'attribute.pack_description'), ['500 MG COMPRESSE 20 COMPRESSE']);
      for (const fact of facts) {
        assert.equal(fact.licence, 'CC-BY-4.0');
        assert.equal(fact.url, 'https://api.aifa.gov.it/aifa-bdf-eif-be/1.0.0/organizzazione/2154/farmaci/012745/stampati?ts=FI');
      }
      assert.deepEqual(valuesOf(defined(await aifa.lookup({ code: '000590051', codeType: 'minsan' }), 'Rinazina'), 'quantity'), ['15 ml']);
      assert.equal(await aifa.lookup({ code: '012745168', codeType: 'minsan' }), null, 'a valid AIC that is not in the list');
      assert.equal(await createCatalogueSource(database.db, 'catalogue').lookup({ code: '012745093', codeType: 'minsan' }), null);
    });

    test('the older Latin-1 edition (lower-case header, `link`) updates the packs it lists, accents intact', async () => {
      const summary = await importAifa(database.db, SAMPLE_LATIN1);
      assert.equal(summary.encoding, 'windows-1252');
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed], [5, 5, 0], JSON.stringify(summary.errors));
      const facts = defined(await createCatalogueSource(database.db, 'aifa').lookup({ code: '027837020', codeType: 'minsan' }), 'Collirio Alfa');
      assert.deepEqual(valuesOf(facts, 'brand'), ['THÉA FARMA S.P.A.']);
      assert.deepEqual(valuesOf(facts, 'attribute.pharmaceutical_form'), ['Collirio, soluzione']);
      assert.deepEqual(valuesOf(facts, 'quantity'), ['10 contenitori monodose']);
      assert.ok(
        facts.every((f) => f.url === undefined),
        'an empty link gives no url',
      );
    });

    test('rows whose AIC fails the check are reported with their line; the others import', async () => {
      const [header, firstRow] = (await readFile(SAMPLE, 'utf8')).split('\r\n');
      const row = defined(firstRow, 'a sample row');
      const withCode = (code: string) => [code, ...row.split(';').slice(1)].join(';');
      const path = join(dir, 'confezioni.csv');
      await writeFile(path, [header, withCode('012745093'), withCode('012745094'), withCode(''), withCode('8001090972507'), withCode('12745093'), ''].join('\n'));
      const summary = await importAifa(database.db, path);
      assert.deepEqual([summary.rowsRead, summary.rowsImported, summary.rowsFailed], [5, 2, 3]);
      assert.deepEqual(
        summary.errors.map((e) => e.line),
        [3, 4, 5],
      );
      assert.match(summary.errors[0]?.reason ?? '', /^invalid code: .*check digit/);
      assert.equal(summary.errors[1]?.reason, 'empty code');
      assert.match(summary.errors[2]?.reason ?? '', /not a 9-digit AIC/);
    });
  });
}
