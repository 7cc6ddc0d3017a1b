import { customCategoryTree, productsWithoutCategory, proposeProductCategory } from '../db/custom-categories.ts';
import type { SqlRunner } from '../db/database.ts';
import { type CategoryIndex, categoryIndex, proposeCustomCategory } from '../domain/categories/propose-custom-category.ts';
import type { CountryContent } from '../domain/content.ts';
import type { Fact } from '../domain/facts.ts';
import { googleTaxonomy } from '../reference-data/google-taxonomy-files.ts';

/** What a stored generation tells the proposal of its product. */
export interface GeneratedProduct {
  productId: string;
  content: readonly CountryContent[];
  facts: readonly Fact[];
}

/** The categories the facts state, one path a source, most general level first ("Casa > Illuminazione"). */
function statedCategories(facts: readonly Fact[]): string[] {
  const bySource = new Map<string, string[]>();
  for (const fact of facts) {
    if (fact.key !== 'category') continue;
    const levels = bySource.get(fact.source) ?? [];
    levels.push(fact.value);
    bySource.set(fact.source, levels);
  }
  return [...bySource.values()].map((levels) => levels.join(' > '));
}

/**
 * Trees indexed, by account, with the version they were read at: indexing a large tree takes a
 * while (some 150 ms for 10,000 categories), and a tree changes only with an import. A few
 * accounts' trees are kept; past that the memory starts again empty.
 */
const indexes = new Map<string, { version: string; index: CategoryIndex }>();
const INDEXES_KEPT = 32;

async function indexOf(db: SqlRunner, accountId: string, version: string): Promise<CategoryIndex> {
  const kept = indexes.get(accountId);
  if (kept !== undefined && kept.version === version) return kept.index;
  // Read after the version: a replacement committed in between gives a newer tree, which its
  // next reader (seeing the newer version) reads again; proposeProductCategory refuses an id gone.
  const index = categoryIndex((await customCategoryTree(db, accountId)).map((c) => [c.id, c.path] as const));
  if (indexes.size >= INDEXES_KEPT && !indexes.has(accountId)) indexes.clear();
  indexes.set(accountId, { version, index });
  return index;
}

/**
 * Inside the transaction that stores generations: each product that still has no category of its
 * account's tree is given the one its Google category (in English and in its records' languages),
 * stated categories and titles point to, as a proposal (`category_id_proposed`) a person confirms
 * with update. A product with a category, proposed or confirmed, keeps it. Reads the products'
 * Google category as stored, so a classification written earlier in the same transaction counts.
 */
export async function proposeCategories(tx: SqlRunner, generated: readonly GeneratedProduct[]): Promise<void> {
  const products = await productsWithoutCategory(
    tx,
    generated.map((g) => g.productId),
  );
  if (products.length === 0) return;
  for (const product of products) {
    const index = await indexOf(tx, product.account_id, product.tree_version);
    if (index.categories.length === 0) continue;
    const of = generated.find((g) => g.productId === product.id);
    if (of === undefined) continue;
    const google = product.google_category_id;
    const taxonomy = google === null ? undefined : googleTaxonomy();
    const languages = new Set(['en', ...of.content.map((c) => c.language)]);
    const proposal = proposeCustomCategory(index, {
      googlePaths: google === null || taxonomy === undefined ? [] : [...languages].map((language) => taxonomy.path(google, language)).filter((p) => p.length > 0),
      categories: statedCategories(of.facts),
      titles: [product.title, ...of.content.map((c) => c.title)].filter((t): t is string => t !== null && t.trim() !== ''),
    });
    if (proposal !== undefined) await proposeProductCategory(tx, { id: product.id, accountId: product.account_id }, proposal);
  }
}
