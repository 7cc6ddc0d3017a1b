// Finds label claims in a text by word stems in every content language, so the forms a model or a
// source writes ("espaguetis ecológicos", "suitable for vegans", "für Veganer geeignet") are
// found like the listed ones. A claim after a negation, or about the packaging, is not one. Pure.
import { CONTRASTS, LABEL_CLAIMS, NEGATIONS, ONLY, PACKAGING, type LabelClaim } from './label-claim-phrases.ts';
import { STEMMED_LANGUAGES, stem, wordsOf, type StemmedLanguage, type Word } from './word-stems.ts';

export interface ClaimFound {
  claim: string;
  /** As written in the text. */
  written: string;
  /** Negated or about the packaging: the text does not make the claim about the product. */
  madeAboutProduct: boolean;
}

// Words allowed between two words of a phrase ("senza latte e glutine", "free from added gluten").
const GAP = 2;
// How far back a negation reaches ("non è adatto a una dieta vegana").
const NEGATION_REACH = 5;
// How close a packaging noun must stand ("vegan-friendly packaging", "confezione bio").
const PACKAGING_REACH = 2;

interface CompiledPhrase {
  claim: LabelClaim;
  stems: readonly string[];
}

// Each phrase stemmed in each language: the phrase's own language is not recorded, and a phrase
// stemmed as another language's words only ever matches itself.
const COMPILED: ReadonlyMap<StemmedLanguage, ReadonlyMap<string, readonly CompiledPhrase[]>> = new Map(
  STEMMED_LANGUAGES.map((language) => {
    const byFirst = new Map<string, CompiledPhrase[]>();
    for (const claim of LABEL_CLAIMS) {
      for (const phrase of claim.phrases) {
        const stems = wordsOf(phrase).map((w) => stem(w.text, language));
        const [first] = stems;
        if (first === undefined) continue;
        const list = byFirst.get(first) ?? [];
        if (!list.some((p) => p.claim === claim && p.stems.join(' ') === stems.join(' '))) list.push({ claim, stems });
        byFirst.set(first, list);
      }
    }
    return [language, byFirst];
  }),
);

/** The index of the last word of `stems` matched from `from`, or -1; gaps stay within the sentence. */
function matchFrom(words: readonly Word[], stemmed: readonly string[], stems: readonly string[], from: number): number {
  let at = from;
  for (let i = 1; i < stems.length; i++) {
    let next = -1;
    for (let j = at + 1; j <= Math.min(words.length - 1, at + 1 + GAP); j++) {
      if (words[j]?.sentenceStart === true) break;
      if (stemmed[j] === stems[i]) {
        next = j;
        break;
      }
    }
    if (next === -1) return -1;
    at = next;
  }
  return at;
}

function sentenceWindow(words: readonly Word[], index: number, step: 1 | -1, reach: number): Word[] {
  const out: Word[] = [];
  for (let i = index + step, n = 0; n < reach && i >= 0 && i < words.length; i += step, n++) {
    const word = words[i];
    if (word === undefined) break;
    if (step === -1 && words[i + 1]?.sentenceStart === true) break;
    if (step === 1 && word.sentenceStart) break;
    out.push(word);
  }
  return out;
}

/**
 * Whether a negation turns the claim at `first` around: one in the same clause, with no "but"
 * between ("No preservatives, organic ingredients" and "not only tasty but also organic" claim
 * organic), and not "not only" ("non solo biologico" claims it too).
 */
function negated(words: readonly Word[], first: number): boolean {
  for (let i = first - 1; i >= 0 && first - i <= NEGATION_REACH; i--) {
    const word = words[i];
    if (word === undefined || words[i + 1]?.clauseStart === true) return false;
    // Polish "nie ma" ("there is no") is a negation, not Italian "ma" ("but").
    if (CONTRASTS.has(word.text)) return word.text === 'ma' && words[i - 1]?.text === 'nie' && !word.clauseStart;
    if (NEGATIONS.has(word.text) && !ONLY.has(words[i + 1]?.text ?? '')) return true;
  }
  return false;
}

function aboutProduct(words: readonly Word[], first: number, last: number, claim: LabelClaim): boolean {
  if (negated(words, first)) return false;
  const after = sentenceWindow(words, last, 1, PACKAGING_REACH);
  if (after[0] !== undefined && claim.notBefore?.has(after[0].text) === true) return false;
  const near = [...sentenceWindow(words, first, -1, 1), ...after];
  return !near.some((w) => PACKAGING.has(w.text));
}

/** Every label claim in a text, at most one finding per claim (the first made about the product, else the first). */
export function findClaims(text: string): ClaimFound[] {
  const words = wordsOf(text);
  const found = new Map<string, ClaimFound>();
  for (const language of STEMMED_LANGUAGES) {
    const phrases = COMPILED.get(language);
    if (phrases === undefined) continue;
    const stemmed = words.map((w) => stem(w.text, language));
    for (const [i, first] of stemmed.entries()) {
      for (const phrase of phrases.get(first) ?? []) {
        const word = words[i];
        if (word === undefined || phrase.claim.notClaims?.test(word.text) === true) continue;
        const last = matchFrom(words, stemmed, phrase.stems, i);
        const end = words[last];
        if (last === -1 || end === undefined) continue;
        const earlier = found.get(phrase.claim.claim);
        if (earlier?.madeAboutProduct === true) continue;
        const madeAboutProduct = aboutProduct(words, i, last, phrase.claim);
        if (earlier === undefined || madeAboutProduct) found.set(phrase.claim.claim, { claim: phrase.claim.claim, written: text.slice(word.start, end.end), madeAboutProduct });
      }
    }
  }
  return [...found.values()];
}
