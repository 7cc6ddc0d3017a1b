import { changeBalance } from '../db/accounts.ts';
import type { Database } from '../db/database.ts';
import { failGeneration, type ClaimFence } from '../db/generations.ts';
import { recordGenerationSettled } from '../db/webhook-events.ts';
import type { GenerationUsage } from '../domain/generation-usage.ts';

export interface GenerationFailure {
  reason: string;
  message: string;
}

/**
 * Settles a generation as failed for good, refunds what it charged and writes its `product.failed`
 * webhook event, in one transaction.
 * Idempotent: a second call finds it settled and does nothing.
 * A run passes its fence, so a run whose claim was taken over neither fails nor refunds it.
 */
export async function failAndRefund(
  db: Database,
  generationId: string,
  failure: GenerationFailure,
  usage: GenerationUsage | null = null,
  fence: ClaimFence | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const failed = await failGeneration(tx, generationId, failure, usage, fence);
    if (failed === undefined) return false;
    await recordGenerationSettled(tx, generationId);
    if (failed.cost > 0) {
      await changeBalance(tx, {
        accountId: failed.account_id,
        delta: failed.cost,
        kind: 'refund',
        generationId,
        memo: failure.reason,
      });
    }
    return true;
  });
}

/**
 * failAndRefund by a run under its claim, as the run's outcome: 'claim_lost' when the claim was
 * another run's by then, which settled nothing, so the worker does not report a failure that the
 * live run may yet turn into a record.
 */
export async function failUnderClaim(
  db: Database,
  generationId: string,
  failure: GenerationFailure,
  usage: GenerationUsage | null,
  fence: ClaimFence,
): Promise<'failed' | 'claim_lost'> {
  return (await failAndRefund(db, generationId, failure, usage, fence)) ? 'failed' : 'claim_lost';
}
