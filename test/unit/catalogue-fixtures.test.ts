import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkProductCode } from '../../src/domain/codes.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { aifaRecordToFacts, aifaRowCode } from '../../src/sources/aifa/aifa-record.ts';
import { catalogueRecordToFacts, catalogueRowCode } from '../../src/sources/catalogue/catalogue-record.ts';
import { assertExpectedFacts, readProductFixtures, type ProductFixture } from '../fakes/product-fixtures.ts';

// Every catalogue and AIFA fixture, through its source's mapper, must give the facts the fixture
// expects: what a generation engine will be given for that product.

type Mapper = (record: Record<string, unknown>, options: { code: string; fetchedAt: string }) => Fact[];
const MAPPERS: Record<string, { toFacts: Mapper; code: typeof catalogueRowCode; licence: string | null }> = {
  catalogue: { toFacts: catalogueRecordToFacts, code: catalogueRowCode, licence: null },
  aifa: { toFacts: aifaRecordToFacts, code: aifaRowCode, licence: 'CC-BY-4.0' },
};

const fixtures = readProductFixtures().filter((fixture) => fixture.source in MAPPERS);

function recordOf(fixture: ProductFixture): Record<string, unknown> {
  const { record } = fixture;
  assert.ok(typeof record === 'object' && record !== null && !Array.isArray(record), `${fixture.slug}: a record is {header: value}`);
  return record as Record<string, unknown>;
}

function mapperOf(fixture: ProductFixture) {
  const mapper = MAPPERS[fixture.source];
  assert.ok(mapper !== undefined, `no mapper for ${fixture.source}`);
  return mapper;
}

describe('catalogue and AIFA fixtures', () => {
  test('cover the families these sources serve', () => {
    const count = (source: string, category: string) => fixtures.filter((f) => f.source === source && f.category === category).length;
    assert.ok(count('aifa', 'medicine') >= 7, 'at least 7 AIFA medicines');
    assert.ok(count('catalogue', 'household') >= 5, 'at least 5 household goods');
    assert.ok(count('catalogue', 'electronics') >= 3, 'at least 3 electronics');
    assert.ok(count('catalogue', 'cosmetics') >= 2, 'at least 2 cosmetics');
  });

  for (const fixture of fixtures) {
    test(`${fixture.slug} maps to the expected facts`, () => {
      const record = recordOf(fixture);
      const mapper = mapperOf(fixture);
      const check = checkProductCode(fixture.code);
      assert.ok(check.ok && check.code === fixture.code, `${fixture.code} is a valid, normalised code`);
      if (fixture.source === 'aifa') assert.equal(check.type, 'minsan');
      assert.deepEqual(mapper.code(record), { ok: true, code: fixture.code, codeType: check.type }, 'the row code is the fixture code');

      const facts = mapper.toFacts(record, { code: fixture.code, fetchedAt: fixture.fetched_at });
      assertExpectedFacts(fixture, facts);
      for (const fact of facts) assert.equal(fact.licence, mapper.licence, `${fact.id} licence`);
    });
  }

  test('AIFA facts are Italian where they are text, and link the AIFA leaflet', () => {
    for (const fixture of fixtures.filter((f) => f.source === 'aifa')) {
      const facts = aifaRecordToFacts(recordOf(fixture), { code: fixture.code, fetchedAt: fixture.fetched_at });
      const language = (key: string) => facts.find((f) => (f.attribute ?? f.key) === key)?.language;
      assert.equal(language('name'), 'it');
      assert.equal(language('pack_description'), 'it');
      assert.equal(language('atc_code'), null);
      for (const fact of facts) assert.match(fact.url ?? '', /^https:\/\/api\.aifa\.gov\.it\/.+ts=FI$/, fact.id);
    }
  });

  test('language-tagged catalogue columns give facts in that language', () => {
    const mouse = fixtures.find((f) => f.slug === 'electronics-logitech-m185-wireless-mouse');
    assert.ok(mouse !== undefined);
    const facts = catalogueRecordToFacts(recordOf(mouse), { code: mouse.code, fetchedAt: mouse.fetched_at });
    const names = facts.filter((f) => f.key === 'name').map((f) => [f.language, f.value]);
    assert.deepEqual(names, [
      ['en', 'Logitech M185 Wireless Mouse'],
      ['it', 'Logitech M185 Mouse Wireless'],
    ]);
    assert.deepEqual(
      facts.filter((f) => f.key === 'image').map((f) => f.value),
      ['https://cdn.example.com/p/logitech-m185-grey-1.jpg', 'https://cdn.example.com/p/logitech-m185-grey-2.jpg'],
      'two URLs separated by whitespace in one cell',
    );
  });
});
