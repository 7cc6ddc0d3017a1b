import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { readCachedAnswer, writeCachedAnswer, type CachedAnswer } from '../db/source-cache.ts';
import { releaseFetchLease, takeFetchLease } from '../db/source-fetch-leases.ts';
import type { SqlRunner } from '../db/database.ts';
import type { Fact } from '../domain/facts.ts';
import { SourceUnavailableError, type ProductSource, type SourceQuery } from './source.ts';

export type SourceOutcome = 'found' | 'not_found' | 'unavailable' | 'not_applicable';

export interface SourceReport {
  source: string;
  outcome: SourceOutcome;
  /** True when the answer came from the shared cache, not from the source. */
  fromCache: boolean;
  /** For `unavailable`: why, readable. */
  message?: string;
}

export interface GatheredFacts {
  /** Every source's facts, in chain order. */
  facts: Fact[];
  reports: SourceReport[];
}

export interface SourceChain {
  readonly names: readonly string[];
  gather(query: SourceQuery, signal?: AbortSignal): Promise<GatheredFacts>;
}

export interface SourceChainOptions {
  db: SqlRunner;
  sources: readonly ProductSource[];
  cacheTtlSeconds: number;
  notFoundTtlSeconds: number;
  /** How long one process may hold the right to fetch a code before another may take over. */
  leaseSeconds?: number;
  /** How often a process waiting on another's fetch looks for its answer in the cache. */
  leasePollMs?: number;
}

/**
 * Asks every source in order and merges what they return. Remote answers, found or not, are kept
 * in the shared cache, so one code is fetched once per TTL whatever the account. Lookups of the
 * same code already under way are joined rather than repeated: in this process by sharing the
 * promise, across processes by a lease in the database.
 * A source that cannot answer now is reported, not fatal: the caller decides whether to retry.
 */
export function createSourceChain(options: SourceChainOptions): SourceChain {
  const { db, sources } = options;
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  const leaseSeconds = options.leaseSeconds ?? 300;
  const leasePollMs = options.leasePollMs ?? 250;

  /**
   * Fetches once across every process: whoever takes the lease asks the source; the others wait
   * for its answer in the cache, and take the lease themselves if it is released without one
   * (the source failed) or expires (its holder died).
   */
  async function fetchAndCache(source: ProductSource, query: SourceQuery, signal: AbortSignal | undefined): Promise<CachedAnswer> {
    const holder = randomUUID();
    while (!(await takeFetchLease(db, source.name, query.code, holder, leaseSeconds))) {
      await sleep(leasePollMs, undefined, signal === undefined ? {} : { signal });
      const cached = await readCachedAnswer(db, source.name, query.code);
      if (cached !== undefined) return cached;
    }
    try {
      // Another process may have answered between our cache read and taking the lease.
      const answered = await readCachedAnswer(db, source.name, query.code);
      if (answered !== undefined) return answered;
      const facts = await source.lookup(query, signal);
      const ttl = facts === null ? options.notFoundTtlSeconds : options.cacheTtlSeconds;
      if (ttl > 0) await writeCachedAnswer(db, source.name, query.code, facts, ttl);
      return facts === null ? { found: false } : { found: true, facts };
    } finally {
      await releaseFetchLease(db, source.name, query.code, holder);
    }
  }

  async function ask(source: ProductSource, query: SourceQuery, signal: AbortSignal | undefined): Promise<{ answer: CachedAnswer; fromCache: boolean }> {
    if (!source.cached) {
      const facts = await source.lookup(query, signal);
      return { answer: facts === null ? { found: false } : { found: true, facts }, fromCache: false };
    }
    const cached = await readCachedAnswer(db, source.name, query.code);
    if (cached !== undefined) return { answer: cached, fromCache: true };
    const key = `${source.name}\u0000${query.code}`;
    let pending = inFlight.get(key);
    if (pending === undefined) {
      pending = fetchAndCache(source, query, signal).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return { answer: await pending, fromCache: false };
  }

  return {
    names: sources.map((s) => s.name),
    async gather(query, signal) {
      const facts: Fact[] = [];
      const reports: SourceReport[] = [];
      const seen = new Set<string>();
      for (const source of sources) {
        if (!source.codeTypes.includes(query.codeType)) {
          reports.push({ source: source.name, outcome: 'not_applicable', fromCache: false });
          continue;
        }
        try {
          const { answer, fromCache } = await ask(source, query, signal);
          reports.push({ source: source.name, outcome: answer.found ? 'found' : 'not_found', fromCache });
          if (!answer.found) continue;
          for (const fact of answer.facts) {
            // Ids carry the source name, so a repeat is the same fact twice from one source.
            if (seen.has(fact.id)) continue;
            seen.add(fact.id);
            facts.push(fact);
          }
        } catch (err) {
          if (!(err instanceof SourceUnavailableError)) throw err;
          reports.push({ source: source.name, outcome: 'unavailable', fromCache: false, message: err.message });
        }
      }
      return { facts, reports };
    },
  };
}
