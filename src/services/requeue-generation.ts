import type { ClaimFence, GenerationRow } from '../db/generations.ts';
import { deferGeneration } from '../db/generations.ts';
import type { GenerationUsage } from '../domain/generation-usage.ts';
import type { GenerationOutcome, RunGenerationDeps } from './generation-outcome.ts';

/** Whole seconds from now until `when`, at least one: the queue's start-after unit. */
function secondsUntil(when: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - Date.now()) / 1000));
}

/** Back to the queue until `notBefore`, in one transaction with the job that will run it then. */
export async function deferUntil(
  deps: Pick<RunGenerationDeps, 'db' | 'queue'>,
  generation: GenerationRow,
  fence: ClaimFence,
  options: { usage: GenerationUsage | null; notBefore: Date },
): Promise<GenerationOutcome> {
  const afterSeconds = secondsUntil(options.notBefore);
  const deferred = await deps.db.transaction(async (tx) => {
    if (!(await deferGeneration(tx, generation.id, fence, { usage: options.usage, afterSeconds }))) return false;
    // Due at the same instant as the generation: both are now() of this transaction plus afterSeconds (queue.ts).
    await deps.queue.enqueue(tx, [{ generationId: generation.id, productId: generation.product_id }], { startAfterSeconds: afterSeconds });
    return true;
  });
  return deferred ? 'deferred' : 'claim_lost';
}

/**
 * A job that could not claim its generation goes back to the queue for when it can, without using
 * an attempt. `busy`: another run holds it and is alive (its lease is live); running beside it
 * would spend twice and race its writes. `not_due`: it was deferred and its time has not come (a
 * second job for it, or one a clock put early); a job for then, so it never waits on one that may
 * not exist.
 */
export async function requeueUnclaimed(
  deps: Pick<RunGenerationDeps, 'db' | 'queue'>,
  generationId: string,
  /** `retryInSeconds`: whole seconds, at least one (claimGeneration's statement guarantees it). */
  unclaimed: { status: 'busy' | 'not_due'; productId: string; retryInSeconds: number },
): Promise<GenerationOutcome> {
  await deps.db.transaction((tx) => deps.queue.enqueue(tx, [{ generationId, productId: unclaimed.productId }], { startAfterSeconds: unclaimed.retryInSeconds }));
  return unclaimed.status === 'busy' ? 'claim_busy' : 'not_due';
}
