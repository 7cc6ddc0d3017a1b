import type { SqlRunner } from '../db/database.ts';
import { findProductByRef, findProductIdsByRefs, type ProductRow } from '../db/products.ts';
import { normaliseProductCode } from '../domain/codes.ts';

/** A product of this account named by its id, code (any written form) or sku; never another account's. */
export async function findOwnProduct(db: SqlRunner, accountId: string, ref: string): Promise<ProductRow | undefined> {
  const trimmed = ref.trim();
  // A NUL cannot be stored in text, so nothing can match it (and Postgres would reject the query).
  if (trimmed.length === 0 || trimmed.includes('\u0000')) return undefined;
  return findProductByRef(db, accountId, { raw: trimmed, normalisedCode: normaliseProductCode(trimmed) });
}

/** The ids of the products of this account these refs name, in order (undefined: none), in one look-up. */
export async function findOwnProductIds(db: SqlRunner, accountId: string, refs: readonly string[]): Promise<(string | undefined)[]> {
  const looked = refs.map((ref) => ref.trim());
  const searchable = looked.map((ref, i) => ({ ref, i })).filter(({ ref }) => ref.length > 0 && !ref.includes('\u0000'));
  const found = await findProductIdsByRefs(
    db,
    accountId,
    searchable.map(({ ref }) => ({ raw: ref, normalisedCode: normaliseProductCode(ref) })),
  );
  const byIndex = new Map(searchable.map(({ i }, k) => [i, found[k]]));
  return looked.map((_, i) => byIndex.get(i));
}

/** A product reference as it may be echoed in a message: no NUL, bounded length. */
export function refForMessage(ref: string): string {
  return ref.replaceAll('\u0000', '').slice(0, 255);
}
