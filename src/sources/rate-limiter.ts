import { setTimeout as delay } from 'node:timers/promises';

// A per-source limit of requests per minute, in process. Written by hand because a limiter library
// (bottleneck, p-throttle) is not installed and the need is small: a sliding window of the last
// N grants, a FIFO of waiters, and a pause that a 429's Retry-After imposes on every later request.
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

export interface RateLimiter {
  /** Waits until this caller may send one request (callers are served in arrival order). */
  acquire(signal?: AbortSignal): Promise<void>;
  /** Holds back every later request for at least `seconds` (a 429's Retry-After). */
  pauseFor(seconds: number): void;
  /** Milliseconds the current pause still lasts; 0 when not paused. */
  pauseRemainingMs(): number;
}

const WINDOW_MS = 60_000;
const MAX_PAUSE_SECONDS = 3600;

export function createRateLimiter(options: { requestsPerMinute: number; clock?: LimiterClock }): RateLimiter {
  const limit = Math.max(1, Math.floor(options.requestsPerMinute));
  const clock = options.clock ?? systemClock;
  /** Grant times inside the current window, oldest first; never longer than `limit`. */
  const grants: number[] = [];
  let pausedUntil = 0;
  /** Settles when the previous caller has taken its slot (or given up): the FIFO. */
  let tail: Promise<void> = Promise.resolve();

  const waitNeeded = (now: number): number => {
    while (grants.length > 0 && (grants[0] ?? 0) <= now - WINDOW_MS) grants.shift();
    const untilWindowFrees = grants.length >= limit ? (grants[0] ?? now) + WINDOW_MS - now : 0;
    return Math.max(untilWindowFrees, pausedUntil - now, 0);
  };

  const takeSlot = async (signal: AbortSignal | undefined): Promise<void> => {
    // Re-checked after every sleep: a pause may have been set, or lengthened, meanwhile.
    for (;;) {
      signal?.throwIfAborted();
      const now = clock.now();
      const wait = waitNeeded(now);
      if (wait === 0) {
        grants.push(now);
        return;
      }
      await clock.sleep(wait, signal);
    }
  };

  return {
    async acquire(signal) {
      signal?.throwIfAborted();
      const previous = tail;
      const turn = Promise.withResolvers<void>();
      tail = turn.promise;
      try {
        await abortable(previous, signal);
        await takeSlot(signal);
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
