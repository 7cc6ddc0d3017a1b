// When a failed attempt is tried again, and when it is given up: one object per queue, asked by
// the code that settles an attempt. Pure: no I/O.

export interface RetryPolicy {
  /** Attempts in all: the first and every retry. */
  maxAttempts: number;
  /** Seconds to wait before the next attempt once `attempts` were made and the last failed; null when that was the last. */
  delayAfter(attempts: number): number | null;
}

/** `delaySeconds` after the first failed attempt, doubled after each one, at most `maxDelaySeconds`. */
export function backoffPolicy({ delaySeconds, maxDelaySeconds, maxAttempts }: { delaySeconds: number; maxDelaySeconds: number; maxAttempts: number }): RetryPolicy {
  return {
    maxAttempts,
    delayAfter: (attempts) => (attempts >= maxAttempts ? null : Math.min(maxDelaySeconds, delaySeconds * 2 ** Math.max(0, attempts - 1))),
  };
}

/** A wait per retry, in order: the first retry waits `scheduleSeconds[0]` after the first attempt; given up once the schedule is spent. */
export function schedulePolicy(scheduleSeconds: readonly number[]): RetryPolicy {
  const maxAttempts = scheduleSeconds.length + 1;
  return {
    maxAttempts,
    delayAfter: (attempts) => (attempts < 1 || attempts >= maxAttempts ? null : (scheduleSeconds[attempts - 1] ?? null)),
  };
}
