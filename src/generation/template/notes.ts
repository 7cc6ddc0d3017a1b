// The caller's free-text notes that the template engine understands. Everything else is
// reported as not applied (LLM engines follow notes in full). Recognised, in English, Italian
// and German (case-insensitive; several notes separated by new lines, ";" or ". "):
//   no brand in title          | senza marca nel titolo | non mettere il marchio nel titolo | ohne Marke im Titel
//   title max N characters     | titolo massimo N caratteri | Titel maximal N Zeichen
//   do not mention X           | non menzionare X / non citare X | X nicht erwähnen
//   omit key features about X  | ometti le caratteristiche su X  | keine Stichpunkte zu X
// Pure; no I/O.

export interface NoteRules {
  noBrandInTitle: boolean;
  titleMax: number | null;
  /** Words no text field may contain: the word is removed from titles, other text drops the sentence or bullet. */
  avoid: string[];
  /** Topics whose key features are left out. */
  omitFeaturesAbout: string[];
  /** Notes as written that the engine did not apply. */
  notApplied: string[];
}

export const NO_NOTES: NoteRules = { noBrandInTitle: false, titleMax: null, avoid: [], omitFeaturesAbout: [], notApplied: [] };

const BRAND = String.raw`(?:the\s+|il\s+|la\s+|die\s+)?(?:brand(?:\s+name)?|marca|marchio|marke|markenname)`;
const TITLE = String.raw`(?:the\s+|il\s+|im\s+|dem\s+)?(?:title|titolo|titel)`;
const NO_BRAND = [
  new RegExp(String.raw`^(?:no|without|omit|remove|drop|do\s+not\s+(?:put|use|include|add)|don'?t\s+(?:put|use|include|add))\s+${BRAND}\s+(?:in|from)\s+${TITLE}$`, 'iu'),
  new RegExp(String.raw`^(?:senza|niente|togli|rimuovi|ometti|non\s+(?:mettere|inserire|includere|usare))\s+${BRAND}\s+(?:nel|dal)\s+titolo$`, 'iu'),
  new RegExp(String.raw`^(?:${TITLE})\s+(?:senza|without|ohne)\s+${BRAND}$`, 'iu'),
  /^(?:keine|ohne)\s+marke\s+im\s+titel$/iu,
];
const TITLE_MAX = new RegExp(
  String.raw`^${TITLE}\s*(?::\s*)?(?:max(?:imum|imo|imal)?\.?|massimo|at\s+most|up\s+to|no\s+more\s+than|al\s+massimo|non\s+più\s+di|fino\s+a|höchstens|<=|≤)\s*(\d{1,3})\s*(?:characters?|chars?|caratteri|zeichen)?$`,
  'iu',
);
const MENTION = [
  /^(?:do\s+not|don'?t|never)\s+(?:mention|say|write|use)\s+(?:the\s+word\s+)?(.+)$/iu,
  /^(?:non\s+(?:menzionare|citare|nominare|scrivere|usare)|mai)\s+(?:la\s+parola\s+)?(.+)$/iu,
  /^(.+?)\s+nicht\s+erwähnen$/iu,
  /^(?:erwähne|nenne)\s+nicht\s+(.+)$/iu,
];
const OMIT_FEATURES = [
  /^(?:omit|skip|exclude|drop|no)\s+(?:the\s+)?(?:key\s+features?|bullets?|bullet\s+points?)\s+(?:about|on|regarding|mentioning)\s+(.+)$/iu,
  /^(?:ometti|escludi|togli|niente)\s+(?:le\s+|i\s+)?(?:caratteristiche|punti(?:\s+elenco)?|key\s+features?)\s+(?:su|sul|sulla|sui|sulle|riguardo\s+a|relativ[ie]\s+a)\s+(.+)$/iu,
  /^keine\s+(?:stichpunkte|merkmale)\s+(?:zu|über)\s+(.+)$/iu,
];

function unquote(text: string): string {
  return text
    .trim()
    .replace(/^["'“”«‘’]+|["'“”»‘’.!]+$/gu, '')
    .trim();
}

/** Reads the notes into rules; every part not understood is listed in `notApplied`. */
export function parseNotes(notes: string | null): NoteRules {
  const rules: NoteRules = { noBrandInTitle: false, titleMax: null, avoid: [], omitFeaturesAbout: [], notApplied: [] };
  if (notes === null) return rules;
  const parts = notes
    .split(/\n|;|\.(?=\s)|\.$/)
    .map((p) =>
      p
        .trim()
        .replace(/\s+/g, ' ')
        .replace(/^[-*•]\s*/, ''),
    )
    .filter((p) => p !== '');
  for (const part of parts) {
    const clean = part.replace(/[.!]+$/, '');
    if (NO_BRAND.some((re) => re.test(clean))) {
      rules.noBrandInTitle = true;
      continue;
    }
    const max = TITLE_MAX.exec(clean);
    if (max?.[1] !== undefined && Number(max[1]) >= 10) {
      rules.titleMax = Math.min(rules.titleMax ?? Infinity, Number(max[1]));
      continue;
    }
    const omit = OMIT_FEATURES.map((re) => re.exec(clean)?.[1]).find((x) => x !== undefined);
    if (omit !== undefined && unquote(omit) !== '') {
      rules.omitFeaturesAbout.push(unquote(omit));
      continue;
    }
    const avoid = MENTION.map((re) => re.exec(clean)?.[1]).find((x) => x !== undefined);
    if (avoid !== undefined && unquote(avoid) !== '' && unquote(avoid).split(/\s+/).length <= 4) {
      rules.avoid.push(unquote(avoid));
      continue;
    }
    rules.notApplied.push(part);
  }
  return rules;
}

/**
 * Whether a text mentions any of the words, ignoring case. Whole words, or with `prefix` any word
 * starting with one (a topic "allergen" covers "allergens").
 */
export function mentionsAny(text: string, words: readonly string[], prefix = false): boolean {
  return words.some((word) => {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}${prefix ? '' : '(?![\\p{L}\\p{N}])'}`, 'iu').test(text);
  });
}
