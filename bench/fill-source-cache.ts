import type { Container } from '../src/container.ts';
import type { Database } from '../src/db/database.ts';
import type { Fact } from '../src/domain/facts.ts';
import { createSourceChain } from '../src/sources/source-chain.ts';

/**
 * Puts a food database's answer for every code in the shared source cache, 1,000 rows a statement,
 * so a benchmark's generations read facts without the network.
 */
export async function fillSourceCache(db: Database, all: readonly string[], factsFor: (code: string, i: number, at: string) => Fact[]): Promise<void> {
  const at = new Date().toISOString();
  for (let start = 0; start < all.length; start += 1000) {
    const rows = all.slice(start, start + 1000).map((code, j) => ({ code, facts: factsFor(code, start + j, at) }));
    await db.query(
      `INSERT INTO source_cache (source, code, facts, expires_at)
       SELECT 'open_food_facts', r.code, r.facts, now() + interval '1 day' FROM jsonb_to_recordset($1::jsonb) AS r(code text, facts jsonb)`,
      [JSON.stringify(rows)],
    );
  }
}

/**
 * Makes the container's only source a food database answered from the cache alone, and fills the
 * cache for every code: a miss fails its generation, so a run measures the service, not a remote API.
 */
export async function answerFromCacheOnly(container: Container, all: readonly string[], factsFor: (code: string, i: number, at: string) => Fact[]): Promise<void> {
  container.sources = createSourceChain({
    db: container.db,
    sources: [
      {
        name: 'open_food_facts',
        cached: true,
        codeTypes: ['ean'],
        lookup: () => Promise.reject(new Error('benchmark cache miss: every code must be answered from the cache')),
      },
    ],
    cacheTtlSeconds: 3600,
    notFoundTtlSeconds: 3600,
  });
  await fillSourceCache(container.db, all, factsFor);
}
