import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { datesIn, writeDate } from '../../src/domain/dates.ts';
import { decimalMarkOf, numberLocale, readNumber, writeNumber } from '../../src/domain/numbers.ts';
import { evidenceOf, findUngrounded, findUngroundedIn } from '../../src/generation/grounding.ts';
import { localiseNumbers } from '../../src/generation/template/local-numbers.ts';

describe('numbers read in the language of their text', () => {
  const read = (written: string, language: string | null, unit?: string) => readNumber(written, decimalMarkOf(language), unit);

  test('German and Italian group with a dot and write decimals with a comma; English the other way', () => {
    assert.equal(read('1.200', 'de'), '1200');
    assert.equal(read('1.200', 'it'), '1200');
    assert.equal(read('1,2', 'de'), '1.2');
    assert.equal(read('1,2', 'it'), '1.2');
    assert.equal(read('1,200', 'en'), '1200');
    assert.equal(read('1.2', 'en'), '1.2');
    assert.equal(read('1,250', 'de', 'kg'), '1.25', 'a German 1,250 kg is one and a quarter kilograms');
  });

  test('what is never ambiguous is read the same in every language', () => {
    for (const language of ['en', 'de', 'it', 'fr', null]) {
      assert.equal(read('1.234,5', language), '1234.5');
      assert.equal(read('1,234.5', language), '1234.5');
      assert.equal(read('1.200.000', language), '1200000');
      assert.equal(read('0,750', language), '0.75', 'nobody groups a zero');
      assert.equal(read('0.75', language), '0.75');
      assert.equal(read("15'000", language), '15000');
      assert.equal(read('15\u202f000', language), '15000');
    }
  });

  test('a lone mark before three digits of a unit counted in whole numbers groups thousands: a German "1,200 lm" is 1200 lm', () => {
    assert.equal(read('1,200', 'de', 'lm'), '1200');
    assert.equal(read('1.200', 'en', 'lm'), '1200');
    assert.equal(read('2.500', null, 'mAh'), '2500');
  });

  test('with the language unknown, "1.200" of a unit that may be fractional is ambiguous and not guessed', () => {
    assert.equal(read('1.200', null, 'g'), null);
    assert.equal(read('1,500', null), null);
  });
});

describe('numbers written for the record', () => {
  test('Intl.NumberFormat of the locale, four digits ungrouped, five and more grouped', () => {
    assert.equal(writeNumber('0.75', 'en-GB'), '0.75');
    assert.equal(writeNumber('0.75', 'it-IT'), '0,75');
    assert.equal(writeNumber('0.75', 'de-CH'), '0.75');
    assert.equal(writeNumber('1200', 'de-DE'), '1200');
    assert.equal(writeNumber('15000', 'de-DE'), '15.000');
    assert.equal(writeNumber('15000', 'en-GB'), '15,000');
    assert.equal(writeNumber('8076809513753', 'it-IT'), '8076809513753', 'a code is no amount');
  });

  test("the record's language as its country writes it, where it is one of the country's languages", () => {
    assert.equal(numberLocale('en', 'gb', 'en-GB'), 'en-GB');
    assert.equal(numberLocale('en', 'us', 'en-GB'), 'en-US');
    assert.equal(numberLocale('de', 'ch', 'de-DE'), 'de-CH');
    assert.equal(numberLocale('fr', 'be', 'fr-FR'), 'fr-BE');
    // An English record for Italy is read by readers of English: no Italian decimal comma.
    assert.equal(numberLocale('en', 'it', 'en-GB'), 'en-GB');
  });

  test('amounts of a text are rewritten from its language into the locale; versions and codes are not amounts', () => {
    assert.equal(localiseNumbers('Bottiglia da 0,75 l, peso 1,2 kg, pH 5,5, grassi 8,7%', 'it', 'en-GB'), 'Bottiglia da 0.75 l, peso 1.2 kg, pH 5.5, grassi 8.7%');
    assert.equal(localiseNumbers('Lichtstrom 1.200 lm, 220-240 V, Maße 68 × 39,3 × 30 cm', 'de', 'en-GB'), 'Lichtstrom 1200 lm, 220-240 V, Maße 68 × 39.3 × 30 cm');
    assert.equal(localiseNumbers('Bluetooth 5.2, USB 3.2, modello A52 W', 'en', 'it-IT'), 'Bluetooth 5.2, USB 3.2, modello A52 W');
    assert.equal(localiseNumbers('Rated life 15,000 hours', 'en', 'de-DE'), 'Rated life 15.000 hours');
    assert.equal(localiseNumbers('Sacco da 1.500 g', null, 'en-GB'), 'Sacco da 1.500 g', 'ambiguous without a language: kept as written');
  });
});

