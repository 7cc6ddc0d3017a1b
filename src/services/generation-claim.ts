import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { claimGeneration, releaseClaim, renewClaim, type ClaimFence, type GenerationRow } from '../db/generations.ts';

/**
 * How a run holds its generation. A crashed worker's claim lapses within a lease, and the
 * generation is then due again; the lease is renewed three times per lease, so one slow renewal
 * does not lose it.
 */
export interface ClaimTimings {
  leaseSeconds: number;
  renewEverySeconds: number;
  /**
   * How long a generation whose attempt failed waits before it is due again, by the attempts it
   * has used (1 after the first); null when that was its last attempt, whose claim is then kept
   * (its lease no longer renewed) for the generation to be failed under it. Absent: due again at once.
   */
  retryDelaySeconds?: (attempts: number) => number | null;
  /**
   * When it outlives its time limit, or its process is shutting down, a run is asked to stop;
   * it keeps its lease this long to unwind, so the next run never starts beside it. A run that
   * ignores the request for longer is taken for hung: its lease then lapses, and its writes are
   * fenced out.
   */
  stopGraceSeconds: number;
}

/** A failed attempt's wait before the next: `delaySeconds`, doubled after each attempt, at most `maxDelaySeconds`. */
export interface RetryBackoff {
  delaySeconds: number;
  maxDelaySeconds: number;
}

export function retryDelay(backoff: RetryBackoff, attempts: number): number {
  return Math.min(backoff.maxDelaySeconds, backoff.delaySeconds * 2 ** Math.max(0, attempts - 1));
}

export function claimTimings(runExpireSeconds: number, backoff?: RetryBackoff): ClaimTimings {
  const leaseSeconds = Math.min(30, runExpireSeconds / 4);
  return {
    leaseSeconds,
    renewEverySeconds: leaseSeconds / 3,
    stopGraceSeconds: 60,
    ...(backoff === undefined ? {} : { retryDelaySeconds: (attempts: number) => retryDelay(backoff, attempts) }),
  };
}

export class ClaimLostError extends Error {
  override name = 'ClaimLostError';
}

export interface HeldClaim {
  generation: GenerationRow;
  fence: ClaimFence;
  /** Aborted when the run must stop: its time was up, its worker is stopping, or its claim was lost. */
  signal: AbortSignal;
  /** Stops renewing and, after a failed attempt, ends the lease: the generation is due again after the retry delay (see ClaimTimings). */
  release(): Promise<void>;
  /** Stops renewing, for a generation whose settling statement already ended the lease (no statement sent). */
  settled(): Promise<void>;
}

export type ClaimAttempt = { status: 'claimed'; claim: HeldClaim } | { status: 'settled' } | { status: 'busy' | 'not_due'; productId: string; retryInSeconds: number };

/** Claims the generation under a new token and keeps the lease renewed until released. */
export async function holdGeneration(db: Database, generationId: string, timings: ClaimTimings, jobSignal?: AbortSignal): Promise<ClaimAttempt> {
  const fence = { token: randomUUID() };
  const claimed = await claimGeneration(db, generationId, { ...fence, leaseSeconds: timings.leaseSeconds });
  if (claimed.status !== 'claimed') return claimed;
  return { status: 'claimed', claim: keepClaim(db, claimed.generation, fence, timings, jobSignal) };
}

/**
 * Keeps a claim just taken (by the queue's fetch, or by holdGeneration) renewed
 * until it is released, or until its run settled the generation and ends it with `settled`.
 */
export function keepClaim(db: Database, generation: GenerationRow, fence: ClaimFence, timings: ClaimTimings, jobSignal?: AbortSignal): HeldClaim {
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
      const retryInSeconds = timings.retryDelaySeconds === undefined ? 0 : timings.retryDelaySeconds(generation.attempts);
      if (retryInSeconds === null) return;
      // Failing to end it early only makes the next run wait for it to lapse.
      await releaseClaim(db, generationId, fence, retryInSeconds).catch(() => {});
    },
    settled: stop,
  };
}
