// Label claims (organic, gluten-free, vegan …) are what shoppers filter on and regulators check,
// and no number check sees them. A record may make one only when some fact makes it, in any
// language and any word form: "espaguetis ecológicos" in a Spanish record is supported by an
// English "Organic" label. The phrasings are in label-claim-phrases.ts, the matching by word
// stems in claim-matcher.ts.
import { findClaims } from './claim-matcher.ts';
import { readableText, textFields, type CheckedFields, type RecordProblem } from './problem.ts';

/** The claims the facts make about the product, in any language. */
export function claimsInFacts(factTexts: readonly string[]): Set<string> {
  const claims = new Set<string>();
  for (const text of factTexts) for (const found of findClaims(readableText(text))) if (found.madeAboutProduct) claims.add(found.claim);
  return claims;
}

/** Each label claim a field makes that no fact makes, in any language. */
export function checkLabelClaims(record: Partial<CheckedFields>, factTexts: readonly string[]): RecordProblem[] {
  const supported = claimsInFacts(factTexts);
  const problems: RecordProblem[] = [];
  for (const [field, written] of textFields(record)) {
    for (const found of findClaims(readableText(written))) {
      if (!found.madeAboutProduct || supported.has(found.claim)) continue;
      problems.push({ field, check: 'ungrounded', message: `claims "${found.written}" (${found.claim}), which no fact states` });
    }
  }
  return problems;
}
