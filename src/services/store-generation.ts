import { insertHistory, type HistoryEntry } from '../db/content-history.ts';
import { listContent, upsertContent } from '../db/content.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { completeGeneration, type GenerationRow, lockGenerationsById } from '../db/generations.ts';
import { recordProductFamily, setProductFacts, type ProductRow } from '../db/products.ts';
import { lockPublicationStates, type PublicationBefore, recordGenerationSettled, recordPublicationChanges } from '../db/webhook-events.ts';
import type { CountryContent } from '../domain/content.ts';
import { changedFields } from '../domain/content-changes.ts';
import type { Fact } from '../domain/facts.ts';
import type { GenerationUsage } from '../domain/generation-usage.ts';
import { mergeFacts } from './gather-facts.ts';
import type { HeldClaim } from './generation-claim.ts';
import type { GenerationOutcome } from './generation-outcome.ts';
import { brandOfFacts } from './product-brand.ts';

export interface Result {
  content: readonly CountryContent[];
  productHandle: string | null;
  usage: GenerationUsage;
  /** Every fact the record was written from: the gathered ones and any the engine found itself. */
  facts: readonly Fact[];
  /** A family the catalogue names or the facts point to (accounts with attributes only). */
  newFamily?: { id: string; proposed: boolean } | null;
}

/**
 * Locks the products a completion sends back to review and reads their publication states, under
 * the lock the completion takes anyway, so the change it makes is reported as it was. Their
 * generations are locked first: the order a deletion and the completion take them in (the other
 * order deadlocks with a delete).
 */
export async function lockForReview(tx: SqlRunner, generationIds: readonly string[], productIds: readonly string[]): Promise<PublicationBefore[]> {
  await lockGenerationsById(tx, generationIds);
  return lockPublicationStates(tx, productIds);
}

/** A create always asks for a review; a regeneration only when it changed something. */
export function asksForReview(generation: GenerationRow, history: readonly HistoryEntry[]): boolean {
  return generation.kind === 'create' || history.length > 0;
}

/** What each country's record looked like before this generation replaced it, field by field. */
export function historyOf(generation: GenerationRow, before: readonly CountryContent[], after: readonly CountryContent[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const record of after) {
    const previous = before.find((c) => c.country === record.country);
    if (previous === undefined) continue;
    const change = changedFields(previous, record);
    if (change !== null) entries.push({ country: record.country, change: generation.kind, ...change });
  }
  return entries;
}

/**
 * Settles the generation and writes its records, their history, the product's facts (and the
 * brand they agree on, unless one was given) and its
 * `product.completed` webhook event (and a `product.publication_state_changed` when it sends the
 * product back to review) in one transaction, only while this run still holds its claim. Content is written by (product,
 * country), so a run that stores after another replaces rather than duplicates.
 */
export async function storeGeneration(db: Database, { generation, fence }: HeldClaim, product: ProductRow, result: Result): Promise<GenerationOutcome> {
  // A regeneration keeps facts it no longer saw, so the untouched fields' `sources` still resolve.
  const facts = generation.kind === 'regenerate' ? mergeFacts(product.facts, result.facts) : result.facts;
  const brand = await brandOfFacts(product, facts);
  const stored = await db.transaction(async (tx) => {
    const before = await listContent(tx, product.id);
    const history = historyOf(generation, before, result.content);
    const review = asksForReview(generation, history);
    const published = review ? await lockForReview(tx, [generation.id], [product.id]) : [];
    if (!(await completeGeneration(tx, generation.id, fence, result.productHandle, result.usage, review))) return false;
    await insertHistory(tx, product.id, generation.id, history);
    await upsertContent(tx, product.id, generation.id, result.content);
    await setProductFacts(tx, product.id, facts, brand);
    if (result.newFamily) await recordProductFamily(tx, product.id, result.newFamily.id, result.newFamily.proposed);
    await recordGenerationSettled(tx, generation.id);
    // A record that changed goes back to review: an integrator that follows publication events
    // alone must hear that an `online` product is `pending_review` again.
    await recordPublicationChanges(tx, product.account_id, published, 'pending_review');
    return true;
  });
  return stored ? 'completed' : 'claim_lost';
}
