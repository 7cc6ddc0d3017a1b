import { callerFacts } from '../domain/caller-facts.ts';
import type { Fact } from '../domain/facts.ts';
import type { ProductRow } from '../db/products.ts';
import { plainFacts } from '../generation/plain-facts.ts';
import type { SourceChain, SourceReport } from '../sources/source-chain.ts';
import type { ImageCandidate } from './ports.ts';

export interface ProductFacts {
  facts: Fact[];
  reports: SourceReport[];
  /** Sources that could not answer now; their facts are missing from `facts`. */
  unavailable: SourceReport[];
}

/**
 * The caller's data first (it is what the merchant asked for), then every source's facts in chain
 * order, as plain text: the one place facts are cleaned, so a source's markup (or the shared cache's,
 * written before this rule) reaches no engine and no stored record.
 */
export async function gatherFacts(sources: SourceChain, product: ProductRow, signal?: AbortSignal): Promise<ProductFacts> {
  const own = callerFacts(product, product.updated_at.toISOString());
  if (product.code === null || product.code_type === null) return { facts: plainFacts(own), reports: [], unavailable: [] };
  const gathered = await sources.gather({ code: product.code, codeType: product.code_type }, signal);
  return {
    facts: plainFacts([...own, ...gathered.facts]),
    reports: gathered.reports,
    unavailable: gathered.reports.filter((r) => r.outcome === 'unavailable'),
  };
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

/** The newest answer for every fact id, and every older fact still cited by fields kept as they were. */
export function mergeFacts(previous: readonly Fact[], current: readonly Fact[]): Fact[] {
  const ids = new Set(current.map((f) => f.id));
  return [...current, ...previous.filter((f) => !ids.has(f.id))];
}
