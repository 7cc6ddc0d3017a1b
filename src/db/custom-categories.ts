// The account's own category tree (migration 032): ids such as "1.2" and their full paths,
// replaced as a whole by an import, and the products' categories that point into it.
import { categoryRemovedMessage } from '../domain/categories/custom-category-row.ts';
import type { SqlRunner } from './database.ts';

export interface CustomCategory {
  id: string;
  path: string;
}

/** Ids in the order a person reads them: "1", "1.1", "1.2", "1.10", "2", "10". */
const byId = new Intl.Collator('en', { numeric: true });

/** The account's tree, ids in reading order; empty when it has none. */
export async function customCategoryTree(db: SqlRunner, accountId: string): Promise<CustomCategory[]> {
  const rows = await db.query<CustomCategory>('SELECT id, path FROM custom_categories WHERE account_id = $1', [accountId]);
  return rows.sort((a, b) => byId.compare(a.id, b.id));
}

/**
 * Whether `id` is in the account's tree. `hold`: the row is read FOR SHARE, so a replacement of
 * the tree waits for the caller's transaction and then sees the product that points at it.
 */
export async function customCategoryExists(db: SqlRunner, accountId: string, id: string, hold = false): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM custom_categories WHERE account_id = $1 AND id = $2${hold ? ' FOR SHARE' : ''}`, [accountId, id]);
  return rows.length > 0;
}

/** A person chose the product's category: the records' notes that an import removed the old one no longer apply. */
export async function clearCategoryRemovedIssues(db: SqlRunner, productId: string): Promise<void> {
  await db.query(
    `UPDATE product_content SET validation_issues = (
       SELECT coalesce(jsonb_agg(i ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements(validation_issues) WITH ORDINALITY AS e(i, n) WHERE i->>'check' IS DISTINCT FROM 'category_removed'
     )
     WHERE product_id = $1 AND validation_issues @> '[{"check": "category_removed"}]'::jsonb`,
    [productId],
  );
}

/** Rows per INSERT of a new tree. */
const INSERT_BATCH = 2000;

/**
 * Replaces the account's tree with `categories` (ids unique) inside the caller's transaction, so
 * readers see the old tree until it commits, and gives the tree a new version. Every product whose category is not in the new tree
 * loses it (and its proposal), and each of its records says so (`category_removed`). Two
 * replacements of one account wait for each other. The old tree's rows are deleted first: a
 * writer that holds one of them (FOR SHARE, see proposeProductCategory) is waited for, so the
 * products are read after it. How many products lost their category.
 */
export async function replaceCustomCategoryTree(tx: SqlRunner, accountId: string, categories: readonly CustomCategory[]): Promise<number> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('vetrina.custom-categories:' || $1::text))`, [accountId]);
  const old = await tx.query<CustomCategory>('DELETE FROM custom_categories WHERE account_id = $1 RETURNING id, path', [accountId]);
  const kept = categories.map((c) => c.id);
  const gone = await tx.query<{ category_id: string }>(
    `SELECT DISTINCT category_id FROM products
     WHERE account_id = $1 AND category_id IS NOT NULL AND deleted_at IS NULL AND NOT (category_id = ANY($2::text[]))`,
    [accountId, kept],
  );
  let cleared = 0;
  if (gone.length > 0) {
    const oldPaths = new Map(old.map((c) => [c.id, c.path]));
    const ids = gone.map((g) => g.category_id);
    const messages = ids.map((id) => categoryRemovedMessage(id, oldPaths.get(id) ?? null));
    await tx.query(
      `UPDATE product_content pc
       SET validation_issues = pc.validation_issues || jsonb_build_array(jsonb_build_object('field', 'category_id', 'check', 'category_removed', 'message', r.message)),
           updated_at = now()
       FROM products p JOIN unnest($2::text[], $3::text[]) AS r(id, message) ON r.id = p.category_id
       WHERE pc.product_id = p.id AND p.account_id = $1 AND p.deleted_at IS NULL`,
      [accountId, ids, messages],
    );
    const updated = await tx.query(
      `UPDATE products SET category_id = NULL, category_id_proposed = false, updated_at = now()
       WHERE account_id = $1 AND category_id = ANY($2::text[]) AND deleted_at IS NULL RETURNING id`,
      [accountId, ids],
    );
    cleared = updated.length;
  }
  await tx.query(
    `INSERT INTO custom_category_trees (account_id, version) VALUES ($1, gen_random_uuid())
     ON CONFLICT (account_id) DO UPDATE SET version = EXCLUDED.version, replaced_at = now()`,
    [accountId],
  );
  for (let at = 0; at < categories.length; at += INSERT_BATCH) {
    const batch = categories.slice(at, at + INSERT_BATCH);
    await tx.query('INSERT INTO custom_categories (account_id, id, path) SELECT $1, c.id, c.path FROM unnest($2::text[], $3::text[]) AS c(id, path)', [
      accountId,
      batch.map((c) => c.id),
      batch.map((c) => c.path),
    ]);
  }
  return cleared;
}

/** What a proposal needs of a product that has no category yet, and its account's tree version. */
export interface UncategorisedProduct {
  id: string;
  account_id: string;
  title: string | null;
  google_category_id: string | null;
  tree_version: string;
}

/** Those of `productIds` (live) without a category, of accounts that have a tree (imported once, not emptied). */
export async function productsWithoutCategory(db: SqlRunner, productIds: readonly string[]): Promise<UncategorisedProduct[]> {
  if (productIds.length === 0) return [];
  return db.query<UncategorisedProduct>(
    `SELECT p.id, p.account_id, p.title, p.google_category_id, t.version AS tree_version
     FROM products p JOIN custom_category_trees t ON t.account_id = p.account_id
     WHERE p.id = ANY($1::uuid[]) AND p.category_id IS NULL AND p.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM custom_categories c WHERE c.account_id = p.account_id)`,
    [productIds],
  );
}

/**
 * A generation's proposal: `categoryId` on a product that still has no category, while the tree
 * still has it. The tree's row is held (FOR SHARE) until the caller commits, so a replacement
 * that removes it clears this product too. Whether it was recorded.
 */
export async function proposeProductCategory(tx: SqlRunner, product: { id: string; accountId: string }, categoryId: string): Promise<boolean> {
  const held = await tx.query('SELECT 1 FROM custom_categories WHERE account_id = $1 AND id = $2 FOR SHARE', [product.accountId, categoryId]);
  if (held.length === 0) return false;
  const rows = await tx.query(
    `UPDATE products SET category_id = $3, category_id_proposed = true
     WHERE id = $1 AND account_id = $2 AND category_id IS NULL AND deleted_at IS NULL RETURNING id`,
    [product.id, product.accountId, categoryId],
  );
  return rows.length > 0;
}
