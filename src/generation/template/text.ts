// Plain-text helpers for the template engine. Pure; no I/O.

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Caller text may be HTML from a shop export: keep line breaks of block elements, drop tags. */
export function toPlainText(input: string): string {
  return input
    .replace(/<\s*(br|\/p|\/li|\/div|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<\s*li[^>]*>/gi, '\n- ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map(collapseSpaces)
    .filter((line) => line.length > 0)
    .join('\n');
}

export function collapseSpaces(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** Cuts at a word boundary so a limit never splits a word; no ellipsis is added (titles, meta tags). */
export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  const head = space > max * 0.5 ? cut.slice(0, space) : text.slice(0, max);
  return head.replace(/[\s,;:–-]+$/u, '');
}

/** Sentence split that keeps decimals (1.5 kg) and common abbreviations intact. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“«(])/u))
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

/** ASCII slug for URLs: accents folded, everything else becomes single hyphens. */
export function slugify(text: string, max = 80): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return truncateWords(slug.replace(/-/g, ' '), max).replace(/ /g, '-');
}

export function includesIgnoringCase(haystack: string, needle: string): boolean {
  return haystack.toLocaleLowerCase().includes(needle.toLocaleLowerCase());
}

const QUANTITY = /(\d+(?:[.,]\d+)?)\s?(ml|cl|dl|l|mg|g|kg|oz|fl\.? ?oz|lb)\b/i;

/** The first net quantity written in the text, as written ("500 ml", "1,5 kg"), or null. */
export function findNetQuantity(text: string): string | null {
  const match = QUANTITY.exec(text);
  if (match === null || match[1] === undefined || match[2] === undefined) return null;
  return `${match[1]} ${match[2].toLowerCase()}`;
}
