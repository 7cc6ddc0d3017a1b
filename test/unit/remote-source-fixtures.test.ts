import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { checkProductCode } from '../../src/domain/codes.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { icecatRecordToFacts } from '../../src/sources/icecat-facts.ts';
import { openFoodFactsRecordToFacts } from '../../src/sources/open-food-facts-facts.ts';
import { assertExpectedFacts, factValues, readProductFixtures, type ProductFixture } from '../fakes/product-fixtures.ts';

// Every Open Food Facts and Icecat fixture, through its source's mapper, must give the facts the
// fixture expects: what a generation engine will be given for that product.

const MAPPERS: Record<string, (record: unknown, options: { code: string; fetchedAt: string }) => Fact[]> = {
  open_food_facts: openFoodFactsRecordToFacts,
  icecat: icecatRecordToFacts,
};

const fixtures = readProductFixtures().filter((fixture) => fixture.source in MAPPERS);

function mapped(fixture: ProductFixture): Fact[] {
  const mapper = MAPPERS[fixture.source];
  assert.ok(mapper !== undefined, `no mapper for ${fixture.source}`);
  return mapper(fixture.record, { code: fixture.code, fetchedAt: fixture.fetched_at });
}

describe('remote source fixtures', () => {
  test('cover the families the sources serve', () => {
    const count = (source: string, category: string) => fixtures.filter((f) => f.source === source && f.category === category).length;
    assert.ok(count('open_food_facts', 'food') >= 9, 'at least 9 Open Food Facts foods');
    assert.ok(count('open_food_facts', 'cosmetics') >= 3, 'at least 3 Open Beauty Facts products');
    assert.ok(count('open_food_facts', 'petfood') >= 1, 'at least 1 Open Pet Food Facts product');
    assert.ok(count('icecat', 'electronics') >= 4, 'at least 4 Icecat products');
    // The fixture files are named after their slug, so one test can find them all.
    const files = readdirSync(new URL('../fixtures/products/', import.meta.url));
    for (const fixture of fixtures) assert.ok(files.includes(`${fixture.slug}.json`), fixture.slug);
  });

  for (const fixture of fixtures) {
    test(`${fixture.slug} maps to the expected facts`, () => {
      const check = checkProductCode(fixture.code);
      assert.ok(check.ok && check.code === fixture.code && check.type === 'ean', `${fixture.code} is a normalised GTIN`);

      assertExpectedFacts(fixture, mapped(fixture));
    });
  }

  test('Open Food Facts facts carry their licences and the product page', () => {
    for (const fixture of fixtures.filter((f) => f.source === 'open_food_facts')) {
      const facts = mapped(fixture);
      for (const fact of facts) {
        assert.equal(fact.licence, fact.key === 'image' ? 'CC-BY-SA-3.0' : 'ODbL-1.0', fact.id);
        assert.match(fact.url ?? '', new RegExp(`^https://world\\.open(food|beauty|petfood|products)facts\\.org/product/${fixture.code}$`));
      }
      assert.ok(
        facts.some((f) => f.key === 'image' && f.value.startsWith('https://images.open')),
        `${fixture.slug} has a front image`,
      );
    }
  });

  test('localised Open Food Facts names keep their languages', () => {
    const barilla = fixtures.find((f) => f.slug === 'food-barilla-spaghetti-5');
    assert.ok(barilla !== undefined);
    const names = new Map(
      mapped(barilla)
        .filter((f) => f.key === 'name')
        .map((f) => [f.language, f.value]),
    );
    assert.equal(names.get('it'), 'Spaghetti n. 5');
    assert.equal(names.get('de'), 'Spaghetti Nr. 5');
    assert.equal(names.get('fr'), 'Spaghetti n°5');
    assert.equal(names.get('es'), 'Espaguetis n.º 5');
    assert.equal(names.get('pl'), 'Makaron spaghetti nr 5');
    // The full-product shape (product_name_<lc> keys) reads the same way; empty names are dropped.
    const nutella = fixtures.find((f) => f.slug === 'food-ferrero-nutella-400g');
    assert.ok(nutella !== undefined);
    const nutellaFacts = mapped(nutella);
    const nutellaNames = nutellaFacts.filter((f) => f.key === 'name');
    assert.ok(nutellaNames.some((f) => f.language === 'fr' && f.value.startsWith('Pâte à tartiner Nutella')));
    assert.ok(!nutellaNames.some((f) => f.language === 'nl'), 'an empty product_name_nl is no name');
    assert.deepEqual(factValues(nutellaFacts, 'allergens'), ['milk', 'nuts', 'soybeans']);
    assert.deepEqual(factValues(nutellaFacts, 'category').slice(0, 2), ['Produits à tartiner', 'Petit-déjeuners'], 'most general first');
  });

  test('Icecat facts carry the Open Icecat terms, text without HTML and units with values', () => {
    for (const fixture of fixtures.filter((f) => f.source === 'icecat')) {
      const facts = mapped(fixture);
      for (const fact of facts) assert.equal(fact.licence, 'Open-Icecat', fact.id);
      for (const value of factValues(facts, 'description')) assert.doesNotMatch(value, /<[a-z/]|&[a-z]+;/i, 'no markup');
      assert.ok(facts.filter((f) => f.key === 'description').length >= 3, `${fixture.slug}: summary, description and bullet points`);
      assert.ok(facts.filter((f) => f.key === 'image').length >= 3, `${fixture.slug}: main and gallery images`);
      // Codes (the part number, the GTINs) are in no language.
      assert.ok(
        facts.filter((f) => f.key !== 'image' && f.key !== 'brand' && f.key !== 'kind' && f.attribute !== 'mpn' && f.attribute !== 'gtin').every((f) => f.language === 'en'),
      );
      const listed = fixture.record as { data?: { GeneralInfo?: { GTIN?: string[] } } };
      assert.deepEqual(
        facts.filter((f) => f.attribute === 'gtin').map((f) => f.value),
        listed.data?.GeneralInfo?.GTIN ?? [],
        `${fixture.slug}: every GTIN Icecat lists`,
      );
    }
  });
});
