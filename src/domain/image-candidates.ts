import type { Fact } from './facts.ts';

/** An image URL a product may show, and where it came from (the caller or a source). */
export interface ImageCandidate {
  url: string;
  source: string;
  licence: string | null;
}

/** Image URLs in the order a record shows them: the caller's, then the sources', each once. */
export function imageCandidates(facts: readonly Fact[]): ImageCandidate[] {
  const seen = new Set<string>();
  const out: ImageCandidate[] = [];
  for (const fact of facts) {
    if (fact.key !== 'image' || seen.has(fact.value)) continue;
    seen.add(fact.value);
    out.push({ url: fact.value, source: fact.source, licence: fact.licence });
  }
  return out;
}
