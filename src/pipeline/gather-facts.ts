import { callerFacts } from '../domain/caller-facts.ts';
import type { Fact } from '../domain/facts.ts';
import type { ProductRow } from '../db/products.ts';
import { tagFactLanguages } from '../generation/fact-languages.ts';
import { cleanFacts, type CleanedFacts } from '../generation/plain-facts.ts';
import type { GatheredFacts, SourceChain, SourceReport } from '../sources/source-chain.ts';
import type { SourceQuery } from '../sources/source.ts';
import { givenBrand } from '../services/product-brand.ts';
import { type ValidationIssue, validationIssue } from '../domain/validation-issue.ts';

export interface ProductFacts {
  facts: Fact[];
  reports: SourceReport[];
  /** Sources that could not answer now; their facts are missing from `facts`. A retry may find them. */
  unavailable: SourceReport[];
  /** Sources skipped because their circuit breaker is open; a retry soon would skip them again. */
  down: SourceReport[];
  /** Per source, the markup removed from its facts (a crowd-edited source's HTML), for the record to say so. */
  markup: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * The caller's data first (it is what the merchant asked for), then every source's facts in chain
 * order, as plain text: the one place facts are cleaned, so a source's markup (or the shared cache's,
 * written before this rule) reaches no engine and no stored record.
 */
export async function gatherFacts(sources: SourceChain, product: ProductRow, signal?: AbortSignal): Promise<ProductFacts> {
  const query = queryOf(product);
  return factsOf(product, query === null ? null : await sources.gather(query, signal));
}

/** gatherFacts for a batch of products, the shared cache read for all of them at once when the chain can. */
export function gatherFactsOf(sources: SourceChain, products: readonly ProductRow[], signal?: AbortSignal): Promise<ProductFacts[]> {
  return Promise.all(
    gatherFactsEach(
      sources,
      products.map((product) => ({ product, signal })),
    ),
  );
}

/**
 * gatherFacts for several products, each resolving on its own: the shared cache is read for all of
 * them at once when the chain can, and a product whose source is slow holds back no other.
 */
export function gatherFactsEach(sources: SourceChain, asks: ReadonlyArray<{ product: ProductRow; signal?: AbortSignal }>): Promise<ProductFacts>[] {
  const withQuery = asks.flatMap(({ product, signal }) => {
    const query = queryOf(product);
    return query === null ? [] : [{ query, signal }];
  });
  const answers = sources.gatherEach === undefined ? withQuery.map((a) => sources.gather(a.query, a.signal)) : sources.gatherEach(withQuery);
  let next = 0;
  return asks.map(({ product }) => {
    if (queryOf(product) === null) return factsOf(product, null);
    const answer = answers[next++];
    return answer === undefined ? Promise.reject(new Error('the source chain gave fewer answers than it was asked for')) : answer.then((gathered) => factsOf(product, gathered));
  });
}

function queryOf(product: ProductRow): SourceQuery | null {
  return product.code === null || product.code_type === null ? null : { code: product.code, codeType: product.code_type, accountId: product.account_id };
}

async function factsOf(product: ProductRow, gathered: GatheredFacts | null): Promise<ProductFacts> {
  // A brand the facts gave the product is theirs to give again, not the caller's.
  const own = callerFacts({ ...product, brand: givenBrand(product) }, product.updated_at.toISOString());
  if (gathered === null) return { ...(await withLanguages(cleanFacts(own))), reports: [], unavailable: [], down: [] };
  return {
    ...(await withLanguages(cleanFacts([...own, ...gathered.facts]))),
    reports: gathered.reports,
    unavailable: gathered.reports.filter((r) => r.outcome === 'unavailable'),
    down: gathered.reports.filter((r) => r.outcome === 'down'),
  };
}

/** Untagged text (the caller's, a catalogue row's) in the language it is written in, so a translation can cite it. */
async function withLanguages(cleaned: CleanedFacts): Promise<CleanedFacts> {
  return { ...cleaned, facts: await tagFactLanguages(cleaned.facts) };
}

/** What a record written without a source's data says about it. */
function missingSourceNotes(gathered: ProductFacts): ValidationIssue[] {
  return [
    ...gathered.unavailable.map((r) => `Source ${r.source} could not be reached after every retry; the record was written without its data.`),
    ...gathered.down.map((r) => `Source ${r.source} was unreachable (${r.message ?? 'marked down'}); the record was written without its data.`),
  ].map((message) => validationIssue(null, 'source', message));
}

/** Everything a record written from these facts says about them: sources left out, markup removed. */
export function recordNotes(gathered: ProductFacts): ValidationIssue[] {
  const markup = [...gathered.markup].map(([source, removed]) =>
    validationIssue(
      null,
      'markup',
      removed.size > 0 ? `Markup was removed from the data of source ${source} (${[...removed].join(', ')}).` : `Markup was removed from the data of source ${source}.`,
    ),
  );
  return [...missingSourceNotes(gathered), ...markup];
}

/** Why a product with no data at all failed, when sources could not be asked; null when every source answered. */
export function missingSourcesFailure(gathered: ProductFacts, attempts: number): string | null {
  const parts = [
    ...(gathered.unavailable.length > 0 ? [`${gathered.unavailable.map((r) => r.source).join(', ')} could not be reached after ${attempts} attempt(s)`] : []),
    ...gathered.down.map((r) => `${r.source} was unreachable (${r.message ?? 'marked down'})`),
  ];
  return parts.length === 0 ? null : `No data to write from: ${parts.join('; ')}. The credits were refunded; create the product again later.`;
}

/** The newest answer for every fact id, and every older fact still cited by fields kept as they were. */
export function mergeFacts(previous: readonly Fact[], current: readonly Fact[]): Fact[] {
  const ids = new Set(current.map((f) => f.id));
  return [...current, ...previous.filter((f) => !ids.has(f.id))];
}
