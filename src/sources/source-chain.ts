import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { readCachedAnswer, readCachedAnswers, writeCachedAnswer, type CachedAnswer } from '../db/source-cache.ts';
import { releaseFetchLease, takeFetchLease } from '../db/source-fetch-leases.ts';
import type { SqlRunner } from '../db/database.ts';
import type { Fact } from '../domain/facts.ts';
import { createCircuitBreaker, type BreakerSettings, type BreakerSnapshot, type BreakerTransition, type CircuitBreaker } from './circuit-breaker.ts';
import { SourceDownError, SourceUnavailableError, type ProductSource, type SourceQuery } from './source.ts';

/** `unavailable`: could not answer this time; `down`: skipped (or just failed) with its circuit breaker open. */
export type SourceOutcome = 'found' | 'not_found' | 'unavailable' | 'down' | 'not_applicable';

export interface SourceReport {
  source: string;
  outcome: SourceOutcome;
  /** True when the answer came from the shared cache, not from the source. */
  fromCache: boolean;
  /** For `unavailable` and `down`: why, readable. */
  message?: string;
}

/** One remote source's circuit breaker as `/health` shows it. */
export interface SourceHealth {
  state: BreakerSnapshot['state'];
  failures: number;
  /** While open: when the source is tried again (ISO 8601). */
  until?: string;
}

/** Where the chain says that a source's breaker opened or closed (pino's logger fits). */
export interface BreakerLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface GatheredFacts {
  /** Every source's facts, in chain order. */
  facts: Fact[];
  reports: SourceReport[];
}

export interface SourceChain {
  readonly names: readonly string[];
  gather(query: SourceQuery, signal?: AbortSignal): Promise<GatheredFacts>;
  /**
   * gather for several codes, each answer on its own as soon as it is there: the shared cache is
   * read for all of them at once (one statement per cached source), and only a code it does not
   * hold is asked on its own, so no answer waits for another code's slow source. Optional: a chain
   * without it is asked code by code.
   */
  gatherEach?(asks: ReadonlyArray<{ query: SourceQuery; signal?: AbortSignal }>): Promise<GatheredFacts>[];
  /** Each remote source's circuit breaker, by source name. */
  health(): Record<string, SourceHealth>;
}

export const DEFAULT_BREAKER_SETTINGS: BreakerSettings = { failures: 5, cooldownMs: 5_000, maxCooldownMs: 300_000 };

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
  /** When a remote source that keeps failing to connect is skipped, and for how long. */
  breaker?: BreakerSettings;
  /** The breakers' time (tests move it by hand). */
  clock?: { now(): number };
  log?: BreakerLog;
}

/**
 * Asks every source in order and merges what they return. Remote answers, found or not, are kept
 * in the shared cache, so one code is fetched once per TTL whatever the account. Lookups of the
 * same code already under way are joined rather than repeated: in this process by sharing the
 * promise, across processes by a lease in the database.
 * A source that cannot answer now is reported, not fatal: the caller decides whether to retry.
 * Each remote source has a circuit breaker (circuit-breaker.ts): once it is open the source is
 * skipped at once and reported `down`, instead of every product waiting on a network that is not there.
 */
