// The categories and tags a product shows, as CommerceClarity's clients read them: the Google
// category's path in the record's language (English where Google's names in that language are
// not shipped), its id, the merchant's own category and tags.
import type { ProductRow } from '../db/products.ts';
import { googleTaxonomy } from '../reference-data/google-taxonomy-files.ts';

export interface CategoryFields {
  /** The Google category's path in the record's language, as segments; `[]` when unclassified. */
  category: string[];
  google_category_id: string | null;
  category_id: string | null;
  /** True while `category_id` is a generation's proposal that no person has confirmed. */
  category_id_proposed: boolean;
  tags: string[];
}

type Categorised = Pick<ProductRow, 'google_category_id' | 'category_id' | 'category_id_proposed' | 'tags'>;

/** The Google category's path in `language`, `[]` when there is none. */
export function categoryPath(googleCategoryId: string | null, language: string): string[] {
  return googleCategoryId === null ? [] : googleTaxonomy().path(googleCategoryId, language);
}

export function categoryFields(product: Categorised, language: string): CategoryFields {
  return {
    category: categoryPath(product.google_category_id, language),
    google_category_id: product.google_category_id,
    category_id: product.category_id,
    category_id_proposed: product.category_id !== null && product.category_id_proposed,
    tags: product.tags,
  };
}
