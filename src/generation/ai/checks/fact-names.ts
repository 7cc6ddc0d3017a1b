// Names a record rightly keeps in the language the facts give them: the product's name ("Biscotti
// al burro" in a German record), the brand, the variant, and a term the facts quote («Nonna
// Maria»). The language check judges a text with these spans masked, so a name is never taken
// for text written in its language, while the record's own sentences are judged as strictly as
// before. Pure.
import type { Fact } from '../../../domain/facts.ts';

/** Fact keys whose whole value is a name, kept as the source writes it. */
const NAME_KEYS: ReadonlySet<Fact['key']> = new Set(['name', 'brand', 'variant']);
/** Fact keys whose text may quote a term of its own. */
const QUOTING_KEYS: ReadonlySet<Fact['key']> = new Set(['name', 'variant', 'description', 'ingredients', 'category', 'attribute']);
/**
 * A span in typographic or straight double quotes („…“ “…” «…» »…« "…"); single quotes are
 * apostrophes too often, and a quote after a digit is an inch mark (27" … 32").
 */
const QUOTED = /(?<!\d)[„“”"«»‹›]([^„“”"«»‹›\n]{2,80})[„“”"«»‹›]/gu;
/** A quoted span longer than this is a sentence the facts quote, not a term. */
const MAX_QUOTED_WORDS = 6;
/** Apostrophes a model may write for one another ("dell'olio", "dell’olio"). */
const APOSTROPHES = "'\u2018\u2019\u02bc\u00b4";

const collapse = (text: string) => text.replace(/\s+/gu, ' ').trim();
/** Whether a value can be a name: it has a word of letters, not only a code or a number. */
const hasWord = (text: string) => /\p{L}{2,}/u.test(text);

/** The names and quoted terms of the facts, each once, as the facts write them. */
export function factNames(facts: ReadonlyArray<Pick<Fact, 'key' | 'value'>>): string[] {
  const names = new Map<string, string>();
  const add = (value: string) => {
    const name = collapse(value);
    if (hasWord(name) && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  };
  for (const fact of facts) {
    if (NAME_KEYS.has(fact.key)) add(fact.value);
    if (!QUOTING_KEYS.has(fact.key)) continue;
    for (const [, quoted = ''] of fact.value.matchAll(QUOTED)) {
      if (collapse(quoted).split(' ').length <= MAX_QUOTED_WORDS) add(quoted);
    }
  }
  return [...names.values()];
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}

/** A pattern for one name: its words with any run of spaces between them, any apostrophe for another. */
function namePattern(name: string): string {
  return collapse(name)
    .split(' ')
    .map((word) => [...word].map((char) => (APOSTROPHES.includes(char) ? `[${APOSTROPHES}]` : escapeForPattern(char))).join(''))
    .join('\\s+');
}

/**
 * A function that blanks every whole-word occurrence of the names in a text (any case), longest
 * name first so "Biscotti al burro" goes whole before "Biscotti" could leave "al burro".
 */
export function nameMask(names: readonly string[]): (text: string) => string {
  const patterns = names
    .filter(hasWord)
    .sort((a, b) => b.length - a.length)
    .map(namePattern);
  if (patterns.length === 0) return (text) => text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${patterns.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return (text) => text.replace(pattern, ' ');
}
