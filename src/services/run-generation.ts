import { insertHistory, type HistoryEntry } from '../db/content-history.ts';
import { listContent, upsertContent } from '../db/content.ts';
import type { Database } from '../db/database.ts';
import { claimGeneration, completeGeneration, deferGeneration, olderUnsettledGeneration, recordAttemptUsage, type GenerationRow } from '../db/generations.ts';
import { findProductById, setProductFacts } from '../db/products.ts';
import type { CountryContent } from '../domain/content.ts';
import { changedFields } from '../domain/content-changes.ts';
import type { Fact } from '../domain/facts.ts';
import { addUsage, type GenerationUsage } from '../domain/generation-usage.ts';
import { languageOf } from '../domain/countries.ts';
import { parseFieldRequests } from '../domain/regenerate-fields.ts';
import type { SourceChain } from '../sources/source-chain.ts';
import { failAndRefund } from './fail-generation.ts';
import { gatherFacts, imageCandidates, mergeFacts, type ProductFacts } from './gather-facts.ts';
import { PermanentGenerationError, TransientGenerationError, type ContentEngine, type GenerationQueue, type ImageStandardiser } from './ports.ts';

/** `deferred`: back in the queue to wait out a model provider's long pause; not settled. */
export type GenerationOutcome = 'completed' | 'failed' | 'already_settled' | 'deferred';

/** Times a generation may go back to wait out a provider's pause (each at most an hour) before it fails. */
export const MAX_DEFERRALS = 24;

export interface RunGenerationDeps {
  db: Database;
  /** Where a generation goes back to wait when its model provider asks for a long pause. */
  queue: GenerationQueue;
  engine: ContentEngine;
  sources: SourceChain;
  /** Null when the deployment has no image pipeline; paid standardisation then keeps source URLs. */
  images: ImageStandardiser | null;
  /** Attempts the queue makes in all. Until the last, a source that is down makes the job retry. */
  maxAttempts: number;
}

/** Thrown so the queue retries later: a source could not answer, and the product would miss its facts. */
export class SourcesUnavailableError extends Error {
  override name = 'SourcesUnavailableError';
}

/**
 * One queued unit of work: claim, gather facts and generate with no transaction open, then store
 * and settle in one transaction. Safe to run again for the same id: a settled generation is
 * skipped, and content is written by (product, country), so a retry replaces rather than duplicates.
 * Transient errors propagate so the queue retries them; permanent ones fail and refund here.
 */
