import { isAttributeName, type Fact } from '../domain/facts.ts';
import { isWebUrl, plainText } from './plain-text.ts';

/**
 * Facts as plain text, whoever wrote them (the caller, a source, the shared source cache, a model
 * reading a picture): markup stripped from every value, image and page links kept only when they
 * are http(s), and a fact left empty, or with an attribute name a record cannot hold, dropped.
 * Every fact an engine reads and every fact stored passes through here.
 */
export function plainFacts(facts: readonly Fact[]): Fact[] {
  const out: Fact[] = [];
  for (const fact of facts) {
    if (fact.attribute !== undefined && !isAttributeName(fact.attribute)) continue;
    const value = fact.key === 'image' ? (isWebUrl(fact.value) ? fact.value.trim() : '') : plainText(fact.value).text;
    if (value.trim() === '') continue;
    const { url, ...rest } = fact;
    out.push(url === undefined || !isWebUrl(url) ? { ...rest, value } : { ...rest, value, url });
  }
  return out;
}
