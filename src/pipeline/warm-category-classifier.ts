// Every generation classifies its product (classify-category.ts). The first classification in a
// process reads Google's taxonomy and builds the phrase matchers and the name index: 120–130 ms
// measured, on the event loop that is meanwhile starting other products' model calls, so the first
// batch of a fresh worker reached the model that much later (bench/results/agents.md). A worker
// classifies a sample product when it starts instead, as it warms the record checks.
import { classifyProduct } from '../domain/categories/classify-product.ts';
import type { Fact } from '../domain/facts.ts';
import { googleTaxonomy } from '../reference-data/google-taxonomy-files.ts';

const SAMPLED_AT = '2026-01-01T00:00:00.000Z';

/** A food and a non-food product, named and described, so every kind of evidence is read once. */
const SAMPLES: readonly (readonly Fact[])[] = [
  [
    { id: 'caller:name:it', key: 'name', value: 'Pesto alla genovese', language: 'it', source: 'caller', licence: null, fetchedAt: SAMPLED_AT },
    {
      id: 'caller:description:it',
      key: 'description',
      value: 'Pesto con basilico, pinoli e formaggio grattugiato. Vasetto da 190 g.',
      language: 'it',
      source: 'caller',
      licence: null,
      fetchedAt: SAMPLED_AT,
    },
  ],
  [
    { id: 'caller:name:de', key: 'name', value: 'Wasserkocher aus Edelstahl', language: 'de', source: 'caller', licence: null, fetchedAt: SAMPLED_AT },
    { id: 'caller:description:en', key: 'description', value: 'Electric kettle, stainless steel, 1.7 l.', language: 'en', source: 'caller', licence: null, fetchedAt: SAMPLED_AT },
  ],
];

/** Classifies the samples; resolves to each one's best candidate (null: none), so a test can see the warm-up classified for real. */
export async function warmCategoryClassifier(): Promise<(string | null)[]> {
  const taxonomy = googleTaxonomy();
  const best: (string | null)[] = [];
  for (const facts of SAMPLES) {
    // A turn of the event loop between samples: a create arriving meanwhile is not held up by all of them.
    await new Promise((resolve) => setImmediate(resolve));
    best.push(classifyProduct(taxonomy, { facts }).candidates[0]?.id ?? null);
  }
  return best;
}
