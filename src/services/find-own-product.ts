import type { SqlRunner } from '../db/database.ts';
import { findProductByRef, type ProductRow } from '../db/products.ts';
import { normaliseProductCode } from '../domain/codes.ts';

/** A product of this account named by its id, code (any written form) or sku; never another account's. */
export async function findOwnProduct(db: SqlRunner, accountId: string, ref: string): Promise<ProductRow | undefined> {
  const trimmed = ref.trim();
  // A NUL cannot be stored in text, so nothing can match it (and Postgres would reject the query).
  if (trimmed.length === 0 || trimmed.includes('\u0000')) return undefined;
  return findProductByRef(db, accountId, { raw: trimmed, normalisedCode: normaliseProductCode(trimmed) });
}

/** A product reference as it may be echoed in a message: no NUL, bounded length. */
export function refForMessage(ref: string): string {
  return ref.replaceAll('\u0000', '').slice(0, 255);
}
