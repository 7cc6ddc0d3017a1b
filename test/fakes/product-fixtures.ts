import { readdirSync, readFileSync } from 'node:fs';

/** One file of test/fixtures/products/ (the shared fixture format). */
export interface ProductFixture {
  slug: string;
  category: 'food' | 'cosmetics' | 'medicine' | 'electronics' | 'household' | 'petfood';
  source: string;
  code: string;
  fetched_at: string;
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
