// The brand a product's facts agree on, chosen as the title chooses the brand it leads with.
import type { Fact } from '../domain/facts.ts';
import { viewFacts } from './template/fact-view.ts';
import { chooseBrand } from './template/title.ts';

/**
 * The sources' brand for a product written in `language` (catalogue, Open Food Facts, Icecat, an
 * AIFA holder that is not a company name), or null when they name none. The caller's own brand
 * is left out: a brand that was given is the product's by right, not a fact to choose among.
 */
export async function factsBrand(facts: readonly Fact[], language: string): Promise<string | null> {
  const view = await viewFacts(facts.filter((f) => f.key === 'brand' && f.source !== 'caller'));
  return chooseBrand(view, language)?.text ?? null;
}
