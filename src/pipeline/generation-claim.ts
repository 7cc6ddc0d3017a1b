import type { Database } from '../db/database.ts';
import { releaseClaim, renewClaim, type ClaimFence, type GenerationRow } from '../db/generations.ts';
import { backoffPolicy, type RetryPolicy } from '../queue/retry-policy.ts';

/**
 * How a run holds its generation. A crashed worker's claim lapses within a lease, and the
 * generation is then due again; the lease is renewed three times per lease, so one slow renewal
 * does not lose it.
 */
export interface ClaimTimings {
  leaseSeconds: number;
  renewEverySeconds: number;
  /**
   * When it outlives its time limit, or its process is shutting down, a run is asked to stop;
   * it keeps its lease this long to unwind, so the next run never starts beside it. A run that
   * ignores the request for longer is taken for hung: its lease then lapses, and its writes are
   * fenced out.
   */
  stopGraceSeconds: number;
}

/** The lease is a quarter of a run's expiry or less: renewed many times within a run, and a dead worker's claim lapses long before a live run would have been given up. */
export function claimTimings(runExpireSeconds: number): ClaimTimings {
  const leaseSeconds = Math.min(30, runExpireSeconds / 4);
  return { leaseSeconds, renewEverySeconds: leaseSeconds / 3, stopGraceSeconds: 60 };
}

/** The longest wait between two attempts of a generation, however many failed before. */
const MAX_RETRY_DELAY_SECONDS = 600;

/** A generation's attempts: GENERATION_RETRIES retries after the first, GENERATION_RETRY_DELAY_SECONDS after the first failure, doubled after each. */
export function generationRetryPolicy(worker: { retryLimit: number; retryDelaySeconds: number }): RetryPolicy {
  return backoffPolicy({ delaySeconds: worker.retryDelaySeconds, maxDelaySeconds: MAX_RETRY_DELAY_SECONDS, maxAttempts: worker.retryLimit + 1 });
}

export class ClaimLostError extends Error {
  override name = 'ClaimLostError';
}

export interface HeldClaim {
  generation: GenerationRow;
  fence: ClaimFence;
  /** Aborted when the run must stop: its time was up, its worker is stopping, or its claim was lost. */
  signal: AbortSignal;
  /**
   * Stops renewing and, after a failed attempt, ends the lease: the generation is due again after
   * the retry policy's delay. After the last attempt the claim is kept (its lease no longer
   * renewed), for the generation to be failed under it.
   */
  release(): Promise<void>;
  /** Stops renewing, for a generation whose settling statement already ended the lease (no statement sent). */
  settled(): Promise<void>;
}

/**
 * Keeps a claim the queue's fetch just took renewed until it is released (with `retry`'s delay),
 * or until its run settled the generation and ends it with `settled`.
 */
export function keepClaim(db: Database, generation: GenerationRow, fence: ClaimFence, timings: ClaimTimings, retry: RetryPolicy, jobSignal?: AbortSignal): HeldClaim {
  const generationId = generation.id;
  const lost = new AbortController();
  const signal = jobSignal === undefined ? lost.signal : AbortSignal.any([jobSignal, lost.signal]);
  let leaseEndsAt = Date.now() + timings.leaseSeconds * 1000;
  let renewUntil = Number.POSITIVE_INFINITY;
  const askedToStop = () => (renewUntil = Date.now() + timings.stopGraceSeconds * 1000);
  if (jobSignal?.aborted === true) askedToStop();
  else jobSignal?.addEventListener('abort', askedToStop, { once: true });

  let stopped = false;
  let renewing: Promise<void> | null = null;
  const renew = async () => {
    if (stopped || lost.signal.aborted) return;
    if (Date.now() >= renewUntil) {
      lost.abort(new ClaimLostError(`generation ${generationId}: the run did not stop when asked; its lease is left to lapse`));
      return;
    }
    const startedAt = Date.now();
    try {
      if (await renewClaim(db, generationId, { ...fence, leaseSeconds: timings.leaseSeconds })) {
        leaseEndsAt = startedAt + timings.leaseSeconds * 1000;
      } else if (!stopped) {
        lost.abort(new ClaimLostError(`generation ${generationId}: the claim was taken over or settled elsewhere`));
      }
    } catch (err) {
      // One failed renewal is not a lost claim; a lease that may have lapsed is.
      if (Date.now() >= leaseEndsAt) lost.abort(new ClaimLostError(`generation ${generationId}: the lease could not be renewed`, { cause: err }));
    }
  };
  const timer = setInterval(() => {
    if (lost.signal.aborted) clearInterval(timer);
    else renewing ??= renew().finally(() => (renewing = null));
  }, timings.renewEverySeconds * 1000);

  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    jobSignal?.removeEventListener('abort', askedToStop);
    // A renewal still in flight must not extend the lease after it was ended.
    await renewing;
  };
  return {
    generation,
    fence,
    signal,
    async release() {
      await stop();
      const retryInSeconds = retry.delayAfter(generation.attempts);
      if (retryInSeconds === null) return;
      // Failing to end it early only makes the next run wait for it to lapse.
      await releaseClaim(db, generationId, fence, retryInSeconds).catch(() => {});
    },
    settled: stop,
  };
}
