import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CountryContent } from '../../src/domain/content.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { findUngrounded } from '../../src/generation/grounding.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { catalogueRecordToFacts } from '../../src/sources/catalogue/catalogue-record.ts';
import { readProductFixtures } from '../fakes/product-fixtures.ts';

// The template engine's default attributes from free text, key features built from them, and the
// cases the issue found: a bulb with no power, a language column as an attribute, a food without a
// kind column, an untagged value under another language's label, a mug's capacity as a pack.

const engine = createTemplateEngine();

function catalogueFacts(slug: string, without: readonly string[] = []): Fact[] {
  const fixture = readProductFixtures('catalogue').find((f) => f.slug === slug);
  assert.ok(fixture !== undefined, slug);
  const record = Object.fromEntries(Object.entries(fixture.record as Record<string, unknown>).filter(([k]) => !without.includes(k)));
  return catalogueRecordToFacts(record, { code: fixture.code, fetchedAt: fixture.fetched_at });
}

async function write(facts: Fact[], languages: readonly string[]): Promise<CountryContent[]> {
  const output = await engine.generate({
    product: { id: 'p', code: null, codeType: null, sku: null, productHandle: null, title: null, brand: null, description: null, images: [] },
    facts,
    notes: null,
    agentModel: 'v2',
    targets: languages.map((language) => ({ country: language, language })),
    fields: null,
    existing: [],
  });
  return output.content;
}

describe('attributes from free text', () => {
  test('a bulb described as "9 W, 806 lm, 2700 K" gets power, luminous flux and colour temperature, each citing its fact', async () => {
    const facts = catalogueFacts('electronics-philips-led-classic-e27-9w-806lm');
    const description = facts.find((f) => f.key === 'description');
    assert.ok(description !== undefined);
    for (const record of await write(facts, ['en', 'de', 'it'])) {
      assert.equal(record.global_attr.power, '9 W');
      assert.equal(record.global_attr.luminous_flux, '806 lm');
      assert.equal(record.global_attr.colour_temperature, '2700 K');
      for (const name of ['power', 'luminous_flux', 'colour_temperature']) assert.deepEqual(record.sources[`global_attr.${name}`], [description.id]);
      assert.deepEqual(findUngrounded(record, facts), [], record.language);
    }
  });

  test('a catalogue language column is no attribute and no key feature', async () => {
    const [record] = await write(catalogueFacts('electronics-philips-led-classic-e27-9w-806lm'), ['en']);
    assert.equal(record?.global_attr.language, undefined);
    assert.ok(!record?.key_features.some((f) => /^Language/.test(f)), record?.key_features.join(' | '));
  });

  test('measurements are labelled and written in the record language', async () => {
    const [de] = await write(catalogueFacts('electronics-anker-powercore-10000-pd-redux'), ['de']);
    // Five digits and more are grouped as the record's language groups them.
    assert.equal(de?.global_attr.battery_capacity, '10.000 mAh');
    assert.equal(de?.global_attr.dimensions, '106 × 52 × 25 mm');
    const [it] = await write(catalogueFacts('household-duracell-plus-aa-4'), ['it']);
    assert.equal(it?.global_attr.voltage, '1,5 V');
  });

  test('a mug\'s "350 ml" is its capacity, not a pack or its content', async () => {
    for (const record of await write(catalogueFacts('household-excelsa-tazza-mug-gres-350ml'), ['it', 'en', 'de'])) {
      assert.equal(record.global_attr.capacity, '350 ml');
      assert.equal(record.global_attr.net_quantity, undefined);
      assert.equal(record.global_attr.net_volume, undefined);
      for (const text of [record.title ?? '', ...record.key_features]) assert.doesNotMatch(text, /pack|confezione|Packung|Inhalt|Contents|Contenuto/i, text);
    }
    const [keepCup] = await write(catalogueFacts('household-keepcup-original-340ml'), ['en']);
    assert.equal(keepCup?.global_attr.capacity, '340 ml');
    assert.equal(keepCup?.global_attr.net_quantity, undefined);
  });

  test('a capacity spelt out ("1.7 litre capacity") is no net quantity either', async () => {
    const facts = catalogueRecordToFacts(
      { name: 'Kettle KT-200', brand: 'Smeg', description: 'Electric kettle with a 1.7 litre capacity and a soft-opening lid.' },
      { code: '8017709189645', fetchedAt: '2026-01-01T00:00:00Z' },
    );
    for (const record of await write(facts, ['it', 'en'])) {
      assert.match(record.global_attr.capacity ?? '', /^1[.,]7 litre$/);
      assert.equal(record.global_attr.net_quantity, undefined, JSON.stringify(record.global_attr));
      assert.equal(record.global_attr.net_volume, undefined);
    }
  });

  test("an untagged value shown under another language's label is said", async () => {
    // The mug row has no language: its colour "giallo" is read as the language of its text.
    const [de] = await write(catalogueFacts('household-excelsa-tazza-mug-gres-350ml'), ['de']);
    assert.ok(
      de?.validation_issues.map((i) => i.message).some((m) => /colour \(Italian\)/.test(m)),
      de?.validation_issues.map((i) => i.message).join(' | '),
    );
    // With no text to tell the language by, the value is said to state none.
    const facts: Fact[] = [
      { id: 'catalogue:name', key: 'name', value: 'Mug', language: null, source: 'catalogue', licence: null, fetchedAt: '2026-11-01T10:00:00.000Z' },
      {
        id: 'catalogue:attribute.colour',
        key: 'attribute',
        attribute: 'colour',
        value: 'giallo',
        language: null,
        source: 'catalogue',
        licence: null,
        fetchedAt: '2026-11-01T10:00:00.000Z',
      },
    ];
    const [fr] = await write(facts, ['fr']);
    assert.ok(
      fr?.validation_issues.map((i) => i.message).some((m) => m.includes('state no language') && m.includes('colour ("giallo")')),
      fr?.validation_issues.map((i) => i.message).join(' | '),
    );
  });
});

