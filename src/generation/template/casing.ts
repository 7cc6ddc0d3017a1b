// Names from databases often arrive in capitals ("SPAGHETTI N.5 BARILLA"). Pure; no I/O.
import type { CaseStyle } from './language-pack.ts';

// Kept in capitals inside a re-cased name: acronyms shoppers read as such, EU food designations.
const ACRONYMS = new Set(
  `USB HDMI LED LCD OLED QLED HD UHD TV PC DVD CD SD SSD HDD RAM GPS NFC WIFI SPF UV UVA UVB DNA XS XXS XL XXL XXXL
  DOP IGP DOC DOCG STG AOP AOC IGP DOP PDO PGI UHT OGM GMO EVO PET PVC ABS INCI BBQ CBD AAA AA ATC OTC SOP II III IV VI VII VIII IX`.split(/\s+/),
);

/** Mostly capitals and long enough to be shouting rather than an acronym or a code. */
export function isShouting(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 4) return false;
  const upper = letters.filter((l) => l !== l.toLowerCase()).length;
  return upper / letters.length >= 0.8 && /\p{Lu}{4,}/u.test(text);
}

function capitalise(word: string, locale: string): string {
  const first = word.match(/\p{L}/u);
  if (first === null || first.index === undefined) return word;
  return word.slice(0, first.index) + word.charAt(first.index).toLocaleUpperCase(locale) + word.slice(first.index + 1);
}

function keepsCapitals(token: string): boolean {
  const core = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (ACRONYMS.has(core) || (core.includes('-') && core.split('-').some((part) => ACRONYMS.has(part)))) return true;
  // Model and shade codes such as "A52", "SPF50", "B12" stay as written; "N.5" is a number label, handled below.
  return /\p{N}/u.test(core) && !/^N[.°º]\s?\d/u.test(core);
}

/**
 * Re-cases a shouted name for the language: `sentence` capitalises the first word only, `title`
 * every word but the small ones. Acronyms, codes and the brand keep their own spelling.
 */
export function recase(text: string, style: CaseStyle, locale: string, smallWords: readonly string[], brand: string | null): string {
  let first = true;
  const recased = text
    .split(/(\s+)/)
    .map((token) => {
      if (/^\s+$/.test(token) || token === '') return token;
      if (keepsCapitals(token)) {
        first = false;
        return token;
      }
      const lower = token.toLocaleLowerCase(locale);
      // "n.5" (numero) stays lower-case in every style.
      if (/^n[.°º]\s?\d/u.test(lower)) {
        first = false;
        return lower;
      }
      const out = first || (style === 'title' && !smallWords.includes(lower.replace(/[^\p{L}]/gu, ''))) ? capitalise(lower, locale) : lower;
      if (/\p{L}/u.test(token)) first = false;
      return out;
    })
    .join('');
  if (brand === null || brand.trim() === '') return recased;
  const escaped = brand.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return recased.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), brand.trim());
}

/** Title Case, Sentence case, UPPER or lower for an instruction in a regeneration. */
export function applyCase(text: string, style: 'upper' | 'lower' | 'title', locale: string): string {
  if (style === 'upper') return text.toLocaleUpperCase(locale);
  if (style === 'lower') return text.toLocaleLowerCase(locale);
  return text
    .split(/(\s+)/)
    .map((token) => capitalise(token, locale))
    .join('');
}
