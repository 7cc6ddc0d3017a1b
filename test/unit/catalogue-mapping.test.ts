import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import iconv from 'iconv-lite';
import { aifaRowCode } from '../../src/sources/aifa/aifa-record.ts';
import { packQuantity } from '../../src/sources/aifa/pack-quantity.ts';
import { catalogueRecordToFacts, catalogueRowCode } from '../../src/sources/catalogue/catalogue-record.ts';
import { classifyColumn } from '../../src/sources/catalogue/columns.ts';
import { chooseFormat, InputFormatError } from '../../src/sources/catalogue/input-format.ts';
import { sniffDelimiter } from '../../src/sources/catalogue/sniff-delimiter.ts';
import { sniffEncoding } from '../../src/sources/catalogue/sniff-encoding.ts';

const AT = '2026-11-01T10:00:00.000Z';

describe('catalogue columns', () => {
  test('well-known names and their synonyms, whatever the case, accents and spacing', () => {
    for (const header of ['EAN', 'gtin', 'Barcode', 'codice', 'AIC', 'minsan', 'ASIN', 'upc']) assert.deepEqual(classifyColumn(header, null), { kind: 'code' }, header);
    for (const header of ['Title', 'product_name', 'Nome', 'TITOLO', 'Product Name'])
      assert.deepEqual(classifyColumn(header, null), { kind: 'fact', key: 'name', language: null }, header);
    for (const header of ['Marca', 'Marke', 'marque', 'brand']) assert.deepEqual(classifyColumn(header, 'it'), { kind: 'fact', key: 'brand', language: null }, header);
    assert.deepEqual(classifyColumn('Quantità', 'it'), { kind: 'fact', key: 'quantity', language: 'it' });
    assert.deepEqual(classifyColumn('Colore', 'it'), { kind: 'attribute', name: 'colour', language: 'it' });
    assert.deepEqual(classifyColumn('Battery Size (mAh)', null), { kind: 'attribute', name: 'battery_size_mah', language: null });
  });

  test('a language suffix tags text columns only', () => {
    assert.deepEqual(classifyColumn('title_it', 'en'), { kind: 'fact', key: 'name', language: 'it' });
    assert.deepEqual(classifyColumn('description_de', null), { kind: 'fact', key: 'description', language: 'de' });
    assert.deepEqual(classifyColumn('name:fr', null), { kind: 'fact', key: 'name', language: 'fr' });
    assert.deepEqual(classifyColumn('Titel (DE)', null), { kind: 'fact', key: 'name', language: 'de' });
    // `id` is Indonesian, but an image column is not text: this is an attribute, not an image in Indonesian.
    assert.deepEqual(classifyColumn('image_id', null), { kind: 'attribute', name: 'image_id', language: null });
    assert.deepEqual(classifyColumn('size_xl', null), { kind: 'attribute', name: 'size_xl', language: null });
  });

  test('a row becomes facts: images split and filtered to http(s), categories split, empty cells skipped', () => {
    const facts = catalogueRecordToFacts(
      {
        ean: '8001090972507',
        title: 'Dash Classico',
        images: 'https://a.example/1.jpg, ftp://a.example/2.jpg | http://a.example/3.jpg javascript:alert(1)',
        category: 'Casa > Bucato',
        brand: '',
        kind: 'Household',
        'Peso netto': '1,25 kg',
        link: 'https://shop.example/dash',
      },
      { code: '8001090972507', fetchedAt: AT, language: 'it' },
    );
    const pick = (key: string) => facts.filter((f) => f.key === key).map((f) => f.value);
    assert.deepEqual(pick('image'), ['https://a.example/1.jpg', 'http://a.example/3.jpg']);
    assert.deepEqual(pick('category'), ['Casa', 'Bucato']);
    assert.deepEqual(pick('brand'), []);
    assert.deepEqual(pick('kind'), ['household']);
    assert.deepEqual(pick('quantity'), ['1,25 kg']);
    assert.ok(facts.every((f) => f.url === 'https://shop.example/dash' && f.source === 'catalogue' && f.licence === null));
    assert.deepEqual(facts.map((f) => f.id).slice(0, 4), ['catalogue:name:it', 'catalogue:image', 'catalogue:image#1', 'catalogue:category:it']);
  });

  test("the row's other identifiers become facts: an ASIN column beside the EAN, a second barcode in a JSON line's list; the row's own code does not", () => {
    const facts = catalogueRecordToFacts(
      { ean: ['8001090972507', '4006381333931'], asin: 'B000000001', upc: 'not a code', title: 'Dash' },
      { code: '8001090972507', fetchedAt: AT },
    );
    const identifiers = facts.filter((f) => f.attribute === 'gtin' || f.attribute === 'asin').map((f) => [f.attribute, f.value]);
    assert.deepEqual(identifiers, [
      ['gtin', '4006381333931'],
      ['asin', 'B000000001'],
    ]);
  });

  test('the row code: first non-empty code column, checked; bad rows say why', () => {
    assert.deepEqual(catalogueRowCode({ ean: '', asin: 'B000000001', title: 'x' }), { ok: true, code: 'B000000001', codeType: 'asin' });
    assert.deepEqual(catalogueRowCode({ EAN: ' 8001090-972507 ' }), { ok: true, code: '8001090972507', codeType: 'ean' });
    assert.match(reason(catalogueRowCode({ ean: '8001090972508' })), /^invalid code: .*check digit; expected 7/);
    assert.equal(reason(catalogueRowCode({ ean: '  ' })), 'empty code');
    assert.match(reason(catalogueRowCode({ title: 'no code here' })), /^no code column/);
  });
});

