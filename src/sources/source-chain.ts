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
  /** Waits between those looks (tests observe the waiting through it). */
  pause?: (ms: number) => Promise<void>;
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
  const inFlight = new Map<string, Promise<{ answer: CachedAnswer; fromCache: boolean }>>();
  const leaseSeconds = options.leaseSeconds ?? 300;
  const leasePollMs = options.leasePollMs ?? 250;
  const pause = options.pause ?? ((ms: number) => sleep(ms));

  /**
   * Fetches once across every process: whoever takes the lease asks the source; the others wait
   * for its answer in the cache. A waiter that then finds the lease released without an answer
   * reports the source unavailable instead of asking it again (its holder just failed; the queue
   * retries later); one that finds it expired takes over (its holder died).
   * Runs without any one caller's signal: callers in this process share it (see ask).
   */
  async function fetchAndCache(source: ProductSource, query: SourceQuery): Promise<{ answer: CachedAnswer; fromCache: boolean }> {
    const holder = randomUUID();
    let waited = false;
    let lease = await takeFetchLease(db, source.name, query.code, holder, leaseSeconds);
    while (lease === null) {
      waited = true;
      await pause(leasePollMs);
      const cached = await readCachedAnswer(db, source.name, query.code);
      if (cached !== undefined) return { answer: cached, fromCache: true };
      lease = await takeFetchLease(db, source.name, query.code, holder, leaseSeconds);
    }
    try {
      // Another process may have answered between our cache read and taking the lease.
      const answered = await readCachedAnswer(db, source.name, query.code);
      if (answered !== undefined) return { answer: answered, fromCache: true };
      if (waited && lease === 'new') {
        throw new SourceUnavailableError(source.name, `another worker's lookup of ${query.code} failed just now`);
      }
      const facts = await source.lookup(query);
      const ttl = facts === null ? options.notFoundTtlSeconds : options.cacheTtlSeconds;
      if (ttl > 0) await writeCachedAnswer(db, source.name, query.code, facts, ttl);
      return { answer: facts === null ? { found: false } : { found: true, facts }, fromCache: false };
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
      pending = fetchAndCache(source, query).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    // A caller that gives up stops waiting; the shared lookup goes on for the others.
    return signal === undefined ? pending : untilAborted(pending, signal);
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

/** The promise's outcome, or the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
