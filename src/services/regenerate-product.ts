import type { Processing } from '../domain/create-request.ts';
import { lockProduct } from '../db/products.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import type { AgentModel } from '../domain/pricing.ts';
import { regenerateCost, type ModelCredits } from '../domain/pricing.ts';
import { CATEGORY_FIELD, categoryFieldRequest, type FieldRequest, unknownAttributeFields } from '../domain/regenerate-fields.ts';
import { readCategoryRequest } from '../domain/categories/category-request.ts';
import { googleTaxonomy } from '../reference-data/google-taxonomy-files.ts';
import { addError, type FieldErrors } from '../domain/validation.ts';
import { disabledMessage } from '../domain/attributes/disabled-values.ts';
import { loadSchema } from '../db/attributes.ts';
import { findOwnProduct } from './find-own-product.ts';
import type { GenerationQueue } from '../domain/generation-ports.ts';
import { transactionOrAnswer } from '../db/transaction-or-answer.ts';
import { queuePaidGenerations } from './queue-paid-generations.ts';

export type RegenerateOutcome =
  | { kind: 'queued'; productId: string; fields: string[]; charged: number }
  | { kind: 'product_not_found' }
  | { kind: 'validation_failed'; errors: FieldErrors }
  | { kind: 'insufficient_credits'; required: number; available: number };

export type QueuedRegeneration = Extract<RegenerateOutcome, { kind: 'queued' }>;

export interface RegenerateOptions {
  /** Runs in the charging transaction once the regeneration is queued and paid; a throw rolls it back. */
  beforeCommit?: (tx: SqlRunner, outcome: QueuedRegeneration) => Promise<void>;
}

export interface RegenerateCommand {
  ref: string;
  fields: readonly FieldRequest[];
  notes: string | null;
  agentModel: AgentModel;
  /** Null: the account's default_processing. */
  processing?: Processing | null;
}

/** Queues a regeneration of the named fields (its generation row, written queued), charged flat, in one transaction. */
export async function regenerateProduct(
  deps: { db: Database; queue: GenerationQueue; modelCredits?: ModelCredits },
  accountId: string,
  requestId: string,
  command: RegenerateCommand,
  options: RegenerateOptions = {},
): Promise<RegenerateOutcome> {
  const product = await findOwnProduct(deps.db, accountId, command.ref);
  if (product === undefined) return { kind: 'product_not_found' };
  // A Google id or path the taxonomy lacks is refused, not taken for an instruction (nothing is charged).
  const category = categoryFieldRequest(command.fields);
  const read = category === undefined ? undefined : readCategoryRequest(googleTaxonomy(), category.value);
  if (read?.kind === 'unknown') {
    const errors: FieldErrors = {};
    addError(errors, `fields.${CATEGORY_FIELD}`, read.message);
    return { kind: 'validation_failed', errors };
  }
  // The schema is read only for a call that names an attribute: it is the only use of it here.
  if (command.fields.some((f) => f.kind === 'attribute')) {
    const schema = await loadSchema(deps.db, accountId);
    const errors = unknownAttributeFields(command.fields, new Set(schema.attributes.map((a) => a.attribute_id)));
    for (const field of command.fields) {
      const disabled = field.kind === 'attribute' ? disabledMessage(schema, field.attribute) : undefined;
      if (disabled !== undefined) addError(errors, `fields.${field.name}`, disabled);
    }
    if (Object.keys(errors).length > 0) return { kind: 'validation_failed', errors };
  }
  const required = regenerateCost(command.agentModel, deps.modelCredits);

  const outcome = await transactionOrAnswer<RegenerateOutcome>(deps.db, async (tx) => {
    // Locked, and looked at again: a delete that committed since the lookup above wins, and the
    // product row is locked before the account's, in the order a delete takes them.
    if ((await lockProduct(tx, product.id)) === undefined) return { commit: { kind: 'product_not_found' } };
    // No balance read first: the guarded debit below refuses a short balance, and the rollback
    // undoes the generation written before it, so a refused call leaves nothing behind.

    const paid = await queuePaidGenerations(tx, {
      accountId,
      productIds: [product.id],
      kind: 'regenerate',
      agentModel: command.agentModel,
      processing: command.processing ?? null,
      fields: Object.fromEntries(command.fields.map((f) => [f.name, f.value])),
      notes: command.notes,
      costs: [required],
      requestId,
      memo: 'regenerate',
      imageStandardization: false,
    });
    if (!paid.ok) return { rollback: { kind: 'insufficient_credits', required, available: paid.available } };
    const queued: QueuedRegeneration = { kind: 'queued', productId: product.id, fields: command.fields.map((f) => f.name), charged: required };
    await options.beforeCommit?.(tx, queued);
    return { commit: queued };
  });
  if (outcome.kind === 'queued') deps.queue.generationsQueued(1);
  return outcome;
}
