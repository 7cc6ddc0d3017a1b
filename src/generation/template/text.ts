// Plain-text helpers for the template engine. Pure; no I/O.
import { stripMarkup, tidyLines } from '../../text/plain-text.ts';
import { truncateWords } from '../../text/words.ts';

/**
 * Caller text may be HTML from a shop export: keep the line breaks of block elements and list
 * items, drop scripts, styles and tags, decode every entity. Decoding comes first and is repeated
 * with the stripping (see stripMarkup), so "&lt;script&gt;" cannot come out as a tag.
 */
export function toPlainText(input: string): string {
  return tidyLines(stripMarkup(input).text);
}

export function collapseSpaces(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

// Abbreviations whose full stop does not end a sentence, in the languages we write.
const ABBREVIATIONS = ['dr', 'mr', 'mrs', 'ms', 'prof', 'st', 'sig', 'sr', 'jr', 'ca', 'approx', 'inkl', 'bzw', 'ggf', 'usw', 'vs', 'cf', 'z.b', 'e.g', 'i.e', 'd.h', 'u.a'];
// These only abbreviate before a number ("n. 5", "Art. 12"); "No." before a capital ends a sentence.
const NUMBER_ABBREVIATIONS = ['n', 'nr', 'no', 'art', 'p', 'pp', 'vol', 'cod', 'ref', 'tel', 'pag'];

function spellings(words: readonly string[]): string {
  // Lower, Capitalised and UPPER forms: the split itself must stay case-sensitive for \p{Lu}.
  const forms = words.flatMap((w) => [w, w.charAt(0).toUpperCase() + w.slice(1), w.toUpperCase()]);
  return [...new Set(forms)].map((w) => w.replace(/\./g, '\\.')).join('|');
}

const NOT_AFTER = `(?<!(?:^|[\\s(])(?:${spellings(ABBREVIATIONS)})\\.)`;
const NOT_AFTER_NUMBERED = `(?<!(?:^|[\\s(])(?:${spellings(NUMBER_ABBREVIATIONS)})\\.)`;
// A sentence may open with a lower-case letter before a capital: "pH 5,5.", "iPhone".
const SENTENCE_END = new RegExp(`(?<=[.!?])${NOT_AFTER}\\s+(?=[\\p{Lu}"“«(]|\\p{Ll}\\p{Lu})|(?<=[.!?])${NOT_AFTER}${NOT_AFTER_NUMBERED}\\s+(?=\\d)`, 'u');

/** Sentence split that keeps decimals (1.5 kg) and common abbreviations (Dr., ca., n. 5) intact. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(SENTENCE_END))
    .map(collapseSpaces)
    .filter((s) => s.length > 0);
}

/** Lines written as a list (`- `, `* `, `• `) in the source; a description's own bullets beat sentences. */
export function bulletLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^\s*([-*•·▪]|\d+[.)])\s+/.test(line))
    .map((line) => collapseSpaces(line.replace(/^\s*([-*•·▪]|\d+[.)])\s+/, '')))
    .filter((line) => line.length > 0);
}

/** Whether `word` stands in `text` as a whole word (so brand "Ace" is not found in "efficace"). */
export function containsWord(text: string, word: string): boolean {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!escaped) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

const QUANTITY = /(\d+(?:[.,]\d+)?)\s?(ml|cl|dl|l|mg|g|kg|oz|fl\.? ?oz|lb)\b/i;

/** The first net quantity written in the text, as written ("500 ml", "1,5 kg"), or null. */
export function findNetQuantity(text: string): string | null {
  const match = QUANTITY.exec(text);
  if (match === null || match[1] === undefined || match[2] === undefined) return null;
  return `${match[1]} ${match[2].toLowerCase()}`;
}

/** Removes every whole-word occurrence of `word`, tidying the spaces and separators left behind. */
export function removeWord(text: string, word: string): string {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!escaped) return text;
  return text
    .replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), '')
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]+([,;:.!?])/g, '$1')
        .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/^[\s,;:–-]+|[\s,;:–-]+$/g, '')
        .trim(),
    )
    .filter((line) => line !== '')
    .join('\n');
}

/** Whole sentences from the start while they fit in `max`; a first sentence too long is cut at a word. */
export function fitSentences(text: string, max: number): string {
  let out = '';
  for (const sentence of sentences(text)) {
    const next = out ? `${out} ${sentence}` : sentence;
    if (next.length > max) break;
    out = next;
  }
  return out || truncateWords(collapseSpaces(text), max);
}

/** Whole lines from the start while they fit in `max` (a description keeps its list lines); else `fitSentences` of the first. */
export function fitLines(text: string, max: number): string {
  const lines = text.split('\n');
  let out = '';
  for (const line of lines) {
    const next = out ? `${out}\n${line}` : line;
    if (next.length > max) break;
    out = next;
  }
  return out || fitSentences(lines[0] ?? '', max);
}
