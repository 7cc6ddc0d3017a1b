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
 * A job came before its deferred generation was due (a second job for it, or one a clock put early):
 * another job, for when it is due, so the generation never waits on a job that may not exist.
 */
export async function waitUntilDue(
  deps: Pick<RunGenerationDeps, 'db' | 'queue'>,
  generationId: string,
  notDue: { productId: string; dueInSeconds: number },
): Promise<GenerationOutcome> {
  await deps.db.transaction((tx) => deps.queue.enqueue(tx, [{ generationId, productId: notDue.productId }], { startAfterSeconds: Math.max(1, notDue.dueInSeconds) }));
  return 'not_due';
}

/**
 * Another run holds the generation and is alive (its lease is live): running beside it would
 * spend twice and race its writes, so a job waits for the lease to end, without using an attempt.
 */
export async function waitForClaim(
  deps: Pick<RunGenerationDeps, 'db' | 'queue'>,
  generationId: string,
  busy: { productId: string; claimedUntil: Date },
): Promise<GenerationOutcome> {
  await deps.db.transaction((tx) => deps.queue.enqueue(tx, [{ generationId, productId: busy.productId }], { startAfterSeconds: secondsUntil(busy.claimedUntil) }));
  return 'claim_busy';
}
