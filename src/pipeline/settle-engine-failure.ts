import { recordAttemptUsage } from '../db/generations.ts';
import type { GenerationUsage } from '../domain/generation-usage.ts';
import { failUnderClaim, type GenerationFailure } from './fail-generation.ts';
import { missingSourcesFailure, type ProductFacts } from './gather-facts.ts';
import type { HeldClaim } from './generation-claim.ts';
import { MAX_DEFERRALS, type GenerationOutcome, type RunGenerationDeps } from './generation-outcome.ts';
import { AwaitingBatchError, PermanentGenerationError, TransientGenerationError } from '../domain/generation-ports.ts';
import { awaitBatchAnswers } from '../db/model-batches.ts';
import { deferUntil } from './requeue-generation.ts';

/**
 * A generation waiting for its batch answers is woken in the transaction that stores them (and is
 * due at once when they were stored while it ran); it also looks again after this long, each look
 * a run up to its first call: rare enough to cost nothing while a provider takes hours.
 */
const BATCH_RECHECK_SECONDS = 3600;

export interface FailedAttempt {
  gathered: ProductFacts;
  lastAttempt: boolean;
  /** The generation's usage so far with what this attempt spent added, or the earlier total when it spent nothing known. */
  usageWith(spent: GenerationUsage | undefined): GenerationUsage | null;
}

/** What a merchant reads when a generation fails for good: what happened, in our words, and that it was refunded. */
function permanentFailure(err: PermanentGenerationError, attempt: FailedAttempt, attempts: number): GenerationFailure {
  // No data because a source was down is not the same answer as no source knowing the code.
  const missing = err.reason === 'product_data_not_found' ? missingSourcesFailure(attempt.gathered, attempts) : null;
  return missing !== null ? { reason: 'source_unavailable', message: missing } : { reason: err.reason, message: err.message };
}

function transientFailure(err: TransientGenerationError, deferrals: number, attempts: number): GenerationFailure {
  // Said plainly, as for a source that stays down, rather than the queue's generic failure.
  const message =
    err.retryAfterMs !== undefined
      ? `The model provider kept asking to pause (${deferrals} waits). The credits were refunded; create the product again later.`
      : `${err.message} (after ${attempts} attempts). The credits were refunded; create the product again later.`;
  return { reason: err.reason, message };
}

/**
 * An engine's error, settled: calls handed to a provider batch send the generation back to the
 * queue until their answers are stored; a permanent one fails and refunds; a transient one defers the
 * generation (a provider's long pause), fails it (the last attempt, or too many pauses), or is
 * rethrown so the queue retries it, with the tokens it spent kept either way.
 */
export async function settleEngineFailure(deps: RunGenerationDeps, { generation, fence }: HeldClaim, err: unknown, attempt: FailedAttempt): Promise<GenerationOutcome> {
  const { db } = deps;
  if (err instanceof AwaitingBatchError) {
    return (await awaitBatchAnswers(db, generation.id, fence, BATCH_RECHECK_SECONDS)) ? 'deferred' : 'claim_lost';
  }
  if (err instanceof PermanentGenerationError) {
    return failUnderClaim(db, generation.id, permanentFailure(err, attempt, generation.attempts), attempt.usageWith(err.usage), fence);
  }
  if (!(err instanceof TransientGenerationError)) throw err;
  const total = attempt.usageWith(err.usage);
  if (err.retryAfterMs !== undefined && generation.deferrals < MAX_DEFERRALS) {
    // The provider asked everyone to wait longer than a run should sit in a worker: the generation
    // goes back to the queue for that long, and the wait does not use up one of its attempts.
    return deferUntil(deps, generation, fence, { usage: total, notBefore: new Date(Date.now() + err.retryAfterMs) });
  }
  if (attempt.lastAttempt || err.retryAfterMs !== undefined) {
    return failUnderClaim(db, generation.id, transientFailure(err, generation.deferrals, generation.attempts), total, fence);
  }
  if (err.usage !== undefined && total !== null) await recordAttemptUsage(db, generation.id, fence, total);
  throw err;
}
