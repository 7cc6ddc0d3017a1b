import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CountryContent } from '../../src/domain/content.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { findUngrounded } from '../../src/generation/grounding.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { CONTENT_LIMITS } from '../../src/domain/content-limits.ts';
import { aifaRecordToFacts } from '../../src/sources/aifa/aifa-record.ts';
import { catalogueRecordToFacts } from '../../src/sources/catalogue/catalogue-record.ts';
import { icecatRecordToFacts } from '../../src/sources/icecat-facts.ts';
import { openFoodFactsRecordToFacts } from '../../src/sources/open-food-facts-facts.ts';
import { readProductFixtures, type ProductFixture } from '../fakes/product-fixtures.ts';

// Every real-shaped fixture, through its source's mapper and the template engine, in every
// supported language and one unsupported: structure, limits, locale formatting, and nothing invented.

const asRecord = (value: unknown): Record<string, unknown> => {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'a fixture record is an object');
  return value as Record<string, unknown>;
};

const MAPPERS: Record<string, (fixture: ProductFixture) => Fact[]> = {
  open_food_facts: (f) => openFoodFactsRecordToFacts(f.record, { code: f.code, fetchedAt: f.fetched_at }),
  icecat: (f) => icecatRecordToFacts(f.record, { code: f.code, fetchedAt: f.fetched_at }),
  catalogue: (f) => catalogueRecordToFacts(asRecord(f.record), { code: f.code, fetchedAt: f.fetched_at }),
  aifa: (f) => aifaRecordToFacts(asRecord(f.record), { code: f.code, fetchedAt: f.fetched_at }),
};

const TARGETS = [
  { country: 'it', language: 'it' },
  { country: 'gb', language: 'en' },
  { country: 'de', language: 'de' },
  { country: 'fr', language: 'fr' },
  { country: 'es', language: 'es' },
  { country: 'nl', language: 'nl' },
  { country: 'pt', language: 'pt' },
  { country: 'pl', language: 'pl' },
  { country: 'se', language: 'sv' },
];
// Every record writes the decimal mark of its language in its country: Swedish too, under English labels.
const DECIMAL_COMMA = new Set(['it', 'de', 'fr', 'es', 'nl', 'pt', 'pl', 'sv']);
// A measure the engine formats itself: number, optional space, a unit it normalises.
const MEASURE = /(\d+)([.,])(\d+)\s?(kg|g|mg|ml|cl|l)\b/giu;

const fixtures = readProductFixtures();
const engine = createTemplateEngine();

function codeTypeOf(fixture: ProductFixture): 'ean' | 'asin' | 'minsan' {
  return fixture.category === 'medicine' ? 'minsan' : 'ean';
}

async function generate(fixture: ProductFixture, facts: Fact[]): Promise<CountryContent[]> {
  const output = await engine.generate({
    product: { id: fixture.slug, code: fixture.code, codeType: codeTypeOf(fixture), sku: null, productHandle: null, title: null, brand: null, description: null, images: [] },
    facts,
    notes: null,
    agentModel: 'v2',
    targets: TARGETS,
    fields: null,
    existing: [],
  });
  return output.content;
}

