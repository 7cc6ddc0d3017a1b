import type { Database } from '../db/database.ts';
import { completeGenerations, insertHistoryOf, listContentOf, upsertContentOf, type StoredRecords } from '../db/generation-batches.ts';
import { recordProductFamily, type ProductRow } from '../db/products.ts';
import { recordGenerationsSettled, recordPublicationChanges } from '../db/webhook-events.ts';
import { mergeFacts } from './gather-facts.ts';
import type { HeldClaim } from './generation-claim.ts';
import type { GenerationOutcome } from './generation-outcome.ts';
import { brandOfFacts } from './product-brand.ts';
import { asksForReview, historyOf, lockForReview, type Result } from './store-generation.ts';

export interface ReadyGeneration {
  claim: HeldClaim;
  product: ProductRow;
  result: Result;
}

/**
 * storeGeneration for a batch: every generation's settlement, records, history, facts, brand and webhook
 * events in one transaction, each kind of row in one statement. A generation whose claim was
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
      return { ...r, history, review: asksForReview(r.claim.generation, history) };
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
      })),
    );
    const stored = items.filter((i) => completed.has(i.claim.generation.id));
    const records: StoredRecords[] = stored.map((i) => ({ productId: i.product.id, generationId: i.claim.generation.id, content: i.result.content, history: i.history }));
    await insertHistoryOf(tx, records);
    await upsertContentOf(tx, records);
    for (const i of stored) if (i.result.newFamily) await recordProductFamily(tx, i.product.id, i.result.newFamily.id, i.result.newFamily.proposed);
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
