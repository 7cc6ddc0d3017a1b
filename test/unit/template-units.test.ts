import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalNumber, formatNumber, formatQuantity, normaliseQuantitiesInText, normaliseUnit, parseQuantity, quantitiesIn } from '../../src/generation/template/units.ts';
import { packFor } from '../../src/generation/template/pack-for-language.ts';

describe('locale number formatting', () => {
  const table: ReadonlyArray<readonly [string, string]> = [
    ['it', '1,5'],
    ['de', '1,5'],
    ['fr', '1,5'],
    ['es', '1,5'],
    ['nl', '1,5'],
    ['pt', '1,5'],
    ['pl', '1,5'],
    ['en', '1.5'],
  ];
  for (const [language, expected] of table) {
    it(`${language}: 1.5 → ${expected}, and 1500 without grouping`, () => {
      const { locale } = packFor(language).pack;
      assert.equal(formatNumber('1.5', locale), expected);
      assert.equal(formatNumber('1,50', locale), expected);
      assert.equal(formatNumber('1500', locale), '1500');
    });
  }
  it('keeps every digit of a long number', () => {
    assert.equal(formatNumber('8076809513753', 'it-IT'), '8076809513753');
    assert.equal(canonicalNumber('0,750'), '0.75');
    assert.equal(canonicalNumber('007'), '7');
  });
});

describe('unit normalisation', () => {
  it('maps spellings to one unit', () => {
    assert.equal(normaliseUnit('gr'), 'g');
    assert.equal(normaliseUnit('GR'), 'g');
    assert.equal(normaliseUnit('Litri'), 'l');
    assert.equal(normaliseUnit('ML'), 'ml');
    assert.equal(normaliseUnit('cl'), 'cl');
    assert.equal(normaliseUnit('Kilo'), 'kg');
    assert.equal(normaliseUnit('pezzi'), null);
  });

  it('knows every spelling the attribute schema knows for the units it writes, and only those units', () => {
    assert.equal(normaliseUnit('grammo'), 'g');
    assert.equal(normaliseUnit('Kilogramme'), 'kg');
    assert.equal(normaliseUnit('milligrammi'), 'mg');
    assert.equal(normaliseQuantitiesInText('Confezione da 500 grammo', 'it-IT'), 'Confezione da 500 g');
    // A power or a time in a description is left as written: the template writes no such unit.
    assert.equal(normaliseUnit('watt'), null);
    assert.equal(normaliseQuantitiesInText('5 watt, 3 ore', 'it-IT'), '5 watt, 3 ore');
  });

  const table: ReadonlyArray<readonly [string, string, string]> = [
    ['1.5L', 'it-IT', '1,5 l'],
    ['500g', 'it-IT', '500 g'],
    ['500 GR', 'de-DE', '500 g'],
    ['6 x 1.5 l', 'it-IT', '6 × 1,5 l'],
    ['6x1,5L', 'en-GB', '6 × 1.5 l'],
    ['75 cl', 'fr-FR', '75 cl'],
    ['30 compresse', 'it-IT', '30 compresse'],
    ['20 Stück', 'de-DE', '20 Stück'],
  ];
  for (const [printed, locale, expected] of table) {
    it(`${printed} (${locale}) → ${expected}`, () => {
      const quantity = parseQuantity(printed);
      assert.ok(quantity !== null);
      assert.equal(formatQuantity(quantity, locale), expected);
    });
  }

  it('rewrites quantities inside a name, leaving model codes alone', () => {
    assert.equal(normaliseQuantitiesInText('Acqua naturale 6X1.5L', 'it-IT'), 'Acqua naturale 6 × 1,5 l');
    assert.equal(normaliseQuantitiesInText('Galaxy A54 5G 128GB', 'de-DE'), 'Galaxy A54 5G 128GB');
    assert.equal(normaliseQuantitiesInText('Protezione MIL-STD 810G-516.6', 'it-IT'), 'Protezione MIL-STD 810G-516.6');
  });

  it('finds no unit glued to a model code', () => {
    assert.deepEqual(quantitiesIn('Galaxy A52 5G'), []);
    assert.equal(quantitiesIn('Peso netto 500g').length, 1);
  });
});
