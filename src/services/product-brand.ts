// Where a product's brand comes from: the caller's or a person's when one was given, else the one
// its facts agree on (migration 026).
import type { ProductRow } from '../db/products.ts';
import { languageOf } from '../domain/countries.ts';
import type { Fact } from '../domain/facts.ts';
import { factsBrand } from '../generation/facts-brand.ts';

/** The brand the caller or a person gave the product, which generation writes from as the caller's; null when it has none of theirs. */
export function givenBrand(product: Pick<ProductRow, 'brand' | 'brand_set_by'>): string | null {
  return product.brand_set_by === null ? null : product.brand;
}

/**
 * The brand these facts give the product. A brand is a name in no language, so the language of the
 * product's first country only decides between brand facts a source wrote per language.
 */
export function brandOfFacts(product: Pick<ProductRow, 'countries'>, facts: readonly Fact[]): Promise<string | null> {
  return factsBrand(facts, languageOf(product.countries[0] ?? ''));
}