export async function runGeneration(deps: RunGenerationDeps, generationId: string, signal?: AbortSignal): Promise<GenerationOutcome> {
  const { db, engine } = deps;
  const generation = await claimGeneration(db, generationId);
  if (generation === undefined) return 'already_settled';
  const product = await findProductById(db, generation.product_id);
  if (product === undefined) {
    await failAndRefund(db, generationId, { reason: 'product_missing', message: 'The product was removed before it was generated.' });
    return 'failed';
  }
  // The queue runs a product's jobs in order, but a deferred generation gave its place up while
  // it waits: anything asked for later waits behind it, so a regeneration never runs before the
  // create it follows.
  const ahead = await olderUnsettledGeneration(db, generation);
  if (ahead !== undefined) {
    // Bounded like a pause: the older one settles within its own deferrals, so this only trips on
    // an older generation that lost its job, and then fails rather than waits forever.
    if (generation.deferrals >= 2 * MAX_DEFERRALS) {
      await failAndRefund(db, generationId, {
        reason: 'generation_blocked',
        message: `An earlier generation of this product (${ahead.id}) never finished, so this one could not run after it. The credits were refunded.`,
      });
      return 'failed';
    }
    const notBefore = new Date(Math.max(Date.now(), ahead.not_before?.getTime() ?? 0) + WAIT_BEHIND_MS);
    return defer(deps, generation, product.id, { usage: generation.usage, notBefore });
  }

  let fields = null;
  if (generation.kind === 'regenerate') {
    const parsed = parseFieldRequests(generation.fields ?? {});
    if (!parsed.ok) {
      await failAndRefund(db, generationId, { reason: 'invalid_fields', message: 'The stored fields of this regeneration are not valid.' });
      return 'failed';
    }
    fields = parsed.requests;
  }

  const gathered = await gatherFacts(deps.sources, product, signal);
  const lastAttempt = generation.attempts >= deps.maxAttempts;
  if (gathered.unavailable.length > 0 && !lastAttempt) {
    // Retrying beats publishing a thinner record; on the last attempt we write what we have and say so.
    throw new SourcesUnavailableError(`sources unavailable: ${gathered.unavailable.map((r) => `${r.source} (${r.message ?? 'no answer'})`).join('; ')}`);
  }
  const existing = await listContent(db, product.id);

  let content: CountryContent[];
  let productHandle: string | null;
  let usage: GenerationUsage;
  let extraFacts: readonly Fact[] = [];
  const started = performance.now();
  /** This attempt's spending added to the earlier attempts', with the engine's time measured here. */
  const withThisAttempt = (spent: GenerationUsage) => addUsage(generation.usage, { ...spent, latency_ms: Math.round(performance.now() - started) });
  try {
    const output = await engine.generate({
      generationId,
      product: {
        id: product.id,
        code: product.code,
        codeType: product.code_type,
        sku: product.sku,
        productHandle: product.product_handle,
        title: product.title,
        brand: product.brand,
        description: product.description,
        images: product.images,
      },
      facts: gathered.facts,
      notes: generation.notes ?? product.notes,
      agentModel: generation.agent_model,
      targets: product.countries.map((country) => ({ country, language: languageOf(country) })),
      fields,
      existing,
      ...(signal === undefined ? {} : { signal }),
    });
    content = output.content;
    productHandle = output.productHandle;
    usage = withThisAttempt(output.usage);
    extraFacts = output.extraFacts ?? [];
    if (generation.kind === 'create') {
      const images = await productImages(deps, generation, gathered, signal);
      for (const record of content) {
        record.images = images.images;
        record.validation_messages.push(...images.messages);
      }
    } else {
      // A regeneration changes named text fields only; the images stay as the create left them
      // (a country the create never wrote shows the source URLs).
      for (const record of content) record.images = existing.find((c) => c.country === record.country)?.images ?? imageCandidates(gathered.facts);
    }
  } catch (err) {
    if (err instanceof PermanentGenerationError) {
      // No data because a source was down is not the same answer as no source knowing the code.
      const failure =
        err.reason === 'product_data_not_found' && gathered.unavailable.length > 0
          ? {
              reason: 'source_unavailable',
              message: `No data to write from: ${gathered.unavailable.map((r) => r.source).join(', ')} could not be reached after ${generation.attempts} attempt(s). The credits were refunded; create the product again later.`,
            }
          : { reason: err.reason, message: err.message };
      await failAndRefund(db, generationId, failure, err.usage === undefined ? generation.usage : withThisAttempt(err.usage));
      return 'failed';
    }
    if (!(err instanceof TransientGenerationError)) throw err;
    // Tokens a failed attempt spent are kept, so the generation's totals count every attempt.
    const total = err.usage === undefined ? generation.usage : withThisAttempt(err.usage);
    if (err.retryAfterMs !== undefined && generation.deferrals < MAX_DEFERRALS) {
      // The provider asked everyone to wait longer than a job should sit in a worker: the job goes
      // back to the queue for that long, and the wait does not use up one of its attempts.
      return defer(deps, generation, product.id, { usage: total, notBefore: new Date(Date.now() + err.retryAfterMs) });
    }
    if (lastAttempt || err.retryAfterMs !== undefined) {
      // Said plainly, as for a source that stays down, rather than the queue's generic failure.
      await failAndRefund(
        db,
        generationId,
        {
          reason: err.reason,
          message:
            err.retryAfterMs !== undefined
              ? `The model provider kept asking to pause (${generation.deferrals} waits). The credits were refunded; create the product again later.`
              : `${err.message} (after ${generation.attempts} attempts). The credits were refunded; create the product again later.`,
        },
        total,
      );
      return 'failed';
    }
    if (err.usage !== undefined && total !== null) await recordAttemptUsage(db, generationId, total);
    throw err;
  }
  for (const report of gathered.unavailable) {
    const note = `Source ${report.source} could not be reached after every retry; the record was written without its data.`;
    for (const record of content) record.validation_messages.push(note);
  }

  const stored = await db.transaction(async (tx) => {
    const settled = await completeGeneration(tx, generationId, productHandle, usage);
    if (!settled) return false;
    const before = await listContent(tx, product.id);
    await insertHistory(tx, product.id, generationId, historyOf(generation, before, content));
    await upsertContent(tx, product.id, generationId, content);
    // A regeneration keeps facts it no longer saw, so the untouched fields' `sources` still resolve.
    const written = [...gathered.facts, ...extraFacts];
    await setProductFacts(tx, product.id, generation.kind === 'regenerate' ? mergeFacts(product.facts, written) : written);
    return true;
  });
  return stored ? 'completed' : 'already_settled';
}

/** How long a generation waits after the older one it stands behind was due to run. */
const WAIT_BEHIND_MS = 5_000;

/** Back to the queue until `notBefore`, in one transaction with the job that will run it then. */
async function defer(
  deps: RunGenerationDeps,
  generation: GenerationRow,
  productId: string,
  options: { usage: GenerationUsage | null; notBefore: Date },
): Promise<GenerationOutcome> {
  const startAfterSeconds = Math.max(1, Math.ceil((options.notBefore.getTime() - Date.now()) / 1000));
  const deferred = await deps.db.transaction(async (tx) => {
    if (!(await deferGeneration(tx, generation.id, options))) return false;
    await deps.queue.enqueue(tx, [{ generationId: generation.id, productId }], { startAfterSeconds });
    return true;
  });
  return deferred ? 'deferred' : 'already_settled';
}

async function productImages(
  deps: RunGenerationDeps,
  generation: GenerationRow,
  gathered: ProductFacts,
  signal: AbortSignal | undefined,
): Promise<{ images: unknown[]; messages: string[] }> {
  const candidates = imageCandidates(gathered.facts);
  if (!generation.image_standardization || candidates.length === 0) {
    return { images: candidates, messages: [] };
  }
  if (deps.images === null) {
    return {
      images: candidates,
      messages: ['Image standardisation is not available on this deployment; the images are the source URLs.'],
    };
  }
  return deps.images.standardise(candidates, signal);
}

/** What each country's record looked like before this generation replaced it, field by field. */
function historyOf(generation: GenerationRow, before: readonly CountryContent[], after: readonly CountryContent[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const record of after) {
    const previous = before.find((c) => c.country === record.country);
    if (previous === undefined) continue;
    const change = changedFields(previous, record);
    if (change !== null) entries.push({ country: record.country, change: generation.kind, ...change });
  }
  return entries;
}
