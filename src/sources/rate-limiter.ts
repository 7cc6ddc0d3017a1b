import { setTimeout as delay } from 'node:timers/promises';

// A per-source (or per-LLM-provider) limit of requests, and optionally tokens, per minute, in
// process. Written by hand because a limiter library (bottleneck, p-throttle) is not installed and
// the need is small: a sliding window of the last N grants, a FIFO of waiters, and a pause that a
// 429's Retry-After imposes on every later request.
// A sliding window (not a token bucket) because the public services state "N requests per minute":
// no 60-second span may see more than N requests, also right after start-up.

/** Time for the limiter; injected so tests move time by hand instead of waiting. */
export interface LimiterClock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
};

/** One granted request; its token estimate can be corrected once the real count is known. */
export interface Grant {
  /** Replaces the estimate with the tokens the request really used. */
  settle(tokens: number): void;
}

/** The wait for a slot would be longer than the caller accepts (a long pause a 429 imposed). */
export class WaitTooLongError extends Error {
  override name = 'WaitTooLongError';
  readonly waitMs: number;
  constructor(waitMs: number) {
    super(`the rate limit asks to wait ${Math.round(waitMs / 1000)} s`);
    this.waitMs = waitMs;
  }
}

export interface RateLimiter {
  /**
   * Waits until this caller may send one request costing about `tokens` (callers are served in
   * arrival order). Tokens count only when the limiter has a tokens-per-minute limit.
   */
  acquire(signal?: AbortSignal, tokens?: number, options?: { maxWaitMs?: number }): Promise<Grant>;
  /** Holds back every later request for at least `seconds` (a 429's Retry-After). */
  pauseFor(seconds: number): void;
  /** Milliseconds the current pause still lasts; 0 when not paused. */
  pauseRemainingMs(): number;
}

const WINDOW_MS = 60_000;
const MAX_PAUSE_SECONDS = 3600;

export function createRateLimiter(options: { requestsPerMinute: number; tokensPerMinute?: number; clock?: LimiterClock }): RateLimiter {
  const limit = Math.max(1, Math.floor(options.requestsPerMinute));
  const tokenLimit = options.tokensPerMinute === undefined ? Infinity : Math.max(1, options.tokensPerMinute);
  const clock = options.clock ?? systemClock;
  /** Grants inside the current window, oldest first; never longer than `limit`. */
  const grants: Array<{ at: number; tokens: number; gone: boolean }> = [];
  let pausedUntil = 0;
  /** Settles when the previous caller has taken its slot (or given up): the FIFO. */
  let tail: Promise<void> = Promise.resolve();

  /** Tokens of the grants in `grants`, kept as they come and go so a check never sums the window. */
  let windowTokens = 0;

  const waitNeeded = (now: number, tokens: number): number => {
    while (grants.length > 0 && (grants[0]?.at ?? 0) <= now - WINDOW_MS) {
      const left = grants.shift();
      if (left === undefined) break;
      left.gone = true;
      windowTokens -= left.tokens;
    }
    const untilWindowFrees = grants.length >= limit ? (grants[0]?.at ?? now) + WINDOW_MS - now : 0;
    return Math.max(untilWindowFrees, untilTokensFree(now, tokens), pausedUntil - now, 0);
  };

  /** How long until enough of the window's tokens age out; a request larger than the limit goes alone. */
  const untilTokensFree = (now: number, tokens: number): number => {
    if (tokenLimit === Infinity || windowTokens + tokens <= tokenLimit) return 0;
    let used = windowTokens;
    for (const grant of grants) {
      if (used + tokens <= tokenLimit) return 0;
      used -= grant.tokens;
      if (used + tokens <= tokenLimit || used === 0) return grant.at + WINDOW_MS - now;
    }
    return 0;
  };

  const takeSlot = async (signal: AbortSignal | undefined, tokens: number, maxWaitMs: number): Promise<Grant> => {
    // Re-checked after every sleep: a pause may have been set, or lengthened, meanwhile.
    for (;;) {
      signal?.throwIfAborted();
      const now = clock.now();
      const wait = waitNeeded(now, tokens);
      if (wait > maxWaitMs) throw new WaitTooLongError(wait);
      if (wait === 0) {
        const grant = { at: now, tokens, gone: false };
        grants.push(grant);
        windowTokens += tokens;
        return {
          settle(actual) {
            if (!Number.isFinite(actual) || actual < 0) return;
            // A grant that has already left the window no longer counts.
            if (!grant.gone) windowTokens += actual - grant.tokens;
            grant.tokens = actual;
          },
        };
      }
      await clock.sleep(wait, signal);
    }
  };

  return {
    async acquire(signal, tokens = 0, options = {}) {
      signal?.throwIfAborted();
      const previous = tail;
      const turn = Promise.withResolvers<void>();
      tail = turn.promise;
      try {
        await abortable(previous, signal);
        return await takeSlot(signal, Math.max(0, tokens), options.maxWaitMs ?? Infinity);
      } finally {
        // An aborted waiter hands on its turn only once the one before it is done, so two callers
        // never compute a slot at the same time.
        void previous.then(turn.resolve);
      }
    },
    pauseFor(seconds) {
      if (!Number.isFinite(seconds) || seconds <= 0) return;
      // An absurd Retry-After (a proxy's, a bug's) must not switch a source off until restart.
      pausedUntil = Math.max(pausedUntil, clock.now() + Math.min(seconds, MAX_PAUSE_SECONDS) * 1000);
    },
    pauseRemainingMs() {
      return Math.max(0, pausedUntil - clock.now());
    },
  };
}

function abortable(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return promise;
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
