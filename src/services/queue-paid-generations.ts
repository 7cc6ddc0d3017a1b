import { changeBalance, findAccountById } from '../db/accounts.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import { insertGenerations, type NewGenerations } from '../db/generations.ts';
import type { GenerationQueue } from './ports.ts';

/** Thrown inside a transaction to roll back everything it wrote; carries the answer to give instead. */
export class Rollback<T> extends Error {
  override name = 'Rollback';
  readonly answer: T;
  constructor(answer: T) {
    super('rolled back');
    this.answer = answer;
  }
}

/** Runs `work` in a transaction; a `Rollback` thrown inside undoes it and becomes the result. */
export async function transactionOrAnswer<T, A>(db: Database, work: (tx: SqlRunner) => Promise<T>): Promise<T | A> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (err instanceof Rollback) return err.answer as A;
    throw err;
  }
}

export type PaidQueueResult =
  | { ok: true; generations: { id: string; product_id: string }[]; charged: number }
  | { ok: false; charged: number; available: number; imageStandardization: boolean | undefined };

/**
 * The paid step both create and regenerate end with, inside their transaction: write the
 * generations, enqueue their jobs, then the guarded debit. The debit comes last so the account
 * row is locked only at the end and concurrent calls of one account overlap everywhere else.
 * On `ok: false` the caller must throw a `Rollback`: the generations and jobs were written.
 */
export async function queuePaidGenerations(
  tx: SqlRunner,
  queue: GenerationQueue,
  spec: NewGenerations & { memo: string; whileImageStandardization?: boolean },
): Promise<PaidQueueResult> {
  const generations = await insertGenerations(tx, spec);
  await queue.enqueue(
    tx,
    generations.map((g) => ({ generationId: g.id, productId: g.product_id })),
  );
  const charged = spec.costs.reduce((sum, c) => sum + c, 0);
  if (charged === 0) return { ok: true, generations, charged };
  const balance = await changeBalance(tx, {
    accountId: spec.accountId,
    delta: -charged,
    kind: 'charge',
    requestId: spec.requestId,
    generationId: generations.length === 1 ? (generations[0]?.id ?? null) : null,
    memo: spec.memo,
    ...(spec.whileImageStandardization === undefined ? {} : { whileImageStandardization: spec.whileImageStandardization }),
  });
  if (balance !== undefined) return { ok: true, generations, charged };
  const now = await findAccountById(tx, spec.accountId);
  return { ok: false, charged, available: now?.credits ?? 0, imageStandardization: now?.image_standardization };
}
