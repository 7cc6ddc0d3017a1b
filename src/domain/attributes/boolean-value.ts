// Boolean values: only when a fact states them. A stated negation is false; silence is no value. Pure.
import { fold, phraseOffsets } from './fold.ts';

const YES = new Set(['yes', 'true', 'y', '1', 'si', 'ja', 'oui', 'sim', 'tak', 'vero']);
const NO = new Set(['no', 'false', 'n', '0', 'nein', 'non', 'nao', 'nie', 'nee', 'falso']);
/** Words that negate what follows them within two words: "not vegan", "non vegano", "nicht vegan", "sans …". */
const NEGATIONS = new Set(['not', 'no', 'non', 'nicht', 'kein', 'keine', 'sans', 'sin', 'sem', 'nie', 'niet', 'geen', 'without', 'senza', 'ohne', 'pas']);

/** A whole value read as yes or no ("Sì", "nein", "true"); undefined for anything else. */
export function booleanNamed(text: string): boolean | undefined {
  const folded = fold(text);
  if (YES.has(folded)) return true;
  if (NO.has(folded)) return false;
  return undefined;
}

/**
 * What a free text states about a property named by `phrases` (folded): true where one occurs,
 * false where every occurrence follows a negation, undefined where none occurs.
 */
export function booleanStated(text: string, phrases: readonly string[]): boolean | undefined {
  const folded = fold(text);
  const words = folded.split(' ');
  let seen: boolean | undefined;
  for (const phrase of phrases) {
    for (const at of phraseOffsets(folded, phrase)) {
      const negated = words.slice(Math.max(0, at - 2), at).some((w) => NEGATIONS.has(w));
      if (!negated) return true;
      seen = false;
    }
  }
  return seen;
}
