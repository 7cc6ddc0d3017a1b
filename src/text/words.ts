// Text cut on word boundaries: shared by the engines (titles, meta tags) and the exports (handles).
import slugifyText from '@sindresorhus/slugify';

/**
 * Cuts at a word boundary so a limit never splits a word (a cut token such as a URL or a code
 * could otherwise show a number that is not in the data). Only a text whose first word alone
 * exceeds the limit is cut inside it. No ellipsis is added (titles, meta tags).
 */
export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  const head = space > 0 ? cut.slice(0, space) : text.slice(0, max);
  return head.replace(/[\s,;:–-]+$/u, '');
}

/** ASCII slug for URLs, transliterated (ø → o, ł → l, æ → ae, ß → ss), cut on a word boundary. */
export function slugify(text: string, max = 80): string {
  const slug = slugifyText(text, { decamelize: false });
  return truncateWords(slug.replace(/-/g, ' '), max).replace(/ /g, '-');
}
