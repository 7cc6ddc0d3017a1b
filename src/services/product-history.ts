import { loadSchema } from '../db/attributes.ts';
import { findHistoryEntry, insertHistory, listHistory } from '../db/content-history.ts';
import { listContent, upsertContent } from '../db/content.ts';
import type { Database } from '../db/database.ts';
import { lockProduct, setProductBrand, touchProduct } from '../db/products.ts';
import { restorableValues } from '../domain/attributes/restorable-values.ts';
import { applyFieldValues, changedFields, type FieldValues } from '../domain/content-changes.ts';
import { fromStored, type GenerationUsage } from '../domain/generation-usage.ts';
import { findOwnProduct, refForMessage } from './find-own-product.ts';
import { brandOfFacts } from './product-brand.ts';

export interface HistoryVersion {
  id: string;
  country: string;
  change: 'create' | 'regenerate' | 'restore' | 'manual';
  generation_id: string | null;
  /** What the generation that made this change recorded: engine, provider, model, tokens, rounds. */
  generation: GenerationUsage | null;
  created_at: string;
  /** Each changed field: what it was before this change, and what the change made it. */
  fields: Record<string, { before: FieldValues[string]; after: FieldValues[string] }>;
}

export const HISTORY_PAGE_SIZE = 50;

export type HistoryOutcome =
  | { kind: 'ok'; productId: string; versions: HistoryVersion[]; nextBefore: string | null }
  | { kind: 'product_not_found'; message: string }
  | { kind: 'version_not_found'; message: string };

/**
 * Changes to a product's record, newest first: what each replaced and with what. A page holds
 * `limit` versions; `nextBefore` is the cursor for the older ones, null on the last page.
 */
export async function readHistory(db: Database, accountId: string, ref: string, page: { limit: number; before: string | null }): Promise<HistoryOutcome> {
  const product = await findOwnProduct(db, accountId, ref);
  if (product === undefined) return { kind: 'product_not_found', message: `No product matches "${refForMessage(ref)}".` };
  if (page.before !== null && (await findHistoryEntry(db, product.id, page.before)) === undefined) {
    return { kind: 'version_not_found', message: `Product ${product.id} has no history version "${page.before}".` };
  }
  // One more than asked tells whether an older page exists without a count.
  const rows = await listHistory(db, product.id, page.limit + 1, page.before);
  const shown = rows.slice(0, page.limit);
  return {
    kind: 'ok',
    productId: product.id,
    nextBefore: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
    versions: shown.map((row) => ({
      id: row.id,
      country: row.country,
      change: row.change,
      generation_id: row.generation_id,
      generation: fromStored(row.usage),
      created_at: row.created_at.toISOString(),
      fields: Object.fromEntries(Object.keys(row.before).map((name) => [name, { before: row.before[name] ?? null, after: row.after[name] ?? null }])),
    })),
  };
}

export type RestoreOutcome =
  | { kind: 'restored'; productId: string; country: string; fields: string[] }
  | { kind: 'product_not_found'; message: string }
  | { kind: 'version_not_found'; message: string }
  | { kind: 'product_busy'; message: string };

/**
 * Undoes one change: the fields it changed get back the values they had before it, in its
 * country, as far as the attribute schema now allows. Free of charge (nothing is generated) and itself kept in the history, so it can be
 * undone in turn. Refused while a generation is queued or running, which would overwrite it.
 */
export async function restoreVersion(db: Database, accountId: string, ref: string, versionId: string): Promise<RestoreOutcome> {
  const found = await findOwnProduct(db, accountId, ref);
  if (found === undefined) return { kind: 'product_not_found', message: `No product matches "${refForMessage(ref)}".` };
  return db.transaction(async (tx): Promise<RestoreOutcome> => {
    const product = await lockProduct(tx, found.id);
    if (product === undefined) return { kind: 'product_not_found', message: `No product matches "${refForMessage(ref)}".` };
    if (product.state === 'queued' || product.state === 'processing') {
      return { kind: 'product_busy', message: `Product ${product.id} is ${product.state}; restore it once its generation has finished.` };
    }
    const entry = await findHistoryEntry(tx, product.id, versionId);
    if (entry === undefined) return { kind: 'version_not_found', message: `Product ${product.id} has no history version "${versionId}".` };
    const current = (await listContent(tx, product.id)).find((c) => c.country === entry.country);
    if (current === undefined) return { kind: 'version_not_found', message: `Product ${product.id} no longer has content for ${entry.country}.` };
    // An attribute deleted or disabled since, or a value its options no longer allow, is not brought back.
    const restored = applyFieldValues(current, restorableValues(await loadSchema(tx, accountId), entry.before));
    const change = changedFields(current, restored) ?? { before: {}, after: {} };
    // A manual edit may have changed the handle, which belongs to the product rather than to a country.
    const handle = entry.before.product_handle;
    const restoresHandle = Object.hasOwn(entry.before, 'product_handle') && (typeof handle === 'string' || handle === null) && handle !== product.product_handle;
    if (restoresHandle) {
      change.before.product_handle = product.product_handle;
      change.after.product_handle = handle;
      await touchProduct(tx, product.id, handle);
    }
    // So may the brand. Back to none or to the facts' own, the brand is the facts' again (later
    // generations keep it in step); any other is a person's, kept from them.
    const wanted = entry.before.brand;
    if (Object.hasOwn(entry.before, 'brand') && (typeof wanted === 'string' || wanted === null)) {
      const fromFacts = await brandOfFacts(product, product.facts);
      const toFacts = wanted === null || wanted === fromFacts;
      const brand = toFacts ? fromFacts : wanted;
      if (brand !== product.brand) {
        change.before.brand = product.brand;
        change.after.brand = brand;
      }
      if (brand !== product.brand || (product.brand_set_by === null) !== toFacts) await setProductBrand(tx, product.id, brand, toFacts ? null : 'person');
    }
    const fields = Object.keys(change.before);
    if (fields.length > 0) {
      await insertHistory(tx, product.id, null, [{ country: entry.country, change: 'restore', ...change }]);
      await upsertContent(tx, product.id, current.generation_id, [restored]);
    }
    return { kind: 'restored', productId: product.id, country: entry.country, fields };
  });
}