describe('the grounding check reads the record in its locale and each fact in its language', () => {
  const evidence = evidenceOf([{ value: 'LED-Lampe, Lichtstrom 1.200 lm, 1,2 kg', language: 'de' }]);

  test('a German "1.200 lm" supports 1200 lm written the English way and the German way', () => {
    assert.deepEqual(findUngroundedIn({ key_features: ['Luminous flux: 1200 lm', 'Weight: 1.2 kg'] }, evidence, 'en-GB'), []);
    assert.deepEqual(findUngroundedIn({ key_features: ['Lichtstrom: 1200 lm', 'Gewicht: 1,2 kg'] }, evidence, 'de-DE'), []);
  });

  test('a number that means another amount in the record language is rejected', () => {
    const german = evidenceOf([{ value: 'Palette, Gewicht 1.200 kg, Lebensdauer 15.000 Stunden', language: 'de' }]);
    assert.deepEqual(findUngroundedIn({ key_features: ['Weight: 1200 kg', 'Rated life 15,000 hours'] }, german, 'en-GB'), []);
    // In English "1.200 kg" is 1.2 kg and "15.000 hours" is 15 hours: neither is what the fact says.
    assert.deepEqual(
      findUngroundedIn({ key_features: ['Weight: 1.200 kg', 'Rated life 15.000 hours'] }, german, 'en-GB').map((p) => p.value),
      ['1.200 kg', '15.000'],
    );
    assert.deepEqual(findUngroundedIn({ key_features: ['Gewicht: 1.200 kg', 'Lebensdauer 15.000 Stunden'] }, german, 'de-DE'), []);
  });

  test('where plain spaces group thousands, a text is read both ways: "1 055 lm" is 1055 lm, "n.5 500 g" is 5 and 500 g', () => {
    const french = evidenceOf([
      { value: 'Spaghetti n.5', language: 'fr' },
      { value: '500 g', language: null },
      { value: 'Flux lumineux 1 055 lm', language: 'fr' },
    ]);
    assert.deepEqual(findUngroundedIn({ title: 'Barilla Spaghetti n.5 500 g', key_features: ['Flux lumineux : 1055 lm', 'Flux 1\u202f055 lm'] }, french, 'fr-FR'), []);
    assert.deepEqual(
      findUngroundedIn({ key_features: ['Flux 1 056 lm'] }, french, 'fr-FR').map((p) => p.value),
      ['1 056'],
    );
  });

  test("a model's record is read in its own language and country, as the agent engines' check passes it", () => {
    const facts = [{ value: 'Lebensdauer 15.000 Stunden, 0,75 l', language: 'de' }];
    assert.deepEqual(findUngrounded({ language: 'en', country: 'gb', key_features: ['15,000 hours', '0.75 l'] }, facts), []);
    assert.deepEqual(
      findUngrounded({ language: 'en', country: 'gb', key_features: ['15.000 hours'] }, facts).map((p) => p.value),
      ['15.000'],
    );
    assert.deepEqual(findUngrounded({ language: 'de', country: 'ch', key_features: ["15'000 Stunden", '0.75 l'] }, facts), []);
  });
});

describe('dates in the record conventions', () => {
  test('a numeric date is read in its text order and written as the record locale writes it', () => {
    assert.deepEqual(
      datesIn('Scadenza 31/12/2027, lotto 05/03/2026', 'it').map((d) => d.readings),
      [['2027-12-31'], ['2026-03-05']],
    );
    assert.deepEqual(
      datesIn('Best before 05/03/2026', null).map((d) => d.readings),
      [['2026-03-05', '2026-05-03']],
    );
    assert.equal(writeDate('2027-12-31', 'en-GB'), '31/12/2027');
    assert.equal(writeDate('2027-12-31', 'de-DE'), '31.12.2027');
    assert.equal(writeDate('2027-12-31', 'en-US'), '12/31/2027');
    assert.equal(localiseNumbers('Mindestens haltbar bis 31.12.2027.', 'de', 'en-GB'), 'Mindestens haltbar bis 31/12/2027.');
    assert.equal(localiseNumbers('Best before 2027-12-31', 'en', 'it-IT'), 'Best before 31/12/2027');
    assert.equal(localiseNumbers('Best before 05/03/2026', 'en', 'de-DE'), 'Best before 05/03/2026', 'March or May: kept as written');
  });

  test('the check reads a record date in its locale: the same day passes, another day does not', () => {
    const facts = [{ value: 'Mindestens haltbar bis 05.03.2026', language: 'de' }];
    assert.deepEqual(findUngrounded({ language: 'en', country: 'gb', key_features: ['Best before 05/03/2026'] }, facts), []);
    assert.deepEqual(findUngrounded({ language: 'de', country: 'de', key_features: ['Mindestens haltbar bis 05.03.2026'] }, facts), []);
    assert.deepEqual(
      findUngrounded({ language: 'en', country: 'us', key_features: ['Best before 05/03/2026'] }, facts).map((p) => p.value),
      ['05/03/2026'],
      'in the United States 05/03/2026 is the 3rd of May',
    );
  });
});