function reason(result: { ok: true } | { ok: false; reason: string }): string {
  assert.equal(result.ok, false);
  return result.ok ? '' : result.reason;
}

describe('input sniffing', () => {
  test('the delimiter is the separator that occurs most often in the header, outside quotes', () => {
    assert.equal(sniffDelimiter('code,name,brand'), ',');
    assert.equal(sniffDelimiter('CODICE_AIC;DENOMINAZIONE;"RAGIONE, SOCIALE"'), ';');
    assert.equal(sniffDelimiter('code\tname\tbrand'), '\t');
    assert.equal(sniffDelimiter('code|name|"a;b"'), '|');
    assert.equal(sniffDelimiter('code'), ',');
  });

  test('the encoding: byte-order marks, valid UTF-8, else Windows-1252 for Latin text', () => {
    assert.equal(sniffEncoding(Buffer.from('\uFEFFcode,name\n', 'utf8')), 'utf-8');
    assert.equal(sniffEncoding(Buffer.from([0xff, 0xfe, 0x63, 0x00])), 'utf-16le');
    assert.equal(sniffEncoding(Buffer.from('code,name\n1,Caffè\n', 'utf8')), 'utf-8');
    assert.equal(sniffEncoding(iconv.encode('code,name\n1,Caffè\n', 'latin1')), 'windows-1252');
    assert.equal(sniffEncoding(iconv.encode('code;nome;descrizione\n1;Caffè;Qualità, perché è buono\n', 'latin1')), 'windows-1252');
  });

  test('the format comes from --format, else the extension', () => {
    assert.deepEqual(chooseFormat('feed.CSV', undefined), { format: 'csv', delimiter: null });
    assert.deepEqual(chooseFormat('feed.tsv', undefined), { format: 'csv', delimiter: '\t' });
    assert.deepEqual(chooseFormat('feed.ndjson', undefined), { format: 'jsonl', delimiter: null });
    assert.deepEqual(chooseFormat('feed.txt', 'jsonl'), { format: 'jsonl', delimiter: null });
    assert.throws(() => chooseFormat('feed.txt', undefined), InputFormatError);
  });
});

describe('AIFA rows', () => {
  test('the pack quantity: count with strength, else container content, else strength, else as written', () => {
    const cases: [string, string][] = [
      ['500 MG COMPRESSE 20 COMPRESSE', '20 compresse da 500 mg'],
      ['1 G GRANULATO- 10 BUSTINE GUSTO ARANCIA', '10 bustine da 1 g'],
      ['100 MG/100 ML SPRAY NASALE, SOLUZIONE FLACONE 15 ML', '15 ml'],
      ['0,8% SCIROPPO 1 FLACONE DA 150 ML', '150 ml'],
      ['MENTA-POLVERE EFF. FLAC.115 G', '115 g'],
      ['0,8 MG/ML + 1 MG/ML COLLIRIO, SOLUZIONE 10 CONTENITORI MONODOSE 0,3 ML', '10 contenitori monodose'],
      ['1000 UI/ML GOCCE ORALI', '1000 ui/ml'],
      ['POMATA', 'POMATA'],
    ];
    for (const [description, quantity] of cases) assert.equal(packQuantity(description), quantity, description);
  });

  test('the AIC is a checked MINSAN; leading zeros a spreadsheet dropped are restored', () => {
    assert.deepEqual(aifaRowCode({ CODICE_AIC: '012745093' }), { ok: true, code: '012745093', codeType: 'minsan' });
    assert.deepEqual(aifaRowCode({ 'Codice AIC': '12745093' }), { ok: true, code: '012745093', codeType: 'minsan' });
    assert.match(reason(aifaRowCode({ codice_aic: '012745094' })), /check digit; expected 3 \(MINSAN\)/);
    assert.match(reason(aifaRowCode({ codice_aic: '8001090972507' })), /not a 9-digit AIC/);
    assert.equal(reason(aifaRowCode({ codice_aic: '' })), 'empty code');
    assert.match(reason(aifaRowCode({ denominazione: 'TACHIPIRINA' })), /no AIC column/);
  });
});