describe('the template engine over every product fixture', () => {
  test('the fixtures cover at least 30 products across food, cosmetics, medicines, electronics and household', () => {
    assert.ok(fixtures.length >= 30, `${fixtures.length} fixtures`);
    for (const category of ['food', 'cosmetics', 'medicine', 'electronics', 'household']) {
      assert.ok(
        fixtures.some((f) => f.category === category),
        category,
      );
    }
    assert.ok(fixtures.filter((f) => f.source === 'aifa').length >= 5, 'medicines come from AIFA rows');
  });

  for (const fixture of fixtures) {
    test(`${fixture.slug}: complete, within limits, localised and invented-free in ${TARGETS.length} languages`, async () => {
      const mapper = MAPPERS[fixture.source];
      assert.ok(mapper, `a mapper for ${fixture.source}`);
      const facts = mapper(fixture);
      const ids = new Set(facts.map((f) => f.id));
      const content = await generate(fixture, facts);
      assert.deepEqual(
        content.map((c) => c.country),
        TARGETS.map((t) => t.country),
      );

      for (const record of content) {
        const where = `${fixture.slug} [${record.language}]`;
        assert.ok(record.title && record.title.length > 0 && record.title.length <= CONTENT_LIMITS.title.maxChars, `${where}: title ${record.title}`);
        assert.ok(record.title_tag && record.title_tag.length <= CONTENT_LIMITS.title_tag.maxChars, `${where}: title_tag`);
        assert.ok(record.meta_description && record.meta_description.length <= CONTENT_LIMITS.meta_description.maxChars, `${where}: meta_description`);
        assert.ok(record.short_description === null || record.short_description.length <= CONTENT_LIMITS.short_description.maxChars, `${where}: short_description`);
        assert.ok(record.description && record.description.length > 0, `${where}: description`);
        assert.ok(record.meta_keywords && record.meta_keywords.length > 0, `${where}: meta_keywords`);
        assert.ok(record.key_features.length <= CONTENT_LIMITS.key_features.maxItems, `${where}: at most 7 key features`);
        if (record.key_features.length < CONTENT_LIMITS.key_features.minItemsWanted) {
          assert.ok(
            record.validation_issues.map((i) => i.message).some((m) => /key feature/i.test(m)),
            `${where}: fewer than 3 key features is said`,
          );
        }
        for (const feature of record.key_features) assert.ok(feature.length > 0 && feature.length <= CONTENT_LIMITS.key_features.maxCharsEach, `${where}: feature ${feature}`);

        if (fixture.expected.brand !== null && fixture.category !== 'medicine') {
          assert.ok(record.title.toLowerCase().includes(fixture.expected.brand.toLowerCase()), `${where}: the brand is in the title: ${record.title}`);
        }
        // Some name of the product (in any language the sources give) leads the title's wording.
        const names = facts.filter((f) => f.key === 'name').map((f) => f.value.toLowerCase().split(/\s+/)[0] ?? '');
        assert.ok(
          names.some((n) => record.title?.toLowerCase().includes(n)),
          `${where}: a name of the product is in the title: ${record.title}`,
        );

        for (const [field, used] of Object.entries(record.sources)) {
          for (const id of used) assert.ok(ids.has(id), `${where}: sources.${field} names ${id}, which is not a fact`);
        }
        assert.ok((record.sources.title ?? []).length > 0, `${where}: the title names its facts`);

        assert.deepEqual(findUngrounded(record, facts), [], `${where}: nothing in the record is absent from the facts`);

        // Measures the engine formats (attributes) follow the locale; source prose is left as written.
        for (const [key, value] of Object.entries(record.global_attr)) {
          if (!/quantity|volume|weight|strength/.test(key)) continue;
          for (const m of value.matchAll(MEASURE)) {
            const separator = m[2];
            assert.equal(separator, DECIMAL_COMMA.has(record.language) ? ',' : '.', `${where}: global_attr.${key} = ${value}`);
          }
        }
      }
      const swedish = content.find((c) => c.country === 'se');
      assert.ok(
        swedish?.validation_issues.map((i) => i.message).some((m) => /no language pack/i.test(m)),
        'an unsupported language says it fell back to English',
      );
      assert.deepEqual(await generate(fixture, facts), content, 'the same facts give the same record');
    });
  }
});

describe('the template engine asked to stop', () => {
  test('a run whose signal is aborted (its job expired, its claim was lost) writes no record and says why', async () => {
    const [fixture] = fixtures;
    assert.ok(fixture);
    const mapper = MAPPERS[fixture.source];
    assert.ok(mapper);
    const stop = new AbortController();
    stop.abort(new Error('the claim was lost'));
    const input = {
      product: { id: fixture.slug, code: fixture.code, codeType: codeTypeOf(fixture), sku: null, productHandle: null, title: null, brand: null, description: null, images: [] },
      facts: mapper(fixture),
      notes: null,
      agentModel: 'v2' as const,
      targets: TARGETS,
      fields: null,
      existing: [],
      signal: stop.signal,
    };
    await assert.rejects(engine.generate(input), /the claim was lost/);
  });
});
