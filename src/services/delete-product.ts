import { changeBalance } from '../db/accounts.ts';
import type { Database } from '../db/database.ts';
import { failGeneration, lockUnsettledGenerations } from '../db/generations.ts';
import { lockProduct, markProductDeleted } from '../db/products.ts';
import { recordGenerationSettled } from '../db/webhook-events.ts';
import { findOwnProduct, refForMessage } from './find-own-product.ts';

export type DeleteOutcome = { kind: 'deleted'; productId: string; refunded: number } | { kind: 'product_not_found'; message: string };

const DELETED = { reason: 'product_deleted', message: 'The product was deleted before this generation finished. The credits were refunded.' };

/**
 * Deletes a product in one transaction: a generation still queued or running is failed and
 * refunded (a queued one leaves the queue with it; a running one is overruled, so its fenced
 * writes land nowhere and it stops; its `product.failed` event is written), its content, history and facts are removed, and
 * the row stays as a tombstone that no read returns. The ledger keeps every row.
 */
export async function deleteProduct(deps: { db: Database }, accountId: string, ref: string): Promise<DeleteOutcome> {
  const notFound = { kind: 'product_not_found', message: `No product matches "${refForMessage(ref)}".` } as const;
  const found = await findOwnProduct(deps.db, accountId, ref);
  if (found === undefined) return notFound;
  return deps.db.transaction(async (tx): Promise<DeleteOutcome> => {
    // Generations before the product: the order a worker's statements lock them in, so the two cannot deadlock.
    await lockUnsettledGenerations(tx, found.id);
    const product = await lockProduct(tx, found.id);
    if (product === undefined) return notFound;
    // Again after the product's lock: a regeneration queued in between is cancelled too.
    const unsettled = await lockUnsettledGenerations(tx, product.id);
    let refunded = 0;
    for (const generation of unsettled) {
      const failed = await failGeneration(tx, generation.id, DELETED);
      if (failed === undefined) continue;
      await recordGenerationSettled(tx, generation.id);
      if (failed.cost === 0) continue;
      await changeBalance(tx, { accountId: failed.account_id, delta: failed.cost, kind: 'refund', generationId: generation.id, memo: DELETED.reason });
      refunded += failed.cost;
    }
    await markProductDeleted(tx, product.id);
    return { kind: 'deleted', productId: product.id, refunded };
  });
}
