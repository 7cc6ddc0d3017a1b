// Which Google product category a product is, from its facts alone: ranked candidates and how
// sure the first one is. Pure and offline.
//
// Each fact that can say what a product is gives evidence for categories: a category a shop's
// feed names by Google id or path (decisive), the sources' category names (Open Food Facts'
// list, Icecat's category), a product type, the product's names, its kind, an ATC code, a
// MINSAN code, and (weakly) its descriptions. Words are read with the hand-written list
// (product-words.ts) and the taxonomy's own English names (taxonomy-names.ts). Evidence for a
// category supports every category below it, so "Food" and "Pasta & Noodles" agree, while
// "Pasta & Noodles" and "Cookies" compete; siblings that split the evidence make their parent
// the safer answer.
import type { Fact, ProductKind } from '../facts.ts';
import type { GoogleTaxonomy } from './google-taxonomy.ts';
import { PhraseMatcher, textPieces } from './phrase-matcher.ts';
import { PRODUCT_WORDS } from './product-words.ts';
import { singular, taxonomyNameMatcher } from './taxonomy-names.ts';

export interface CategoryCandidate {
  /** A Google product category id. */
  id: string;
  /** The evidence for it (larger is more); comparable within one classification only. */
  score: number;
}

export interface Classification {
  /** Best first, at most MAX_CANDIDATES; none when no fact says what the product is. */
  candidates: CategoryCandidate[];
  /** 0 to 1: how sure the first candidate is, from how much evidence there is and how much of it agrees. */
  confidence: number;
}

export interface ClassifyInput {
  facts: readonly Fact[];
  codeType?: 'ean' | 'asin' | 'minsan' | null;
}

/** Candidates kept: enough for a model to choose from, few enough to read. */
export const MAX_CANDIDATES = 6;

type Role = 'given' | 'category' | 'type' | 'name' | 'description' | 'kind' | 'medicine' | 'code';

/** What a piece of evidence of each role weighs. */
const ROLE_WEIGHT: Readonly<Record<Role, number>> = {
  given: 8,
  category: 3,
  type: 2.5,
  name: 2.5,
  description: 0.8,
  kind: 1,
  medicine: 3,
  code: 0.5,
};

/** Where a kind points, and how much it weighs: a source's kind is broad, and Icecat calls most things electronics. */
const KIND_CATEGORY: Readonly<Record<ProductKind, { id: string; weight: number } | null>> = {
  food: { id: '412', weight: 1 },
  beauty: { id: '2915', weight: 1 },
  pet_food: { id: '2', weight: 1.5 },
  medicine: { id: '518', weight: 3 },
  electronics: { id: '222', weight: 0.6 },
  household: { id: '536', weight: 0.6 },
  other: null,
};

/** Attributes that name what the product is. */
const TYPE_ATTRIBUTES: ReadonlySet<string> = new Set(['product_type', 'generic_name', 'pharmaceutical_form', 'kind', 'item_type', 'product_category']);

/** A word after these names what the product is for, not what it is ("custodia per smartphone"). */
const FOR_WORDS: ReadonlySet<string> = new Set(['per', 'for', 'fur', 'pour', 'para', 'voor', 'dla', 'pro']);
/** A word after these names what is in or on it ("tonno all'olio", "biscotti al cacao"). */
const WITH_WORDS: ReadonlySet<string> = new Set([
  'con',
  'with',
  'mit',
  'avec',
  'met',
  'z',
  'com',
  'al',
  'all',
  'alla',
  'allo',
  'alle',
  'ai',
  'agli',
  'au',
  'aux',
  'gusto',
  'sabor',
  'flavour',
  'flavor',
  'geschmack',
  'smaak',
]);
const AFTER_FOR = 0.15;
const AFTER_WITH = 0.2;
/** A taxonomy name found in text counts less than a word of the list, which was chosen for it. */
const NAME_INDEX_SHARE = 0.7;
/** English names in text of another language are often false friends ("pane", "gift"). */
const NAME_INDEX_OTHER_LANGUAGE = 0.5;
/** How fast evidence turns into certainty: this much agreeing evidence makes about 63 %, a product name alone. */
const STRENGTH = 2.5;
/** Characters of one text read at most: the kind of product is said early. */
const MAX_TEXT = 2000;

