import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import type { Fact } from '../../src/domain/facts.ts';

/** One file of test/fixtures/products/ (the shared fixture format). */
export interface ProductFixture {
  slug: string;
  category: 'food' | 'cosmetics' | 'medicine' | 'electronics' | 'household' | 'petfood';
  source: string;
  code: string;
  fetched_at: string;
  /** The public record the fixture is shaped after, and how. */
  origin?: string;
  record: unknown;
  expected: {
    kind: string;
    brand: string | null;
    name: string;
    quantity: string | null;
    facts: Record<string, string>;
  };
}

const DIRECTORY = new URL('../fixtures/products/', import.meta.url);

/** Every product fixture, or those of one source (`open_food_facts`, `icecat` …). */
export function readProductFixtures(source?: string): ProductFixture[] {
  return readdirSync(DIRECTORY)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(new URL(name, DIRECTORY), 'utf8')) as ProductFixture)
    .filter((fixture) => source === undefined || fixture.source === source);
}

/** The values of facts of one key, or of one attribute when the key is `attribute.<name>`. */
export function factValues(facts: readonly Fact[], key: string): string[] {
  const [factKey, attribute] = key.split('.', 2);
  return facts.filter((f) => f.key === factKey && (attribute === undefined || f.attribute === attribute)).map((f) => f.value);
}

/**
 * What every source's mapper owes a fixture: the expected kind, brand, name, quantity and key
 * facts; unique ids; trimmed values; the fixture's source and fetch time; well-formed languages,
 * attribute names and image URLs.
 */
export function assertExpectedFacts(fixture: ProductFixture, facts: readonly Fact[]): void {
  const { expected } = fixture;
  assert.deepEqual(factValues(facts, 'kind'), [expected.kind], 'kind');
  assert.deepEqual(factValues(facts, 'brand'), expected.brand === null ? [] : [expected.brand], 'brand');
  assert.ok(
    factValues(facts, 'name').some((v) => v.includes(expected.name)),
    `a name contains "${expected.name}"`,
  );
  assert.deepEqual(factValues(facts, 'quantity'), expected.quantity === null ? [] : [expected.quantity], 'quantity as printed');
  for (const [key, substring] of Object.entries(expected.facts)) {
    const values = factValues(facts, key);
    assert.ok(
      values.some((v) => v.includes(substring)),
      `${key} contains "${substring}"; got ${JSON.stringify(values)}`,
    );
  }
  assert.equal(new Set(facts.map((f) => f.id)).size, facts.length, 'fact ids are unique');
  for (const fact of facts) {
    assert.equal(fact.source, fixture.source);
    assert.equal(fact.fetchedAt, fixture.fetched_at);
    assert.ok(fact.value.trim() !== '' && fact.value === fact.value.trim(), `${fact.id} has a trimmed, non-empty value`);
    assert.ok(fact.language === null || /^[a-z]{2}$/.test(fact.language), `${fact.id} language`);
    if (fact.key === 'attribute') assert.match(fact.attribute ?? '', /^[a-z0-9_]+$/, `${fact.id} attribute name`);
    if (fact.key === 'image') assert.match(fact.value, /^https?:\/\//, `${fact.id} is an http(s) URL`);
  }
}
