import { generationsAhead } from '../db/generation-queue.ts';
import { findProductById, type ProductRow } from '../db/products.ts';
import { parseFieldRequests, type FieldRequest } from '../domain/regenerate-fields.ts';
import { fromStored } from '../domain/generation-usage.ts';
import { failUnderClaim } from './fail-generation.ts';
import { MAX_DEFERRALS, type RunGenerationDeps, type Step } from './generation-outcome.ts';
import type { HeldClaim } from './generation-claim.ts';
import { deferUntil } from './requeue-generation.ts';

/** How long a generation waits after the older one it stands behind was due to run. */
const WAIT_BEHIND_MS = 5_000;

export type Prepared = Step<{ product: ProductRow; fields: readonly FieldRequest[] | null }>;

/**
 * What must hold before any fact is gathered: the product still exists, no older generation of
 * it is still waiting, and a regeneration's stored fields are valid. Otherwise the generation is
 * settled or requeued here.
 */
export async function prepareGeneration(deps: RunGenerationDeps, { generation, fence }: HeldClaim): Promise<Prepared> {
  const { db } = deps;
  const product = await findProductById(db, generation.product_id);
  if (product === undefined) {
    return {
      kind: 'done',
      outcome: await failUnderClaim(db, generation.id, { reason: 'product_missing', message: 'The product was removed before it was generated.' }, null, fence),
    };
  }
  // A run whose worker died, or that hung past its time and lost its lease, used its attempt
  // without failing: the worker's retry limit never saw it, so this bounds the runs.
  if (generation.attempts > deps.maxAttempts) {
    const message = `The generation was started ${deps.maxAttempts} times without finishing (each run outlived its time limit or its worker stopped), so it was not started again. The credits were refunded.`;
    return { kind: 'done', outcome: await failUnderClaim(db, generation.id, { reason: 'generation_failed', message }, null, fence) };
  }
  // The queue hands out a product's generations in order, one at a time; two fetches at once can
  // still each claim one of a product's, and then both wait here (see generationsAhead).
  const ahead = (await generationsAhead(db, [generation.id])).get(generation.id);
  if (ahead !== undefined) {
    // Bounded like a pause: the older one settles within its own deferrals, so this only trips on
    // an older generation that never settles, and then fails rather than waits forever.
    if (generation.deferrals >= 2 * MAX_DEFERRALS) {
      const message = `An earlier generation of this product (${ahead.id}) never finished, so this one could not run after it. The credits were refunded.`;
      return { kind: 'done', outcome: await failUnderClaim(db, generation.id, { reason: 'generation_blocked', message }, null, fence) };
    }
    const notBefore = new Date(Math.max(Date.now(), ahead.not_before?.getTime() ?? 0) + WAIT_BEHIND_MS);
    return { kind: 'done', outcome: await deferUntil(deps, generation, fence, { usage: fromStored(generation.usage), notBefore }) };
  }
  if (generation.kind === 'create') return { kind: 'next', product, fields: null };
  const parsed = parseFieldRequests(generation.fields ?? {});
  if (!parsed.ok) {
    return {
      kind: 'done',
      outcome: await failUnderClaim(db, generation.id, { reason: 'invalid_fields', message: 'The stored fields of this regeneration are not valid.' }, null, fence),
    };
  }
  return { kind: 'next', product, fields: parsed.requests };
}