describe('key features from attributes', () => {
  test('3 to 7 whenever the facts support them, never repeated, never invented', async () => {
    for (const slug of [
      'electronics-anker-powercore-10000-pd-redux',
      'electronics-tp-link-tapo-p100-enchufe-2',
      'electronics-samsung-crystal-uhd-55-cu7100',
      'household-keepcup-original-340ml',
    ]) {
      const facts = catalogueFacts(slug);
      for (const record of await write(facts, ['en', 'it', 'de', 'fr', 'es'])) {
        const where = `${slug} [${record.language}]`;
        assert.ok(record.key_features.length >= 3 && record.key_features.length <= 7, `${where}: ${record.key_features.join(' | ')}`);
        assert.equal(new Set(record.key_features).size, record.key_features.length, where);
        assert.deepEqual(findUngrounded(record, facts), [], where);
      }
    }
  });
});

describe('key features that restate one another', () => {
  test('a measurement a short bullet already states is not repeated under its label', async () => {
    const rows = [
      { name: 'Lampadina LED', brand: 'Ikea', description: 'Lampadina LED E27, 806 lm, 2700K. Potenza 8,6 W.' },
      { name: 'Powerbank', brand: 'Anker', description: 'Powerbank 10,000 mAh. 20W USB-C. 20W output.' },
    ];
    for (const row of rows) {
      const facts = catalogueRecordToFacts(row, { code: 'p', fetchedAt: '2026-01-01T00:00:00Z' });
      for (const record of await write(facts, ['it', 'en'])) {
        const features = record.key_features.join(' | ');
        assert.ok(!record.key_features.includes('Potenza: 8,6 W'), features);
        assert.ok(!record.key_features.includes('USB: USB-C'), features);
        assert.deepEqual(findUngrounded(record, facts), [], features);
      }
    }
  });
});

describe("a food's weight", () => {
  test('"Peso 500 g" of a pasta is its net quantity', async () => {
    const facts = catalogueRecordToFacts(
      { name: 'Spaghetti n.5', brand: 'Barilla', description: 'Pasta di semola di grano duro. Peso 500 g.', kind: 'food' },
      { code: '8076800195057', fetchedAt: '2026-01-01T00:00:00Z' },
    );
    for (const record of await write(facts, ['it', 'en'])) {
      assert.equal(record.global_attr.net_quantity, '500 g', JSON.stringify(record.global_attr));
    }
  });
});

describe('food without a kind column', () => {
  test('ingredients and allergens of a catalogue row are written when the facts say it is a food', async () => {
    const facts = catalogueFacts('food-rummo-penne-rigate-66-500g', ['kind']);
    assert.ok(!facts.some((f) => f.key === 'kind'), 'the row has no kind column');
    const [it] = await write(facts, ['it']);
    assert.equal(it?.global_attr.ingredients, 'Semola di grano duro, acqua.');
    assert.equal(it?.global_attr.allergens, 'glutine');
    assert.ok(
      it?.key_features.some((f) => f.includes('glutine')),
      it?.key_features.join(' | '),
    );
  });
});
