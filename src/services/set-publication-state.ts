import type { Database } from '../db/database.ts';
import { setPublicationState } from '../db/products.ts';
import type { PublicationState } from '../domain/publication-states.ts';
import { lockPublicationStates, recordPublicationChanges } from '../db/webhook-events.ts';
import { findOwnProductIds, refForMessage } from './find-own-product.ts';
import { transactionOrAnswer } from '../db/transaction-or-answer.ts';
import { expandAllWebhookFanouts } from '../db/webhook-fanouts.ts';

export type PublicationOutcome = { kind: 'set'; productIds: string[] } | { kind: 'product_not_found'; message: string };

const notFound = (ref: string): PublicationOutcome => ({ kind: 'product_not_found', message: `No product matches "${refForMessage(ref)}"; no publication state was changed.` });

/**
 * Sets the publication state of every named product (ids, codes or skus of the caller's account),
 * or of none: one unknown name fails the whole call. Any state may follow any other; a person
 * decides (taking a product offline again is as valid as publishing it).
 */
export async function setPublicationStates(db: Database, accountId: string, refs: readonly string[], state: PublicationState): Promise<PublicationOutcome> {
  const outcome = await transactionOrAnswer<PublicationOutcome>(db, async (tx) => {
    const ids = new Map<string, string>();
    const found = await findOwnProductIds(tx, accountId, refs);
    for (const [i, ref] of refs.entries()) {
      const id = found[i];
      if (id === undefined) return { commit: notFound(ref) };
      if (!ids.has(id)) ids.set(id, ref);
    }
    const before = await lockPublicationStates(tx, [...ids.keys()]);
    const set = new Set(await setPublicationState(tx, [...ids.keys()], state));
    // Deleted between the look-up and the update: nothing of this call may stay.
    for (const [id, ref] of ids) if (!set.has(id)) return { rollback: notFound(ref) };
    await recordPublicationChanges(tx, accountId, before, state);
    return { commit: { kind: 'set', productIds: [...ids.keys()] } };
  });
  // Events fanned out to more deliveries than one transaction writes (many products, many
  // endpoints) get them now, a slice per transaction, so the call answers with its deliveries
  // listed. The change is committed whatever happens here: the webhook workers write what is left.
  if (outcome.kind === 'set') await expandAllWebhookFanouts(db, accountId).catch(() => {});
  return outcome;
}
