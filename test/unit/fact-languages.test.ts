import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callerFacts } from '../../src/domain/caller-facts.ts';
import { emptyContent } from '../../src/domain/content.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { verifyRecord } from '../../src/generation/ai/verify-record.ts';
import { tagFactLanguages } from '../../src/generation/fact-languages.ts';
import { catalogueRecordToFacts } from '../../src/sources/catalogue/catalogue-record.ts';
import { readProductFixtures } from '../fakes/product-fixtures.ts';

// Untagged facts (the caller's own data, catalogue rows without language suffixes) take the
// language their source writes in, so a model's translation of them can cite a fact in another
// language and is left to the critic instead of being withheld.

const RECEIVED = '2026-11-01T10:00:00.000Z';

const barilla = callerFacts(
  {
    title: 'Spaghetti n.5',
    brand: 'Barilla',
    description: 'Pasta di semola di grano duro, trafilata al bronzo. Ingredienti: semola di grano duro, acqua. Tempo di cottura 9 minuti.',
    images: ['https://cdn.example.com/p/barilla-5.jpg'],
  },
  RECEIVED,
);

describe('facts without a language', () => {
  test("the caller's texts take the language of its description; brand and images stay without one", async () => {
    const tagged = await tagFactLanguages(barilla);
    const language = (key: string) => tagged.find((f) => f.key === key)?.language;
    assert.equal(language('description'), 'it');
    assert.equal(language('name'), 'it', 'the short name takes the language of the text beside it');
    assert.equal(language('brand'), null);
    assert.equal(language('image'), null);
  });

  test("a catalogue row's language column states the language of its untagged values; codes stay without one", async () => {
    const bulb = readProductFixtures('catalogue').find((f) => f.slug === 'electronics-philips-led-classic-e27-9w-806lm');
    assert.ok(bulb !== undefined);
    const facts = catalogueRecordToFacts(bulb.record as Record<string, unknown>, { code: bulb.code, fetchedAt: bulb.fetched_at });
    const tagged = await tagFactLanguages(facts);
    assert.equal(tagged.find((f) => f.key === 'description')?.language, 'en');
    assert.equal(tagged.find((f) => f.attribute === 'base')?.language, null, 'E27 is a code');
    assert.equal(tagged.find((f) => f.attribute === 'language')?.language, null, 'the column itself is metadata');
  });

  test('an untagged colour beside Italian text takes no detected language; a stated one it takes', async () => {
    const mug = readProductFixtures('catalogue').find((f) => f.slug === 'household-excelsa-tazza-mug-gres-350ml');
    assert.ok(mug !== undefined);
    const row = mug.record as Record<string, unknown>;
    const tagged = await tagFactLanguages(catalogueRecordToFacts(row, { code: mug.code, fetchedAt: mug.fetched_at }));
    assert.equal(tagged.find((f) => f.attribute === 'colour')?.language, null);
    const stated = await tagFactLanguages(catalogueRecordToFacts({ ...row, language: 'it' }, { code: mug.code, fetchedAt: mug.fetched_at }));
    assert.equal(stated.find((f) => f.attribute === 'colour')?.language, 'it');
  });

  test("a model's translation of the caller's Italian text is left to the critic, not withheld", async () => {
    const record = { ...emptyContent('de', 'de'), global_attr: { ingredients_summary: 'Hartweizengrieß' }, sources: { 'global_attr.ingredients_summary': ['caller:description'] } };
    const before = await verifyRecord(record, { facts: barilla, kind: 'food' });
    assert.ok(
      before.some((p) => p.field === 'global_attr.ingredients_summary'),
      'untagged, no translation can cite it',
    );
    const after = await verifyRecord(record, { facts: await tagFactLanguages(barilla), kind: 'food' });
    assert.deepEqual(
      after.filter((p) => p.field === 'global_attr.ingredients_summary'),
      [],
    );
  });

  test('a short attribute value takes no language from the text beside it, so its translation is not withheld', async () => {
    // An Italian shop's row with the maker's English description and its own Italian colour.
    const facts = catalogueRecordToFacts(
      {
        name: 'Wireless Headphones WH-CH520',
        description: 'Wireless on-ear headphones with up to 50 hours of battery life and quick charging. Lightweight design for all-day comfort.',
        colour: 'nero',
      },
      { code: '4548736132580', fetchedAt: RECEIVED },
    );
    const tagged = await tagFactLanguages(facts);
    const colour = tagged.find((f) => f.attribute === 'colour');
    assert.ok(colour !== undefined);
    assert.equal(colour.language, null, 'two letters of evidence are no language');
    const record = { ...emptyContent('gb', 'en'), global_attr: { colour: 'Black' }, sources: { 'global_attr.colour': [colour.id] } };
    assert.deepEqual(
      (await verifyRecord(record, { facts: tagged, kind: 'other' })).filter((p) => p.field === 'global_attr.colour'),
      [],
    );
  });

  test('facts that already have a language are not touched', async () => {
    const facts: Fact[] = [{ id: 'x:name:fr', key: 'name', value: 'Pâtes', language: 'fr', source: 'x', licence: null, fetchedAt: RECEIVED }];
    assert.deepEqual(await tagFactLanguages(facts), facts);
  });
});
