// Names from databases often arrive in capitals ("SPAGHETTI N.5 BARILLA"). Pure; no I/O.
import type { CaseStyle } from './language-pack.ts';

// Kept in capitals inside a re-cased name: acronyms shoppers read as such, EU food designations.
export const ACRONYMS: ReadonlySet<string> = new Set(
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
  // "USB-C", and materials joined by a slash ("PVC/AL", "PET/AL/PE").
  if (ACRONYMS.has(core) || (/[-/]/.test(core) && core.split(/[-/]/).some((part) => ACRONYMS.has(part)))) return true;
  // "MG/100" is a unit and a number, each re-cased on its own (see `recase`).
  if (core.includes('/')) return false;
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
      // "100 MG/100 ML": each side of a slash on its own, so the unit is lower-cased and the number kept.
      if (token.includes('/') && /\p{N}/u.test(token)) {
        first = false;
        return token
          .split('/')
          .map((part) => (keepsCapitals(part) ? part : part.toLocaleLowerCase(locale)))
          .join('/');
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

// Legal forms as companies write them; matched on the letters alone ("S.P.A." → "S.p.A.").
const LEGAL_FORMS: ReadonlyMap<string, string> = new Map(
  [
    'S.p.A.',
    'S.r.l.',
    'S.r.l.s.',
    'S.a.s.',
    'S.n.c.',
    'S.c.a.r.l.',
    'GmbH',
    'AG',
    'KG',
    'SE',
    'Ltd.',
    'Ltd',
    'Inc.',
    'LLC',
    'PLC',
    'B.V.',
    'N.V.',
    'S.A.',
    'S.L.',
    'S.A.S.',
    'Sp. z o.o.',
    'Co.',
  ].map((form): [string, string] => [form.toLowerCase().replace(/[^a-z]/g, ''), form]),
);
const COMPANY_SMALL_WORDS = new Set(['di', 'de', 'del', 'della', 'e', 'ed', 'et', 'und', 'and', 'of', 'the', 'von', 'van', 'der']);

/** The token's letters in the case of the model's letters, its punctuation as written ("S.R.L" → "S.r.l"). */
function withCaseOf(token: string, model: string): string {
  const cases = [...model].filter((c) => /\p{L}/u.test(c));
  let at = 0;
  return [...token].map((c) => (/\p{L}/u.test(c) ? (cases[at++] ?? c) : c)).join('');
}

/**
 * A company name shouted by a register ("AZIENDE CHIMICHE RIUNITE ANGELINI FRANCESCO - A.C.R.A.F.
 * S.P.A.") as companies write it: words capitalised, initials with dots kept ("A.C.R.A.F."), the
 * legal form in its usual spelling ("S.p.A."). A name not in capitals is returned as it is.
 */
export function recaseCompany(text: string, locale: string): string {
  if (!isShouting(text)) return text;
  // The legal form keeps the punctuation it was written with ("SRL" → "Srl"), so no fact is misquoted.
  return text
    .split(/(\s+)/)
    .map((token, i, all) => {
      if (/^\s*$/.test(token)) return token;
      const letters = token.toLowerCase().replace(/[^\p{L}]/gu, '');
      const legal = LEGAL_FORMS.get(letters);
      if (legal !== undefined && (token.includes('.') || i === all.length - 1)) return withCaseOf(token, legal);
      if (/^(?:\p{L}\.){2,}$/u.test(token) || ACRONYMS.has(token) || /\p{N}/u.test(token)) return token;
      const lower = token.toLocaleLowerCase(locale);
      return i > 0 && COMPANY_SMALL_WORDS.has(lower) ? lower : capitalise(lower, locale);
    })
    .join('');
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
