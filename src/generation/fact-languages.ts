// Facts whose source gives no language (the caller's own data, a catalogue row without language
// suffixes) get one, so a model's translation of them can cite a fact in another language and be
// left to the critic (docs/agent-models.md) instead of being withheld as "no fact states it".
// A source's untagged texts are one merchant's one row, written in one language: the language is
// read once per source, from a `language` column when the row has one, else detected (eld) over
// all its untagged text together, so a short value ("giallo", "Hartweizengrieß") takes the
// language of the longer texts beside it. Codes, numbers and brands stay without a language.
import type { Fact } from '../domain/facts.ts';
import { detectLanguage, longEnoughToDetect } from './template/detect-language.ts';

/** Keys whose values are text in a language (a brand is a name in none). */
const TEXT_KEYS: ReadonlySet<Fact['key']> = new Set(['name', 'description', 'ingredients', 'allergens', 'variant', 'category', 'attribute']);
/** Columns that state the language of the row's text rather than a property of the product. */
export const LANGUAGE_COLUMNS: ReadonlySet<string> = new Set(['language', 'lang', 'locale', 'lingua', 'sprache', 'langue', 'idioma', 'taal', 'jezyk']);

/** Whether a value reads as words rather than a code or a measure ("E27", "2700 K", "M185"). */
function isWords(value: string): boolean {
  return /\p{L}{3,}/u.test(value) && !/\d/u.test(value);
}

function untaggedText(fact: Fact): boolean {
  if (fact.language !== null || !TEXT_KEYS.has(fact.key)) return false;
  if (fact.key === 'attribute' && LANGUAGE_COLUMNS.has(fact.attribute ?? '')) return false;
  return fact.key === 'description' || fact.key === 'ingredients' || fact.key === 'name' || isWords(fact.value);
}

/** A row's own statement of its language: a `language` column holding an ISO 639-1 code ("en", "IT", "de-DE"). */
function statedLanguage(facts: readonly Fact[]): string | null {
  for (const fact of facts) {
    if (fact.key !== 'attribute' || !LANGUAGE_COLUMNS.has(fact.attribute ?? '')) continue;
    const code = /^([a-z]{2})(?:[-_][a-z]{2})?$/i.exec(fact.value.trim())?.[1];
    if (code !== undefined) return code.toLowerCase();
  }
  return null;
}

/** The facts with a language on every untagged text whose source's language could be told; the rest as they were. */
export async function tagFactLanguages(facts: readonly Fact[]): Promise<Fact[]> {
  const bySource = new Map<string, Fact[]>();
  for (const fact of facts) if (untaggedText(fact)) bySource.set(fact.source, [...(bySource.get(fact.source) ?? []), fact]);
  if (bySource.size === 0) return [...facts];
  const languages = new Map<string, string>();
  const stated = new Set<string>();
  for (const [source, untagged] of bySource) {
    const statedHere = statedLanguage(facts.filter((f) => f.source === source));
    if (statedHere !== null) stated.add(source);
    const language = statedHere ?? (await detectLanguage(untagged.map((f) => f.value).join('. ')));
    if (language !== null) languages.set(source, language);
  }
  return facts.map((fact) => {
    if (!untaggedText(fact)) return fact;
    // A detected language is the long texts': a shop often pastes the maker's English description
    // beside its own short values ("nero"). Such a value keeps no language, so a translation of it
    // still passes as one of the very attribute it gives (verify-record.ts); a stated one it takes.
    if (fact.key === 'attribute' && !stated.has(fact.source) && !longEnoughToDetect(fact.value)) return fact;
    const language = languages.get(fact.source);
    return language === undefined ? fact : { ...fact, language };
  });
}
