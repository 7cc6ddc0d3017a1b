// The facts of a product fixture through its source's real mapper: what an engine is given.
// Shared by the quality benchmark and docs/make-examples.ts.
import type { Fact } from '../src/domain/facts.ts';
import { aifaRecordToFacts } from '../src/sources/aifa/aifa-record.ts';
import { catalogueRecordToFacts } from '../src/sources/catalogue/catalogue-record.ts';
import { icecatRecordToFacts } from '../src/sources/icecat-facts.ts';
import { openFoodFactsRecordToFacts } from '../src/sources/open-food-facts-facts.ts';
import type { ProductFixture } from '../test/fakes/product-fixtures.ts';

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('a fixture record is an object');
  return value as Record<string, unknown>;
}

export function fixtureFacts(fixture: ProductFixture): Fact[] {
  const context = { code: fixture.code, fetchedAt: fixture.fetched_at };
  switch (fixture.source) {
    case 'open_food_facts':
      return openFoodFactsRecordToFacts(fixture.record, context);
    case 'icecat':
      return icecatRecordToFacts(fixture.record, context);
    case 'aifa':
      return aifaRecordToFacts(asRecord(fixture.record), context);
    case 'catalogue':
      return catalogueRecordToFacts(asRecord(fixture.record), context);
    default:
      throw new Error(`no mapper for ${fixture.source}`);
  }
}
