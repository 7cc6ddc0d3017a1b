import { changeBalance, lockAccount } from '../db/accounts.ts';
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

  return deps.db.transaction(async (tx): Promise<RegenerateOutcome> => {
    const account = await lockAccount(tx, accountId);
    if (account === undefined) throw new Error(`account ${accountId} vanished during a request`);
    const required = regenerateCost(command.agentModel);
    if (account.credits < required) return { kind: 'insufficient_credits', required, available: account.credits };

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
    const balance = await changeBalance(tx, { accountId, delta: -required, kind: 'charge', requestId, generationId: generation.id, memo: 'regenerate' });
    if (balance === undefined) throw new Error('guarded debit refused after the balance was checked under lock');
    await deps.queue.enqueue(tx, [{ generationId: generation.id, productId: product.id }]);
    return { kind: 'queued', productId: product.id, fields: command.fields.map((f) => f.name), charged: required };
  });
}
