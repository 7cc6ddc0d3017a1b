import { changeBalance, findAccountById } from '../db/accounts.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { insertGenerations, type NewGenerations } from '../db/generations.ts';

/** What a transaction's work decides: keep what it wrote, or undo all of it. Either way `value` is the answer. */
export type TransactionVerdict<T> = { commit: T } | { rollback: T };

/** The one way a verdict of `rollback` leaves the transaction helper, which rolls back only on a throw. */
class RollbackRequested extends Error {
  override name = 'RollbackRequested';
}

/** Runs `work` in a transaction, commits or rolls back as its verdict says, and answers the verdict's value. */
export async function transactionOrAnswer<T>(db: Database, work: (tx: SqlRunner) => Promise<TransactionVerdict<T>>): Promise<T> {
  let rolledBack: { value: T } | undefined;
  try {
    return await db.transaction(async (tx) => {
      const verdict = await work(tx);
      if ('commit' in verdict) return verdict.commit;
      rolledBack = { value: verdict.rollback };
      throw new RollbackRequested('rolled back');
    });
  } catch (err) {
    if (err instanceof RollbackRequested && rolledBack !== undefined) return rolledBack.value;
    throw err;
  }
}

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