export function createSourceChain(options: SourceChainOptions): SourceChain {
  const { db, sources } = options;
  const inFlight = new Map<string, Promise<{ answer: CachedAnswer; fromCache: boolean }>>();
  const leaseSeconds = options.leaseSeconds ?? 300;
  const leasePollMs = options.leasePollMs ?? 250;
  const pause = options.pause ?? ((ms: number) => sleep(ms));
  const clock = options.clock ?? { now: () => Date.now() };
  const breakers = new Map<string, CircuitBreaker>();
  for (const source of sources) {
    if (source.cached) breakers.set(source.name, createCircuitBreaker(options.breaker ?? DEFAULT_BREAKER_SETTINGS, clock));
  }

  /**
   * The lookup if the source's breaker lets it go, its outcome told to the breaker. A failure
   * while the breaker is open (this one opened it, or it opened meanwhile) becomes SourceDownError.
   * An answer read from the cache after waiting on another process says nothing about the source.
   */
  async function throughBreaker(source: ProductSource, lookup: () => Promise<{ answer: CachedAnswer; fromCache: boolean }>): Promise<{ answer: CachedAnswer; fromCache: boolean }> {
    const breaker = breakers.get(source.name);
    if (breaker === undefined) return lookup();
    const admission = breaker.admit();
    if (admission === 'skip') throw downError(source.name, breaker.snapshot());
    let result;
    try {
      result = await lookup();
    } catch (err) {
      if (err instanceof SourceUnavailableError && err.unreachable) {
        logTransition(source.name, breaker.failed(admission), breaker.snapshot(), err.message);
        const after = breaker.snapshot();
        if (after.state === 'open') throw downError(source.name, after, err);
      } else if (admission === 'probe') {
        breaker.released();
      }
      throw err;
    }
    if (!result.fromCache) logTransition(source.name, breaker.succeeded(), breaker.snapshot());
    else if (admission === 'probe') breaker.released();
    return result;
  }

  function logTransition(source: string, transition: BreakerTransition | null, snapshot: BreakerSnapshot, reason?: string): void {
    if (transition === null || options.log === undefined) return;
    if (transition === 'closed') {
      options.log.info({ source }, `source ${source} answers again: circuit breaker closed`);
      return;
    }
    const until = new Date(snapshot.until ?? clock.now()).toISOString();
    options.log.warn(
      { source, failures: snapshot.failures, until, reason },
      `source ${source} marked down until ${until} after ${snapshot.failures} failed connection(s) in a row: circuit breaker ${transition}`,
    );
  }

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

  /** Answers read from the shared cache ahead of the asking, by source and code. */
  type Prefetched = ReadonlyMap<string, ReadonlyMap<string, CachedAnswer>>;

  async function ask(source: ProductSource, query: SourceQuery, signal: AbortSignal | undefined, prefetched?: Prefetched): Promise<{ answer: CachedAnswer; fromCache: boolean }> {
    if (!source.cached) {
      const facts = await source.lookup(query, signal);
      return { answer: facts === null ? { found: false } : { found: true, facts }, fromCache: false };
    }
    const cached = prefetched?.get(source.name)?.get(query.code) ?? (await readCachedAnswer(db, source.name, query.code));
    if (cached !== undefined) return { answer: cached, fromCache: true };
    const key = `${source.name}\u0000${query.code}`;
    let pending = inFlight.get(key);
    if (pending === undefined) {
      pending = throughBreaker(source, () => fetchAndCache(source, query)).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    // A caller that gives up stops waiting; the shared lookup goes on for the others.
    return signal === undefined ? pending : untilAborted(pending, signal);
  }

  /** The shared cache's answers for these codes, one statement per cached source. */
  async function prefetch(queries: readonly SourceQuery[]): Promise<Prefetched> {
    const read = sources.flatMap((source) => {
      const codes = [...new Set(queries.filter((q) => source.codeTypes.includes(q.codeType)).map((q) => q.code))];
      return source.cached && codes.length > 0 ? [readCachedAnswers(db, source.name, codes).then((answers) => [source.name, answers] as const)] : [];
    });
    return new Map(await Promise.all(read));
  }

  async function gather(query: SourceQuery, signal: AbortSignal | undefined, prefetched?: Prefetched): Promise<GatheredFacts> {
    const facts: Fact[] = [];
    const reports: SourceReport[] = [];
    const seen = new Set<string>();
    for (const source of sources) {
      if (!source.codeTypes.includes(query.codeType)) {
        reports.push({ source: source.name, outcome: 'not_applicable', fromCache: false });
        continue;
      }
      try {
        const { answer, fromCache } = await ask(source, query, signal, prefetched);
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
        reports.push({ source: source.name, outcome: err instanceof SourceDownError ? 'down' : 'unavailable', fromCache: false, message: err.message });
      }
    }
    return { facts, reports };
  }

  return {
    names: sources.map((s) => s.name),
    gather: (query, signal) => gather(query, signal),
    gatherEach(asks) {
      if (asks.length === 0) return [];
      // A failed read of the shared cache fails no lookup: each code then reads it on its own.
      const prefetched = prefetch(asks.map((a) => a.query)).catch(() => undefined);
      return asks.map(async ({ query, signal }) => gather(query, signal, await prefetched));
    },
    health() {
      const out: Record<string, SourceHealth> = {};
      for (const [name, breaker] of breakers) {
        const { state, failures, until } = breaker.snapshot();
        out[name] = until === null ? { state, failures } : { state, failures, until: new Date(until).toISOString() };
      }
      return out;
    },
  };
}

function downError(source: string, snapshot: BreakerSnapshot, cause?: SourceUnavailableError): SourceDownError {
  const until = snapshot.until === null ? null : new Date(snapshot.until);
  const when = until === null ? 'while a trial request is under way' : `until ${until.toISOString()}`;
  // The same words whether this call opened the breaker or was skipped; the cause is in the log.
  return new SourceDownError(source, `marked down ${when} after ${snapshot.failures} failed connection(s) in a row`, { until, cause });
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
