import type { Database, Transaction } from './database.ts';

/** What a transaction's work decides: keep what it wrote, or undo all of it. Either way `value` is the answer. */
export type TransactionVerdict<T> = { commit: T } | { rollback: T };

/** The one way a verdict of `rollback` leaves the transaction helper, which rolls back only on a throw. */
class RollbackRequested extends Error {
  override name = 'RollbackRequested';
}

/** Runs `work` in a transaction, commits or rolls back as its verdict says, and answers the verdict's value. */
export async function transactionOrAnswer<T>(db: Database, work: (tx: Transaction) => Promise<TransactionVerdict<T>>): Promise<T> {
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
