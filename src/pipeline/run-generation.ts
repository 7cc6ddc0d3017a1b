import { listContent } from '../db/content.ts';
import { DEFAULT_CATEGORY_MIN_CONFIDENCE } from '../domain/categories/choose-category.ts';
import { categoriesForEngine, planCategory, settleCategory } from './classify-category.ts';
import { fillAttributes, planAttributes, recordsForEngine } from './fill-attributes.ts';
import { gatherFacts, recordNotes, type ProductFacts } from './gather-facts.ts';
import type { HeldClaim } from './generation-claim.ts';
import type { GenerationOutcome, RunGenerationDeps } from './generation-outcome.ts';
import { prepareGeneration } from './prepare-generation.ts';
import { storeGeneration } from './store-generations.ts';
import { writeContent } from './write-content.ts';

export { MAX_DEFERRALS, type GenerationOutcome, type RunGenerationDeps } from './generation-outcome.ts';

/** Thrown so the queue retries later: a source could not answer, and the product would miss its facts. */
export class SourcesUnavailableError extends Error {
  override name = 'SourcesUnavailableError';
}

/**
 * Retrying beats publishing a thinner record; on the last attempt we write what we have and say so.
 * A source marked `down` is not retried for: its breaker would skip it again.
 */
export function retryIfSourcesUnavailable(gathered: ProductFacts, lastAttempt: boolean): void {
  if (gathered.unavailable.length === 0 || lastAttempt) return;
  throw new SourcesUnavailableError(`sources unavailable: ${gathered.unavailable.map((r) => `${r.source} (${r.message ?? 'no answer'})`).join('; ')}`);
}

/**
 * One generation the queue's fetch claimed, run to its end: gather facts and generate with no
 * transaction open, then store and settle in one transaction, all under the claim, so a run whose
 * claim was taken over writes nothing. Content is written by (product, country), so a retry
 * replaces rather than duplicates. A thrown error gives the claim back for the queue to retry;
 * permanent failures fail and refund.
 */
export async function runUnderClaim(deps: RunGenerationDeps, claim: HeldClaim): Promise<GenerationOutcome> {
  let outcome: GenerationOutcome;
  try {
    outcome = await runClaimed(deps, claim);
  } catch (err) {
    await claim.release();
    throw err;
  }
  // Every outcome's statement ended the lease (or found the claim another's): nothing to release.
  await claim.settled();
  return outcome;
}

/** The run proper, under a held claim: each step either hands on its result or has settled the generation. */
export async function runClaimed(deps: RunGenerationDeps, claim: HeldClaim): Promise<GenerationOutcome> {
  const prepared = await prepareGeneration(deps, claim);
  if (prepared.kind === 'done') return prepared.outcome;
  const { product, fields } = prepared;

  const gathered = await gatherFacts(deps.sources, product, claim.signal);
  const lastAttempt = claim.generation.attempts >= deps.maxAttempts;
  retryIfSourcesUnavailable(gathered, lastAttempt);

  const existing = await listContent(deps.db, product.id);
  const plan = await planAttributes(deps.db, product, gathered.facts);
  const category = planCategory(product, gathered.facts, fields, deps.categoryMinConfidence ?? DEFAULT_CATEGORY_MIN_CONFIDENCE);
  const written = await writeContent(deps, claim, {
    product,
    fields,
    gathered,
    existing: recordsForEngine(plan, existing),
    lastAttempt,
    attributes: plan?.inScope,
    categories: categoriesForEngine(category),
  });
  if (written.kind === 'done') return written.outcome;
  // What the sources left out or had cleaned is said on every country's record.
  const notes = recordNotes(gathered);
  for (const record of written.content) record.validation_issues.push(...notes);

  const facts = [...gathered.facts, ...written.extraFacts];
  const content = fillAttributes(plan, written.content, facts, fields, existing);
  const googleCategory = settleCategory(category, written.categoryPick, content);
  return storeGeneration(deps.db, claim, product, { ...written, content, facts, newFamily: plan?.newFamily ?? null, googleCategory });
}
