// Facts cleaned once per generation (HTML stripped, duplicates dropped, caller text's language
// detected) and the choice of the best-language fact for a field. Pure apart from detection.
import { BoundedMemo } from '../../bounded-memo.ts';
import type { Fact, FactKey, ProductKind } from '../../domain/facts.ts';
import { detectLanguage } from './detect-language.ts';
import { collapseSpaces, toPlainText } from './text.ts';

export interface CleanFact {
  id: string;
  key: FactKey;
  attribute: string | null;
  /** Plain text; one line except for descriptions and ingredients. */
  text: string;
  /** Language of the text: the fact's own, or detected for untagged text long enough to tell. */
  language: string | null;
  source: string;
  licence: string | null;
}

export interface FactView {
  facts: readonly CleanFact[];
}

const MULTILINE: ReadonlySet<FactKey> = new Set(['description', 'ingredients']);
const DETECTED: ReadonlySet<FactKey> = new Set(['name', 'description', 'ingredients', 'variant']);
const INGREDIENTS_LABEL = /^(ingredienti|ingredients?|zutaten|ingrédients|ingredientes|ingrediënten|składniki|inci)\s*:\s*/iu;

export async function viewFacts(facts: readonly Fact[]): Promise<FactView> {
  const seen = new Set<string>();
  const out: CleanFact[] = [];
  for (const fact of facts) {
    const plain = fact.key === 'image' ? fact.value.trim() : toPlainText(fact.value);
    let text = MULTILINE.has(fact.key) ? plain : collapseSpaces(plain);
    if (fact.key === 'ingredients') text = text.replace(INGREDIENTS_LABEL, '');
    if (text === '') continue;
    const attribute = fact.key === 'attribute' ? (fact.attribute ?? null) : null;
    const dedupe = `${fact.key}|${attribute ?? ''}|${fact.language ?? ''}|${collapseSpaces(text).toLowerCase()}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    const language = fact.language ?? (DETECTED.has(fact.key) ? await detectLanguage(collapseSpaces(text)) : null);
    out.push({ id: fact.id, key: fact.key, attribute, text, language, source: fact.source, licence: fact.licence });
  }
  return { facts: out };
}

/** Exact target language, then untagged/unknown, then English, then any other. */
function tier(language: string | null, target: string): number {
  if (language === target) return 0;
  if (language === null) return 1;
  if (language === 'en') return 2;
  return 3;
}

function candidates(view: FactView, key: FactKey, attribute?: string): CleanFact[] {
  return view.facts.filter((f) => f.key === key && (attribute === undefined || f.attribute === attribute));
}

/** The best-language fact of a key (first in chain order within a tier). */
export function pick(view: FactView, key: FactKey, target: string, attribute?: string): CleanFact | undefined {
  let best: CleanFact | undefined;
  for (const fact of candidates(view, key, attribute)) {
    if (best === undefined || tier(fact.language, target) < tier(best.language, target)) best = fact;
  }
  return best;
}

/** Every fact of a key in the best available language tier (categories, allergens, descriptions). */
export function pickGroup(view: FactView, key: FactKey, target: string, attribute?: string): CleanFact[] {
  const all = candidates(view, key, attribute);
  const best = Math.min(...all.map((f) => tier(f.language, target)));
  const group = all.filter((f) => tier(f.language, target) === best);
  // Within the tier keep one language: mixing a German and a French description reads badly.
  const language = group[0]?.language ?? null;
  return group.filter((f) => f.language === language);
}

export function attributeNames(view: FactView): string[] {
  return [...new Set(view.facts.flatMap((f) => (f.key === 'attribute' && f.attribute !== null ? [f.attribute] : [])))];
}

const KINDS: readonly ProductKind[] = ['food', 'beauty', 'pet_food', 'medicine', 'electronics', 'household', 'other'];

export function kindOf(view: FactView): { kind: ProductKind; id: string | null } {
  for (const fact of view.facts) {
    const kind = fact.key === 'kind' ? KINDS.find((k) => k === fact.text.trim().toLowerCase()) : undefined;
    if (kind !== undefined) return { kind, id: fact.id };
  }
  // Without a kind, facts only a food has say it is one: allergens, a Nutri-Score or NOVA group.
  const food = view.facts.find((f) => f.key === 'allergens' || (f.key === 'attribute' && (f.attribute === 'nutriscore_grade' || f.attribute === 'nova_group')));
  if (food !== undefined) return { kind: 'food', id: food.id };
  return { kind: 'other', id: null };
}

// Made once: building an Intl.DisplayNames costs more than a record's other labels together.
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

// Asked for every record's messages; looking a name up costs more than keeping it. Bounded: a
// language tag comes from the facts, so the set is not closed.
const NAMED = new BoundedMemo<string>(1000);

/** English name of a language for messages ("German"). */
export function languageName(language: string): string {
  return NAMED.get(language, () => {
    try {
      return LANGUAGE_NAMES.of(language) ?? language;
    } catch {
      return language;
    }
  });
}
