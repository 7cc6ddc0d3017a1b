// The Google taxonomy's own English names as phrases to find in product text: "Pasta & Noodles"
// is found as "pasta" and as "noodles", "Skillets & Frying Pans" as "frying pan". Pure.
import type { GoogleTaxonomy } from './google-taxonomy.ts';
import { foldText, PhraseMatcher } from './phrase-matcher.ts';

/** A word as the name index compares it: English plurals read as singular ("cookies" = "cookie"). */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Names that say nothing of a product's kind on their own ("Accessories", "Sets"). */
const VAGUE: ReadonlySet<string> = new Set([
  'accessory',
  'supply',
  'part',
  'set',
  'kit',
  'product',
  'equipment',
  'item',
  'tool',
  'other',
  'system',
  'case',
  'cover',
  'holder',
  'stand',
  'mount',
  'base',
  'refill',
  'replacement part',
  'component',
  'care',
  'general',
  'gift',
  'novelty',
  'food',
  'electronic',
  'mature',
  'media',
  'software',
  'hardware',
  'apparel',
  'art',
  'display',
  'laser',
  'station',
  'vehicle',
]);

/** A phrase found under several ids is kept only when this many or fewer share it. */
const MAX_IDS_PER_PHRASE = 3;

interface Named {
  id: string;
  depth: number;
  /** The whole leaf name (not one part of it). */
  whole: boolean;
}

/**
 * The parts a leaf name lists, read as English coordinates them: "Skillets & Frying Pans" →
 * "skillet", "frying pan"; a lone word before a longer part shares its head ("Action & Toy
 * Figures" → "action figure", not "action"), and a lone word after one shares its modifiers
 * ("Weather Forecasters & Stations" → "weather station", not "station").
 */
function nameParts(name: string): { phrase: string; whole: boolean }[] {
  const fold = (text: string) =>
    foldText(text)
      .split(' ')
      .map(singular)
      .filter((w) => w !== '');
  const whole = fold(name).join(' ');
  const parts = name
    .split(/\s*(?:&|,| and | or )\s*/i)
    .map(fold)
    .filter((words) => words.length > 0);
  const last = parts.at(-1) ?? [];
  const first = parts[0] ?? [];
  const read = parts.map((words, i) => {
    if (words.length !== 1 || parts.length === 1) return words.join(' ');
    if (i < parts.length - 1 && last.length > 1) return [...words, ...last.slice(-1)].join(' ');
    if (i > 0 && first.length > 1) return [...first.slice(0, -1), ...words].join(' ');
    return words.join(' ');
  });
  return [{ phrase: whole, whole: true }, ...read.filter((p) => p !== whole).map((phrase) => ({ phrase, whole: false }))];
}

/**
 * Phrase → ids. A phrase several categories share goes to those it names whole, then to the
 * deepest; one still shared by more than a few ids ("Accessories") is dropped.
 */
export function taxonomyNameMatcher(taxonomy: GoogleTaxonomy): PhraseMatcher<readonly string[]> {
  const byPhrase = new Map<string, Named[]>();
  for (const category of taxonomy.all()) {
    const leaf = category.segments.at(-1);
    if (leaf === undefined) continue;
    for (const { phrase, whole } of nameParts(leaf)) {
      if (VAGUE.has(phrase)) continue;
      const list = byPhrase.get(phrase) ?? [];
      list.push({ id: category.id, depth: category.segments.length, whole });
      byPhrase.set(phrase, list);
    }
  }
  const matcher = new PhraseMatcher<readonly string[]>();
  for (const [phrase, named] of byPhrase) {
    const wholes = named.filter((n) => n.whole);
    const pool = wholes.length > 0 ? wholes : named;
    const deepest = Math.max(...pool.map((n) => n.depth));
    const ids = pool.filter((n) => n.depth === deepest).map((n) => n.id);
    if (ids.length <= MAX_IDS_PER_PHRASE) matcher.add(phrase, ids);
  }
  return matcher;
}
