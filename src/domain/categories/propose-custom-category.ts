// The category of the account's own tree a generation proposes for a product without one, from
// what is known of the product: its Google category (set by the classifier), the categories its
// facts state (a catalogue's category column) and its titles. A proposal only; a person confirms
// it. Pure.
import { fold } from '../attributes/fold.ts';
import { pathKey } from './google-taxonomy.ts';

export interface CategoryEvidence {
  /** The product's Google category, its path's levels from the top, in each language known. */
  googlePaths: readonly (readonly string[])[];
  /** The categories its facts state ("Casa > Illuminazione", or one level a fact). */
  categories: readonly string[];
  /** Its titles: the caller's and its records'. */
  titles: readonly string[];
}

interface IndexedCategory {
  id: string;
  key: string;
  /** Word stems of the whole path. */
  stems: ReadonlySet<string>;
  /** Stems of the last level that none above it has: what this category adds to its parent. */
  own: ReadonlySet<string>;
}

/** An account's tree made ready for many proposals (a batch of products scores against one index). */
export interface CategoryIndex {
  readonly categories: readonly IndexedCategory[];
}

// Words that say nothing of a kind of product, in the eight languages the service writes.
const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'and or for of the with to in on by other others misc ' +
    'e ed o di da del della delle dei degli per con in il lo la le gli un una altri altro ' +
    'und oder fur mit der die das den dem des von zu im am ein eine sonstige ' +
    'et ou pour de des du avec le la les un une en au aux autres ' +
    'y o para con del los las el otros ' +
    'en of voor met het een de overig ' +
    'e ou para com do da dos das outros ' +
    'i lub dla z w na do inne'
  ).split(' '),
);

/** One form for the inflections of a word that matter here: plurals (lamps, lampade, Lampen) and -ing (lighting). */
export function stem(word: string): string {
  let w = word;
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (/(sses|xes|ches|shes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 6 && w.endsWith('ing')) w = w.slice(0, -3);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('en')) w = w.slice(0, -2);
  if (w.length > 3 && /[aeiouy]$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The stems of a text's words, without stopwords, single letters and bare numbers. */
export function stemsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of fold(text).split(' ')) {
    if (word.length < 2 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    out.add(stem(word));
  }
  return out;
}

export function categoryIndex(tree: Iterable<readonly [id: string, path: string]>): CategoryIndex {
  const categories: IndexedCategory[] = [];
  for (const [id, path] of tree) {
    const levels = path.split('>');
    const above = stemsOf(levels.slice(0, -1).join(' '));
    const last = stemsOf(levels.at(-1) ?? '');
    categories.push({ id, key: pathKey(path), stems: new Set([...above, ...last]), own: new Set([...last].filter((s) => !above.has(s))) });
  }
  return { categories };
}

/** A word of a category path found in the Google path or a stated category counts twice a word of a title. */
const STATED = 2;
const TITLE = 1;
/** What each word of a category's last level that the product does not show takes off. */
const UNSHOWN = 0.5;

/**
 * The id of the one category the evidence points to, or undefined. A category whose path is the
 * product's Google path or a stated category, levels alike, is taken at once. Otherwise each
 * category scores the words of its path the evidence shows (those of the Google path and stated
 * categories twice those of titles), less a little for each word of its last level not shown; a
 * category is a candidate only when its last level adds a word shown (so a child that repeats its
 * parent's words never wins over the parent). A tie for the best is no proposal.
 */
export function proposeCustomCategory(index: CategoryIndex, evidence: CategoryEvidence): string | undefined {
  if (index.categories.length === 0) return undefined;
  const exact = new Set([...evidence.googlePaths.map((levels) => pathKey(levels.join(' > '))), ...evidence.categories.map(pathKey)]);
  const named = index.categories.filter((c) => exact.has(c.key));
  if (named.length === 1) return named[0]?.id;

  const stated = new Set<string>();
  for (const levels of evidence.googlePaths) for (const s of stemsOf(levels.join(' '))) stated.add(s);
  for (const category of evidence.categories) for (const s of stemsOf(category.replaceAll('>', ' '))) stated.add(s);
  const titled = new Set<string>();
  for (const title of evidence.titles) for (const s of stemsOf(title)) titled.add(s);
  const weight = (s: string) => (stated.has(s) ? STATED : 0) + (titled.has(s) ? TITLE : 0);

  let best: { id: string; score: number } | undefined;
  let tied = false;
  for (const category of index.categories) {
    let ownShown = 0;
    for (const s of category.own) if (weight(s) > 0) ownShown += 1;
    if (ownShown === 0) continue;
    let score = -UNSHOWN * (category.own.size - ownShown);
    for (const s of category.stems) score += weight(s);
    if (best === undefined || score > best.score) {
      best = { id: category.id, score };
      tied = false;
    } else if (score === best.score) {
      tied = true;
    }
  }
  return best !== undefined && !tied && best.score >= TITLE ? best.id : undefined;
}
