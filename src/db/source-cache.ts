import type { Fact } from '../domain/facts.ts';
import type { SqlRunner } from './database.ts';

export type CachedAnswer = { found: true; facts: Fact[] } | { found: false };

/** A source's unexpired answer for a code, or undefined when it must be asked again. */
export async function readCachedAnswer(db: SqlRunner, source: string, code: string): Promise<CachedAnswer | undefined> {
  const rows = await db.query<{ facts: Fact[] | null }>('SELECT facts FROM source_cache WHERE source = $1 AND code = $2 AND expires_at > now()', [source, code]);
  const row = rows[0];
  if (row === undefined) return undefined;
  return row.facts === null ? { found: false } : { found: true, facts: row.facts };
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
