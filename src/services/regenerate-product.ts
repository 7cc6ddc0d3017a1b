import { changeBalance, findAccountById } from '../db/accounts.ts';
import type { Database } from '../db/database.ts';
import { insertGenerations } from '../db/generations.ts';
import { findProductByRef } from '../db/products.ts';
import { normaliseProductCode } from '../domain/codes.ts';
import type { AgentModel } from '../domain/pricing.ts';
import { regenerateCost } from '../domain/pricing.ts';
import type { FieldRequest } from '../domain/regenerate-fields.ts';
import type { GenerationQueue } from './ports.ts';

export type RegenerateOutcome =
  | { kind: 'queued'; productId: string; fields: string[]; charged: number }
  | { kind: 'product_not_found' }
  | { kind: 'insufficient_credits'; required: number; available: number };

export interface RegenerateCommand {
  ref: string;
  fields: readonly FieldRequest[];
  notes: string | null;
  agentModel: AgentModel;
}

export async function regenerateProduct(
  deps: { db: Database; queue: GenerationQueue },
  accountId: string,
  requestId: string,
  command: RegenerateCommand,
): Promise<RegenerateOutcome> {
  const product = await findProductByRef(deps.db, accountId, { raw: command.ref, normalisedCode: normaliseProductCode(command.ref) });
  if (product === undefined) return { kind: 'product_not_found' };

  const required = regenerateCost(command.agentModel);
  const insufficient = (available: number): RegenerateOutcome => ({ kind: 'insufficient_credits', required, available });
  const outcome = await deps.db.transaction(async (tx): Promise<RegenerateOutcome | 'refused'> => {
    const account = await findAccountById(tx, accountId);
    if (account === undefined) throw new Error(`account ${accountId} vanished during a request`);
    if (account.credits < required) return insufficient(account.credits);

    const fields = Object.fromEntries(command.fields.map((f) => [f.name, f.value]));
    const [generation] = await insertGenerations(tx, {
      accountId,
      productIds: [product.id],
      kind: 'regenerate',
      agentModel: command.agentModel,
      fields,
      notes: command.notes,
      costEach: required,
      requestId,
    });
    if (generation === undefined) throw new Error('insertGenerations returned no row');
    await deps.queue.enqueue(tx, [{ generationId: generation.id, productId: product.id }]);
    // Debit last: the account row is locked only for the end of the transaction.
    const balance = await changeBalance(tx, { accountId, delta: -required, kind: 'charge', requestId, generationId: generation.id, memo: 'regenerate' });
    if (balance === undefined) throw new InsufficientAtDebit();
    return { kind: 'queued', productId: product.id, fields: command.fields.map((f) => f.name), charged: required };
  }).catch(async (err: unknown) => {
    if (!(err instanceof InsufficientAtDebit)) throw err;
    return 'refused' as const;
  });
  if (outcome !== 'refused') return outcome;
  // Another call spent the credits between the check and the debit; everything was rolled back.
  return insufficient((await findAccountById(deps.db, accountId))?.credits ?? 0);
}

/** Thrown to roll back a regeneration whose guarded debit found too few credits. */
class InsufficientAtDebit extends Error {
  override name = 'InsufficientAtDebit';
}
