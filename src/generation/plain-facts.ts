import { isAttributeName, type Fact } from '../domain/facts.ts';
import { isWebUrl, plainText } from '../text/plain-text.ts';

/**
 * Facts as plain text, whoever wrote them (the caller, a source, the shared source cache, a model
 * reading a picture): markup stripped from every value, image and page links kept only when they
 * are http(s), and a fact left empty, or with an attribute name a record cannot hold, dropped.
 * Every fact an engine reads and every fact stored passes through here.
 */
export function plainFacts(facts: readonly Fact[]): Fact[] {
  return cleanFacts(facts).facts;
}

export interface CleanedFacts {
  facts: Fact[];
  /** Per source, the elements removed from its facts ("script", "img"), for the record to say so. */
  markup: Map<string, Set<string>>;
}

/** plainFacts, also telling which sources' facts carried markup and what was removed. */
export function cleanFacts(facts: readonly Fact[]): CleanedFacts {
  const out: Fact[] = [];
  const markup = new Map<string, Set<string>>();
  for (const fact of facts) {
    if (fact.attribute !== undefined && !isAttributeName(fact.attribute)) continue;
    let value = fact.value.trim();
    if (fact.key === 'image') value = isWebUrl(value) ? value : '';
    else {
      const plain = plainText(fact.value);
      value = plain.text;
      if (plain.markupRemoved) {
        const removed = markup.get(fact.source) ?? new Set<string>();
        for (const name of plain.removed) removed.add(name);
        markup.set(fact.source, removed);
      }
    }
    if (value.trim() === '') continue;
    const { url, ...rest } = fact;
    out.push(url === undefined || !isWebUrl(url) ? { ...rest, value } : { ...rest, value, url });
  }
  return { facts: out, markup };
}
