// Phrase patterns for the text checks, written readably: a space in a phrase matches any run of
// whitespace, and a phrase only matches whole words. JavaScript's \b knows ASCII letters only, so
// "désolé" or "Übersetzung" need the Unicode-aware boundaries below.
const START = String.raw`(?<![\p{L}\p{N}_])`;
const END = String.raw`(?![\p{L}\p{N}_])`;

function body(phrases: readonly string[]): string {
  return phrases.map((p) => p.replace(/ /g, String.raw`\s+`)).join('|');
}

/** Any of the phrases as whole words, anywhere in a text. Case-insensitive unless `caseSensitive`. */
export function anyPhrase(phrases: readonly string[], options: { caseSensitive?: boolean } = {}): RegExp {
  return new RegExp(`${START}(?:${body(phrases)})${END}`, options.caseSensitive === true ? 'u' : 'iu');
}

/** Any of the phrases at the start of the text or of one of its lines. */
export function openingPhrase(phrases: readonly string[]): RegExp {
  return new RegExp(`^[\\s"'“«¡¿]*(?:${body(phrases)})${END}`, 'imu');
}

/** The first match of any pattern, as written in the text. */
export function firstMatch(text: string, patterns: readonly RegExp[]): string | null {
  for (const pattern of patterns) {
    const found = pattern.exec(text);
    if (found !== null) return found[0];
  }
  return null;
}

/**
 * `first`, then `second` at most `words` words later in the same sentence ("prevents the onset of
 * cancer", "natural, so it is harmless"). An elided article may stick to `second` ("l'influenza",
 * "d'Alzheimer").
 */
export function phraseNear(first: readonly string[], second: readonly string[], words: number): RegExp {
  const gap = String.raw`,?(?:\s+[^\s.;:!?]+){0,${words}}?\s+(?:\p{L}{1,6}')?`;
  return new RegExp(`${START}(?:${body(first)})${gap}(?:${body(second)})${END}`, 'iu');
}
