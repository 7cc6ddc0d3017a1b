// Finds known phrases in product text, word by word, the longest first. Pure.
// Words are compared folded (lower case, accents off), so "Caffè" and "caffe" are one word; a
// pattern word may end in `*` ("spaghett*": any word starting so) or start with one ("*sauger":
// a German compound ending so). A word taken by a longer phrase is not matched again by a shorter
// one, so "latte detergente" is a cleanser and not milk.

/** Letters NFKD leaves whole, as the nearest plain letters. */
const WHOLE_LETTERS: Readonly<Record<string, string>> = { ß: 'ss', ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ı: 'i' };

/** Lower case, accents off, letters and digits only ("&" read as "and"), one space between words. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[ßłøæœđı]/g, (c) => WHOLE_LETTERS[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The pieces of a text that are read on their own: a phrase never runs across a comma, a full stop or brackets. */
export function textPieces(text: string): string[][] {
  return text
    .split(/[,.;:!?()[\]{}|/\n\u2022\u00b7]+|\s[-–—]\s/u)
    .map((piece) => foldText(piece).split(' '))
    .filter((words) => words.length > 0 && words[0] !== '');
}

type WordPattern = { kind: 'exact' | 'prefix' | 'suffix'; text: string };

interface Pattern<T> {
  words: WordPattern[];
  value: T;
}

/** Shortest stem a `*` may follow (or precede): shorter ones match too many words. */
const MIN_STEM = 3;

function wordPattern(word: string): WordPattern {
  if (word.length > MIN_STEM && word.endsWith('*')) return { kind: 'prefix', text: word.slice(0, -1) };
  if (word.length > MIN_STEM && word.startsWith('*')) return { kind: 'suffix', text: word.slice(1) };
  return { kind: 'exact', text: word };
}

function matchesWord(pattern: WordPattern, word: string): boolean {
  if (pattern.kind === 'exact') return word === pattern.text;
  if (pattern.kind === 'prefix') return word.startsWith(pattern.text);
  return word.endsWith(pattern.text);
}

export interface PhraseMatch<T> {
  value: T;
  /** Index of the first word. */
  start: number;
  length: number;
}

export class PhraseMatcher<T> {
  readonly #exact = new Map<string, Pattern<T>[]>();
  readonly #prefix = new Map<string, Pattern<T>[]>();
  readonly #suffix = new Map<string, Pattern<T>[]>();

  /** `phrase` is folded words separated by spaces, each maybe with a `*`. */
  add(phrase: string, value: T): void {
    const words = phrase.split(' ').filter((w) => w !== '');
    const first = words[0];
    if (first === undefined) return;
    const pattern: Pattern<T> = { words: words.map(wordPattern), value };
    const head = pattern.words[0] ?? wordPattern(first);
    const index = head.kind === 'exact' ? this.#exact : head.kind === 'prefix' ? this.#prefix : this.#suffix;
    const list = index.get(head.text) ?? [];
    list.push(pattern);
    index.set(head.text, list);
  }

  /** Patterns whose first word may match `word`. */
  #startingWith(word: string): Pattern<T>[] {
    const found = [...(this.#exact.get(word) ?? [])];
    for (let end = MIN_STEM; end <= word.length; end++) found.push(...(this.#prefix.get(word.slice(0, end)) ?? []));
    for (let start = 0; start <= word.length - MIN_STEM; start++) found.push(...(this.#suffix.get(word.slice(start)) ?? []));
    return found;
  }

  /** Every phrase found in `words`, the longest taking its words first; in text order. */
  find(words: readonly string[]): PhraseMatch<T>[] {
    const all: Array<PhraseMatch<T> & { exactness: number }> = [];
    words.forEach((word, start) => {
      for (const pattern of this.#startingWith(word)) {
        if (start + pattern.words.length > words.length) continue;
        if (!pattern.words.every((p, i) => matchesWord(p, words[start + i] ?? ''))) continue;
        const exactness = pattern.words.filter((p) => p.kind === 'exact').length;
        all.push({ value: pattern.value, start, length: pattern.words.length, exactness });
      }
    });
    all.sort((a, b) => b.length - a.length || b.exactness - a.exactness || a.start - b.start);
    const taken = new Set<number>();
    const kept: PhraseMatch<T>[] = [];
    for (const match of all) {
      const span = Array.from({ length: match.length }, (_, i) => match.start + i);
      if (span.some((i) => taken.has(i))) continue;
      for (const i of span) taken.add(i);
      kept.push({ value: match.value, start: match.start, length: match.length });
    }
    return kept.sort((a, b) => a.start - b.start);
  }
}
