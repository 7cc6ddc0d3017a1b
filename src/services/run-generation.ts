import { listContent, upsertContent } from '../db/content.ts';
import type { Database } from '../db/database.ts';
import { claimGeneration, completeGeneration } from '../db/generations.ts';
import { findProductById } from '../db/products.ts';
import { callerFacts } from '../domain/caller-facts.ts';
import { languageOf } from '../domain/countries.ts';
import { parseFieldRequests } from '../domain/regenerate-fields.ts';
import { failAndRefund } from './fail-generation.ts';
import { PermanentGenerationError, type ContentEngine } from './ports.ts';

export type GenerationOutcome = 'completed' | 'failed' | 'already_settled';

export interface RunGenerationDeps {
  db: Database;
  engine: ContentEngine;
}

/**
 * One queued unit of work: claim, generate with no transaction open, then store and settle in one
 * transaction. Safe to run again for the same id: a settled generation is skipped, and content is
 * written by (product, country), so a retry replaces rather than duplicates.
 * Transient errors propagate so the queue retries them; permanent ones fail and refund here.
 */
export async function runGeneration(deps: RunGenerationDeps, generationId: string): Promise<GenerationOutcome> {
  const { db, engine } = deps;
  const generation = await claimGeneration(db, generationId);
  if (generation === undefined) return 'already_settled';
  const product = await findProductById(db, generation.product_id);
  if (product === undefined) {
    await failAndRefund(db, generationId, { reason: 'product_missing', message: 'The product was removed before it was generated.' });
    return 'failed';
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

  let output;
  try {
    output = await engine.generate({
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
      facts: callerFacts(product, product.updated_at.toISOString()),
      notes: generation.notes ?? product.notes,
      agentModel: generation.agent_model,
      targets: product.countries.map((country) => ({ country, language: languageOf(country) })),
      fields,
      existing: await listContent(db, product.id),
    });
  } catch (err) {
    if (err instanceof PermanentGenerationError) {
      await failAndRefund(db, generationId, { reason: err.reason, message: err.message });
      return 'failed';
    }
    throw err;
  }

  const stored = await db.transaction(async (tx) => {
    const settled = await completeGeneration(tx, generationId, output.productHandle);
    if (settled) await upsertContent(tx, product.id, generationId, output.content);
    return settled;
  });
  return stored ? 'completed' : 'already_settled';
}