let productWords: PhraseMatcher<readonly string[]> | undefined;

/** The hand-written list as one matcher: a phrase listed under several ids points to all of them. */
function productWordMatcher(): PhraseMatcher<readonly string[]> {
  if (productWords !== undefined) return productWords;
  const ids = new Map<string, Set<string>>();
  for (const [id, phrases] of PRODUCT_WORDS) {
    for (const phrase of phrases.split('|')) {
      const set = ids.get(phrase) ?? new Set<string>();
      if (id !== '') set.add(id);
      ids.set(phrase, set);
    }
  }
  const matcher = new PhraseMatcher<readonly string[]>();
  for (const [phrase, set] of ids) matcher.add(phrase, [...set]);
  productWords = matcher;
  return matcher;
}

const nameMatchers = new WeakMap<GoogleTaxonomy, PhraseMatcher<readonly string[]>>();

function nameMatcherOf(taxonomy: GoogleTaxonomy): PhraseMatcher<readonly string[]> {
  let matcher = nameMatchers.get(taxonomy);
  if (matcher === undefined) {
    matcher = taxonomyNameMatcher(taxonomy);
    nameMatchers.set(taxonomy, matcher);
  }
  return matcher;
}

/**
 * Roles whose evidence can back an answer but not contradict one: a description mentions what a
 * product goes with or is safe for ("lavabile in lavastoviglie") as often as what it is.
 */
const CORROBORATING: ReadonlySet<Role> = new Set(['description']);

interface Piece {
  id: string;
  weight: number;
  corroborating: boolean;
}

/** Evidence: the most each role says for each id (a name in four languages is one name). */
class Evidence {
  readonly #weights = new Map<string, Piece>();

  add(role: Role, id: string, weight: number): void {
    const key = `${role} ${id}`;
    const known = this.#weights.get(key);
    if (known === undefined || known.weight < weight) this.#weights.set(key, { id, weight, corroborating: CORROBORATING.has(role) });
  }

