import { changeBalance, findAccountById } from '../db/accounts.ts';
import type { SqlRunner } from '../db/database.ts';
import { insertGenerations, type NewGenerations } from '../db/generations.ts';

export type PaidQueueResult = { ok: true; generations: { id: string; product_id: string }[]; charged: number } | { ok: false; charged: number; available: number };

/**
 * The paid step of a regeneration, inside its transaction: write the generations (queued: they
 * are the queue's entries), then the guarded debit. The debit comes last so the balance row is
 * locked only at the end and concurrent calls of one account overlap everywhere else.
 * On `ok: false` the caller must roll back (a `rollback` verdict): the generations were written.
 */
export async function queuePaidGenerations(tx: SqlRunner, spec: NewGenerations & { memo: string }): Promise<PaidQueueResult> {
  const generations = await insertGenerations(tx, spec);
  const charged = spec.costs.reduce((sum, c) => sum + c, 0);
  if (charged === 0) return { ok: true, generations, charged };
  const balance = await changeBalance(tx, {
    accountId: spec.accountId,
    delta: -charged,
    kind: 'charge',
    requestId: spec.requestId,
    generationId: generations.length === 1 ? (generations[0]?.id ?? null) : null,
    memo: spec.memo,
  });
  if (balance !== undefined) return { ok: true, generations, charged };
  const now = await findAccountById(tx, spec.accountId);
  return { ok: false, charged, available: now?.credits ?? 0 };
}
