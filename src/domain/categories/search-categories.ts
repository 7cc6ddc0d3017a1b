// Finding a Google category by words, as a person picking one types them ("lamp", "shampoo").
// Pure. Each word must begin a word of the path in the language asked or in English, accents and
// case aside; a word naming the category itself ranks it above one naming only a parent, and
// among equals the shorter name, then the shallower path, comes first.
import { type GoogleTaxonomy, pathKey } from './google-taxonomy.ts';

export interface FoundCategory {
  id: string;
  /** Segments in the language asked (English where it is not shipped). */
  path: string[];
}

interface Indexed {
  id: string;
  path: string[];
  /** Words of the whole path, then of its last segment, in the language asked and in English. */
  words: string[];
  own: string[];
}

const words = (text: string): string[] =>
  pathKey(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');

// The words of 5,595 paths are split once per taxonomy and language, not once per search.
const indexes = new WeakMap<GoogleTaxonomy, Map<string, Indexed[]>>();

function indexOf(taxonomy: GoogleTaxonomy, language: string): Indexed[] {
  const byLanguage = indexes.get(taxonomy) ?? new Map<string, Indexed[]>();
  indexes.set(taxonomy, byLanguage);
  const known = byLanguage.get(language);
  if (known !== undefined) return known;
  const built = [...taxonomy.all()].map((category) => {
    const path = taxonomy.path(category.id, language);
    return {
      id: category.id,
      path,
      words: [...new Set([...words(path.join(' ')), ...words(category.segments.join(' '))])],
      own: [...new Set([...words(path.at(-1) ?? ''), ...words(category.segments.at(-1) ?? '')])],
    };
  });
  byLanguage.set(language, built);
  return built;
}

/** "lamps" names what "lamp" does. */
const sameWord = (a: string, b: string) => a === b || a === `${b}s` || a === `${b}es`;

function score(query: readonly string[], entry: Indexed): number | null {
  let total = 0;
  for (const word of query) {
    if (!entry.words.some((w) => w.startsWith(word))) return null;
    total += entry.own.some((w) => sameWord(w, word)) ? 3 : entry.own.some((w) => w.startsWith(word)) ? 2 : 1;
  }
  return total;
}

/** Up to `limit` categories whose path holds every word of `query`, best first. */
export function searchCategories(taxonomy: GoogleTaxonomy, query: string, language: string, limit: number): FoundCategory[] {
  const wanted = words(query);
  if (wanted.length === 0) return [];
  const found: { entry: Indexed; score: number }[] = [];
  for (const entry of indexOf(taxonomy, language.slice(0, 2).toLowerCase())) {
    const s = score(wanted, entry);
    if (s !== null) found.push({ entry, score: s });
  }
  found.sort(
    (a, b) =>
      b.score - a.score || a.entry.own.length - b.entry.own.length || a.entry.path.length - b.entry.path.length || a.entry.path.join(' > ').localeCompare(b.entry.path.join(' > ')),
  );
  return found.slice(0, limit).map(({ entry }) => ({ id: entry.id, path: [...entry.path] }));
}