  list(): Piece[] {
    return [...this.#weights.values()].filter((e) => e.weight > 0);
  }
}

/** How much a match counts for where it stands in its piece of text. */
function damping(words: readonly string[], start: number): number {
  let factor = 1;
  for (let i = 0; i < start; i++) {
    const word = words[i] ?? '';
    if (FOR_WORDS.has(word)) factor = Math.min(factor, AFTER_FOR);
    else if (WITH_WORDS.has(word)) factor = Math.min(factor, AFTER_WITH);
  }
  return factor;
}

/** Reads one text for words that name a kind of product. */
function readText(taxonomy: GoogleTaxonomy, evidence: Evidence, role: Role, text: string, language: string | null, share = 1): void {
  const base = ROLE_WEIGHT[role] * share;
  const names = nameMatcherOf(taxonomy);
  for (const words of textPieces(text.slice(0, MAX_TEXT))) {
    const listed = productWordMatcher().find(words);
    const taken = new Set<number>();
    for (const match of listed) {
      for (let i = 0; i < match.length; i++) taken.add(match.start + i);
      const weight = (base * damping(words, match.start)) / Math.max(1, match.value.length);
      for (const id of match.value) evidence.add(role, id, weight);
    }
    // The taxonomy's names are read in the words the list did not take, so "cleansing milk" is not milk.
    const rest = words.map((word, i) => (taken.has(i) ? '' : singular(word)));
    const foreign = language === null ? 0.8 : language === 'en' ? 1 : NAME_INDEX_OTHER_LANGUAGE;
    for (const match of names.find(rest)) {
      const weight = (base * NAME_INDEX_SHARE * foreign * damping(words, match.start)) / Math.max(1, match.value.length);
      for (const id of match.value) evidence.add(role, id, weight);
    }
  }
}

/** A shop's feed that names a Google category (an id, or a path however its column was split) is taken at its word. */
function givenCategories(taxonomy: GoogleTaxonomy, categories: readonly Fact[], evidence: Evidence): void {
  for (const fact of categories) {
    const value = fact.value.trim();
    const id = /^\d{1,10}$/.test(value) ? value : value.includes('>') ? taxonomy.idOfPath(value) : undefined;
    if (id !== undefined && taxonomy.get(id) !== undefined) evidence.add('given', id, ROLE_WEIGHT.given);
  }
  // A catalogue's "Home & Garden > Lighting > Light Bulbs" arrives as one fact per segment.
  const bySource = new Map<string, string[]>();
  for (const fact of categories) bySource.set(fact.source, [...(bySource.get(fact.source) ?? []), fact.value.trim()]);
  for (const segments of bySource.values()) {
    for (let end = segments.length; end > 0; end--) {
      const id = taxonomy.idOfPath(segments.slice(0, end).join(' > '));
      if (id !== undefined) {
        evidence.add('given', id, ROLE_WEIGHT.given);
        break;
      }
    }
  }
}

function gather(taxonomy: GoogleTaxonomy, input: ClassifyInput): Evidence {
  const evidence = new Evidence();
  const categories = input.facts.filter((f) => f.key === 'category');
  givenCategories(taxonomy, categories, evidence);
  // Each source lists its categories most general first: the later, the more it says.
  const countBySource = new Map<string, number>();
  for (const fact of categories) countBySource.set(fact.source, (countBySource.get(fact.source) ?? 0) + 1);
  const seenBySource = new Map<string, number>();
  for (const fact of categories) {
    const index = seenBySource.get(fact.source) ?? 0;
    seenBySource.set(fact.source, index + 1);
    const count = countBySource.get(fact.source) ?? 1;
    readText(taxonomy, evidence, 'category', fact.value, fact.language, 0.6 + (0.4 * (index + 1)) / count);
  }
  for (const fact of input.facts) {
    if (fact.key === 'name') readText(taxonomy, evidence, 'name', fact.value, fact.language);
    else if (fact.key === 'description') readText(taxonomy, evidence, 'description', fact.value, fact.language);
    else if (fact.key === 'attribute' && fact.attribute !== undefined && TYPE_ATTRIBUTES.has(fact.attribute)) readText(taxonomy, evidence, 'type', fact.value, fact.language);
    else if (fact.key === 'attribute' && fact.attribute === 'atc_code' && /^[A-Z]\d{2}/i.test(fact.value.trim())) evidence.add('medicine', '518', ROLE_WEIGHT.medicine);
    else if (fact.key === 'kind') {
      const target = KIND_CATEGORY[fact.value as ProductKind];
      if (target !== undefined && target !== null) evidence.add('kind', target.id, target.weight);
    }
  }
  // A MINSAN code is on what Italian pharmacies sell: medicines, but also cosmetics, supplements, baby food.
  if (input.codeType === 'minsan') evidence.add('code', '469', ROLE_WEIGHT.code);
  return evidence;
}

/** Classifies a product from its facts. */
export function classifyProduct(taxonomy: GoogleTaxonomy, input: ClassifyInput): Classification {
  const evidence = gather(taxonomy, input).list();
  if (evidence.length === 0) return { candidates: [], confidence: 0 };
  const lineages = new Map(evidence.map((e) => [e.id, taxonomy.lineage(e.id)]));
  const ranked = [...new Set([...lineages.values()].flat())].map((id) => {
    const own = taxonomy.lineage(id);
    let above = 0;
    let below = 0;
    let against = 0;
    for (const e of evidence) {
      if (own.includes(e.id)) above += e.weight;
      else if (lineages.get(e.id)?.includes(id) === true) below += e.weight;
      else if (!e.corroborating) against += e.weight;
    }
    return { id, depth: own.length, score: above + below / 2, agreeing: above + below, against };
  });
  ranked.sort((a, b) => b.score - a.score || b.depth - a.depth || a.id.localeCompare(b.id));
  const best = ranked[0];
  if (best === undefined) return { candidates: [], confidence: 0 };
  const candidates: CategoryCandidate[] = [];
  for (const entry of ranked) {
    if (candidates.length === MAX_CANDIDATES) break;
    // A category above one already listed adds nothing a model could pick with more reason.
    if (candidates.some((c) => taxonomy.isWithin(c.id, entry.id))) continue;
    candidates.push({ id: entry.id, score: Math.round(entry.score * 100) / 100 });
  }
  const confidence = (best.agreeing / (best.agreeing + best.against)) * (1 - Math.exp(-best.score / STRENGTH));
  return { candidates, confidence: Math.round(confidence * 1000) / 1000 };
}
