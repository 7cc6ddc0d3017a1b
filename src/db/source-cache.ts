import type { Fact } from '../domain/facts.ts';
import type { SqlRunner } from './database.ts';

export type CachedAnswer = { found: true; facts: Fact[] } | { found: false };

/** A source's unexpired answer for a code, or undefined when it must be asked again. */
export async function readCachedAnswer(db: SqlRunner, source: string, code: string): Promise<CachedAnswer | undefined> {
  return (await readCachedAnswers(db, source, [code])).get(code);
}

/** The same for many codes of one source in one statement; a code missing from the map must be asked again. */
export async function readCachedAnswers(db: SqlRunner, source: string, codes: readonly string[]): Promise<Map<string, CachedAnswer>> {
  const rows = await db.query<{ code: string; facts: Fact[] | null }>('SELECT code, facts FROM source_cache WHERE source = $1 AND code = ANY ($2::text[]) AND expires_at > now()', [
    source,
    codes,
  ]);
  return new Map(rows.map((r) => [r.code, r.facts === null ? { found: false } : { found: true, facts: r.facts }]));
}

/** Keeps an answer for `ttlSeconds`; the newest answer wins when two workers fetched at once. */
export async function writeCachedAnswer(db: SqlRunner, source: string, code: string, facts: readonly Fact[] | null, ttlSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO source_cache (source, code, facts, fetched_at, expires_at)
     VALUES ($1, $2, $3::jsonb, now(), now() + make_interval(secs => $4))
     ON CONFLICT (source, code) DO UPDATE SET facts = EXCLUDED.facts, fetched_at = EXCLUDED.fetched_at, expires_at = EXCLUDED.expires_at`,
    [source, code, facts === null ? null : JSON.stringify(facts), ttlSeconds],
  );
}
