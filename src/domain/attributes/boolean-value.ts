// Boolean values: only when a fact states them. A stated negation is false; silence is no value. Pure.
import { fold, phraseOffsets } from './fold.ts';

const YES = new Set(['yes', 'true', 'y', '1', 'si', 'ja', 'oui', 'sim', 'tak', 'vero']);
const NO = new Set(['no', 'false', 'n', '0', 'nein', 'non', 'nao', 'nie', 'nee', 'falso']);
/** Words that negate what follows them within two words: "not vegan", "non vegano", "nicht vegan", "sans …". */
const NEGATIONS = new Set(['not', 'no', 'non', 'nicht', 'kein', 'keine', 'sans', 'sin', 'sem', 'nie', 'niet', 'geen', 'without', 'senza', 'ohne', 'pas']);
// A negation reaches no further than its clause: in "senza glutine, vegano" the "senza" is the gluten's.
const CLAUSE_END = /[,;.!()[\]\n|/•·]+/;

/** A whole value read as yes or no ("Sì", "nein", "true"); undefined for anything else. */
export function booleanNamed(text: string): boolean | undefined {
  const folded = fold(text);
  if (YES.has(folded)) return true;
  if (NO.has(folded)) return false;
  return undefined;
}

/** What one clause states about the property: "vegan: no" is an answer, "not vegan" a negation. */
function statedInClause(clause: string, phrases: readonly string[]): boolean | undefined {
  const words = clause.split(' ');
  let seen: boolean | undefined;
  for (const phrase of phrases) {
    const length = phrase.split(' ').length;
    for (const at of phraseOffsets(clause, phrase)) {
      // A yes or no that ends the clause right after the name answers it: "Vegan: no", "glutenfrei: ja".
      const answer = at + length === words.length - 1 ? booleanNamed(words[at + length] ?? '') : undefined;
      const stated = answer ?? !words.slice(Math.max(0, at - 2), at).some((w) => NEGATIONS.has(w));
      if (stated) return true;
      seen = false;
    }
  }
  return seen;
}

/**
 * What a free text states about a property named by `phrases` (folded): true where one occurs,
 * false where every occurrence is negated or answered no, undefined where none occurs.
 */
export function booleanStated(text: string, phrases: readonly string[]): boolean | undefined {
  let seen: boolean | undefined;
  for (const clause of text.split(CLAUSE_END)) {
    const stated = statedInClause(fold(clause), phrases);
    if (stated === true) return true;
    seen ??= stated;
  }
  return seen;
}
