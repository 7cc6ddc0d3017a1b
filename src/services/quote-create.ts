import { findAccountById } from '../db/accounts.ts';
import type { SqlRunner } from '../db/database.ts';
import { findExistingProducts } from '../db/products.ts';
import type { CreatePlan, ItemFailure } from '../domain/create-request.ts';
import type { ModelCredits } from '../domain/pricing.ts';
import { inputsOf, priceOf } from './create-products.ts';

export interface CreateQuote {
  /** What the same create call would be charged now. */
  price: number;
  available: number;
  products: number;
  failures: ItemFailure[];
}

/**
 * The price of a create call without making it: the same plan and the same pricing as the call
 * itself, so the number shown before submitting is the one charged (unless the account's products
 * or settings change in between, which the call then prices again).
 */
export async function quoteCreate(db: SqlRunner, accountId: string, plan: CreatePlan, credits: ModelCredits): Promise<CreateQuote | undefined> {
  const account = await findAccountById(db, accountId);
  if (account === undefined) return undefined;
  const { sku } = inputsOf(plan);
  const codes = plan.products.flatMap((p) => (p.code === null ? [] : [p.code]));
  const existing = await findExistingProducts(db, accountId, codes, sku);
  return {
    price: priceOf(existing, plan, sku, account.image_standardization, credits),
    available: account.credits,
    products: plan.products.length,
    failures: plan.failures,
  };
}
