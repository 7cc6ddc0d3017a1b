// Word stems in the eight content languages, so a claim is found in every inflected form:
// "ecológicos" and "ecológico", "Veganer" and "vegan", "végétaliens" and "végétalien". The Snowball
// stemmers of @orama/stemmers cover seven; Snowball has no Polish stemmer and no npm package ships
// a maintained one on its own, so Polish gets a light suffix stripper for the adjective and noun
// endings claims take. Pure.
import { BoundedMemo } from '../../../bounded-memo.ts';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as spanish } from '@orama/stemmers/spanish';

export const STEMMED_LANGUAGES = ['it', 'en', 'de', 'fr', 'es', 'nl', 'pt', 'pl'] as const;
export type StemmedLanguage = (typeof STEMMED_LANGUAGES)[number];

// Longest first: "owych" before "ych" before "y". A stem keeps at least four letters.
const POLISH_ENDINGS = [
  'owych',
  'owego',
  'owemu',
  'owymi',
  'owej',
  'owym',
  'ymi',
  'ych',
  'ego',
  'emu',
  'ami',
  'ach',
  'owi',
  'ie',
  'ej',
  'ym',
  'im',
  'ich',
  'om',
  'ą',
  'ę',
  'y',
  'a',
  'e',
  'i',
  'o',
  'u',
];

function polish(word: string): string {
  for (const ending of POLISH_ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= 4) return word.slice(0, -ending.length);
  }
  return word;
}

const STEMMERS: Readonly<Record<StemmedLanguage, (word: string) => string>> = {
  it: italian,
  en: english,
  de: german,
  fr: french,
  es: spanish,
  nl: dutch,
  pt: portuguese,
  pl: polish,
};

// Product texts repeat the same few hundred words; stemming each once keeps a check over eight
// languages cheap. Bounded, because the words are whatever a model or a source wrote.
const STEMS = new BoundedMemo<string>(50_000);

/** The stem of one lower-case word in one language. */
export function stem(word: string, language: StemmedLanguage): string {
  return STEMS.get(`${language}\u0000${word}`, () => STEMMERS[language](word));
}

export interface Word {
  /** Lower case, as written otherwise. */
  text: string;
  start: number;
  end: number;
  /** Whether a sentence ends between this word and the one before it. */
  sentenceStart: boolean;
  /** Whether a sentence or a clause (a comma, a bracket) ends between this word and the one before it. */
  clauseStart: boolean;
}

/** The words of a text with where each stands; hyphens and apostrophes split ("vegan-friendly", "l'olio"). */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = match.index;
    const between = text.slice(last, start);
    const sentenceStart = words.length === 0 || /[.!?;:\n•]/u.test(between);
    words.push({ text: match[0].toLowerCase(), start, end: start + match[0].length, sentenceStart, clauseStart: sentenceStart || /[,()]/u.test(between) });
    last = start + match[0].length;
  }
  return words;
}
