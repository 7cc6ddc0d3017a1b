import { insertHistoryOf, completeGenerations, listContentOf, upsertContentOf, type StoredRecords } from '../db/generation-batches.ts';
import type { HistoryEntry } from '../db/content-history.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { lockGenerationsById, type GenerationRow } from '../db/generations.ts';
import { recordProductFamily, type ProductRow } from '../db/products.ts';
import { lockPublicationStates, type PublicationBefore, recordGenerationsSettled, recordPublicationChanges } from '../db/webhook-events.ts';
import type { CountryContent } from '../domain/content.ts';
import { changedFields } from '../domain/content-changes.ts';
import type { Fact } from '../domain/facts.ts';
import type { GenerationUsage } from '../domain/generation-usage.ts';
import { mergeFacts } from './gather-facts.ts';
import type { HeldClaim } from './generation-claim.ts';
import type { GenerationOutcome } from './generation-outcome.ts';
import { brandOfFacts } from '../services/product-brand.ts';
import { proposeCategories } from './propose-categories.ts';
import type { StoredCategory } from './classify-category.ts';

export interface Result {
  content: readonly CountryContent[];
  productHandle: string | null;
  usage: GenerationUsage;
  /** Every fact the record was written from: the gathered ones and any the engine found itself. */
  facts: readonly Fact[];
  /** A family the catalogue names or the facts point to (accounts with attributes only). */
  newFamily?: { id: string; proposed: boolean } | null;
  /** The Google category the generation settled (classify-category.ts); undefined: left as it is. */
  googleCategory?: StoredCategory | undefined;
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

/** Whether storing `category` changes the product's Google category (a person's choice is not the classifier's to change). */
export function changesCategory(product: Pick<ProductRow, 'google_category_id' | 'google_category_by'>, category: StoredCategory | undefined): boolean {
  if (category === undefined) return false;
  if (product.google_category_by === 'merchant' && category.by !== 'merchant') return false;
  return category.id !== product.google_category_id;
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

export interface ReadyGeneration {
  claim: HeldClaim;
  product: ProductRow;
  result: Result;
}

/**
 * Settles generations and writes what each produced in one transaction, each kind of row in one
 * statement: its records (by product and country, so a run that stores after another replaces
 * rather than duplicates), their history, the product's facts and the brand they agree on (unless
 * a person gave one), its family and its category (proposed from the account's tree), and its `product.completed` webhook event (and a
 * `product.publication_state_changed` when it sends the product back to review), only while its
 * run still holds its claim. A generation whose claim was
 * taken over meanwhile is not completed and nothing of it is written ('claim_lost'); its siblings
 * are. Throws when the transaction fails as a whole: the caller then stores each on its own, so
 * one product's bad row never holds back the others.
 */
export async function storeGenerations(db: Database, ready: readonly ReadyGeneration[]): Promise<Map<string, GenerationOutcome>> {
  const withFacts = await Promise.all(
    ready.map(async (r) => {
      // A regeneration keeps facts it no longer saw, so the untouched fields' `sources` still resolve.
      const facts = r.claim.generation.kind === 'regenerate' ? mergeFacts(r.product.facts, r.result.facts) : r.result.facts;
      return { ...r, facts, brand: await brandOfFacts(r.product, facts) };
    }),
  );
  return db.transaction(async (tx) => {
    const before = await listContentOf(
      tx,
      ready.map((r) => r.product.id),
    );
    const items = withFacts.map((r) => {
      const history = historyOf(r.claim.generation, before.get(r.product.id) ?? [], r.result.content);
      // A new category is a change a reviewer should see, like a changed field.
      return { ...r, history, review: asksForReview(r.claim.generation, history) || changesCategory(r.product, r.result.googleCategory) };
    });
    const reviewing = items.filter((i) => i.review);
    const published =
      reviewing.length === 0
        ? []
        : await lockForReview(
            tx,
            reviewing.map((i) => i.claim.generation.id),
            reviewing.map((i) => i.product.id),
          );
    const completed = await completeGenerations(
      tx,
      items.map((i) => ({
        id: i.claim.generation.id,
        fence: i.claim.fence,
        handle: i.result.productHandle,
        usage: i.result.usage,
        review: i.review,
        facts: i.facts,
        brand: i.brand,
        category: i.result.googleCategory,
      })),
    );
    const stored = items.filter((i) => completed.has(i.claim.generation.id));
    const records: StoredRecords[] = stored.map((i) => ({ productId: i.product.id, generationId: i.claim.generation.id, content: i.result.content, history: i.history }));
    await insertHistoryOf(tx, records);
    await upsertContentOf(tx, records);
    for (const i of stored) if (i.result.newFamily) await recordProductFamily(tx, i.product.id, i.result.newFamily.id, i.result.newFamily.proposed);
    await proposeCategories(
      tx,
      stored.map((i) => ({ productId: i.product.id, content: i.result.content, facts: i.facts })),
    );
    await recordGenerationsSettled(
      tx,
      stored.map((i) => i.claim.generation.id),
    );
    const accountOf = new Map(stored.map((i) => [i.product.id, i.product.account_id]));
    for (const account of new Set(accountOf.values())) {
      await recordPublicationChanges(
        tx,
        account,
        published.filter((p) => accountOf.get(p.id) === account),
        'pending_review',
      );
    }
    return new Map(ready.map((r) => [r.claim.generation.id, completed.has(r.claim.generation.id) ? 'completed' : 'claim_lost']));
  });
}

/** One generation stored: a batch of one (storeGenerations). */
export async function storeGeneration(db: Database, claim: HeldClaim, product: ProductRow, result: Result): Promise<GenerationOutcome> {
  const outcomes = await storeGenerations(db, [{ claim, product, result }]);
  return outcomes.get(claim.generation.id) ?? 'claim_lost';
}
