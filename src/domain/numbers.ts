// Numbers as people write them in a language and country: read from facts ("1.200 lm" in German
// is 1200, "1,2 kg" is 1.2) and written for a record ("0.75 l" in English, "0,75 l" in Italian,
// "15'000" in Swiss German). Pure; Intl supplies every locale's marks, nothing is hand-tabled.
//
// Reading rule. A number's separators are read in the language of the text it stands in:
// - spaces (plain in French and Polish, no-break and narrow no-break anywhere) and apostrophes
//   (Swiss) only ever group thousands;
// - with both `.` and `,`, the last is the decimal mark ("1.234,5", "1,234.5");
// - a mark that occurs twice groups thousands ("1.200.000"); a lone mark before one, two or four
//   and more digits is a decimal mark ("1,2", "0.75", "2,5000"), and so is one after a lone zero
//   ("0,750": nobody groups a zero);
// - a lone mark before exactly three digits ("1.200", "1,200") is the ambiguous case. The text's
//   language decides: its decimal mark is a decimal mark, its other mark groups thousands. German
//   "1.200 lm" is 1200, English "1,200 lm" is 1200, German "1,2 kg" and "1,250 kg" are 1.2 and
//   1.25. One exception: units whose amounts are whole numbers in any product data (lumen, watt,
//   mAh, kelvin, hours …: nobody sells a 1.2 lm bulb) read such a tail as thousands whatever the
//   language says, so the German "1,200 lm" (an English-style figure copied into German text) is
//   1200 lm, as its reader would take it, while the German "1,200 kg" stays 1.2 kg. With the
//   language unknown the number is ambiguous (`null`): it is kept as written, never guessed,
//   because a wrong guess is a thousand times wrong.
//
// Writing rule: Intl.NumberFormat of the record's locale, grouping numbers of five digits and more
// only ("1200 lm", "15,000 hours", "15.000 Stunden", "15 000 heures"): a four-digit group reads as
// a decimal to readers of the other convention, and model numbers and colour temperatures ("2700 K")
// are written ungrouped by their makers.
import { languageOf, MULTILINGUAL_COUNTRIES } from './countries.ts';
import { UNIT_SPELLINGS, UNITS } from './units.ts';

export type DecimalMark = '.' | ',';

/**
 * A grouped number ("15.000", "15'000", "1,234.5", with `spaces` also "1 055") or a plain one
 * ("1,5", "806"), as a regular expression source without groups.
 */
export function numberPattern(spaces: boolean): string {
  const group = spaces ? String.raw`[.,'’\u00a0\u202f ]` : String.raw`[.,'’\u00a0\u202f]`;
  return String.raw`[1-9]\d{0,2}(?:${group}\d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?`;
}

// Units whose amounts are whole numbers in product data: a lone mark before three digits groups.
const WHOLE_NUMBER_UNITS: ReadonlySet<string> = new Set(['lm', 'mAh', 'W', 'mW', 'Wh', 'K', 'kcal', 'h', 'min', 's', 'Hz', 'MB']);

/** The canonical unit a spelling names ("Lumen" → lm, "Stunden" → h), or undefined. */
export function canonicalUnit(spelling: string): string | undefined {
  const trimmed = spelling.trim();
  if (Object.hasOwn(UNITS, trimmed)) return trimmed;
  const lower = trimmed.toLowerCase().replace(/\s+/g, ' ');
  if (Object.hasOwn(UNITS, lower)) return lower;
  return Object.hasOwn(UNIT_SPELLINGS, lower) ? UNIT_SPELLINGS[lower] : undefined;
}

const MARKS = new Map<string, DecimalMark | null>();

/**
 * The decimal mark of a language or locale ("en" → ".", "de" → ",", "de-CH" → "."), from Intl;
 * null when it is unknown (no language) or the locale is no locale Intl knows.
 */
export function decimalMarkOf(localeOrLanguage: string | null): DecimalMark | null {
  if (localeOrLanguage === null) return null;
  let mark = MARKS.get(localeOrLanguage);
  if (mark === undefined) {
    try {
      const part = new Intl.NumberFormat(localeOrLanguage).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
      mark = part === '.' || part === ',' ? part : null;
    } catch {
      mark = null;
    }
    MARKS.set(localeOrLanguage, mark);
  }
  return mark;
}

// Portuguese groups with a space in Portugal and a dot in Brazil: a Portuguese text may do either.
const ALSO_SPACED = new Set(['pt']);
const SPACED = new Map<string, boolean>();

/** Whether a space groups thousands in this language or locale ("1 055 lm" is 1055 in French, de-AT, Polish). */
export function spaceGroups(localeOrLanguage: string | null): boolean {
  if (localeOrLanguage === null) return false;
  let spaced = SPACED.get(localeOrLanguage);
  if (spaced === undefined) {
    try {
      const group = new Intl.NumberFormat(localeOrLanguage).formatToParts(12345).find((p) => p.type === 'group')?.value ?? '';
      spaced = /^[\s\u00a0\u202f]$/u.test(group) || ALSO_SPACED.has(localeOrLanguage.slice(0, 2).toLowerCase());
    } catch {
      spaced = false;
    }
    SPACED.set(localeOrLanguage, spaced);
  }
  return spaced;
}

function tidy(whole: string, fraction: string): string {
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac === '' ? int : `${int}.${frac}`;
}

/**
 * The canonical form ("1200", "1.25") of a number as written, read by the rule at the top of this
 * file; null when it is ambiguous because the decimal mark is unknown. `unit` is the canonical
 * unit the number stands with, if any.
 */
export function readNumber(written: string, decimal: DecimalMark | null, unit?: string): string | null {
  const spaced = /[\s\u00a0\u202f'’]/u.test(written);
  const t = written.replace(/[\s\u00a0\u202f'’]/gu, '');
  if (!/^\d[\d.,]*$/.test(t)) return null;
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const at = Math.max(lastComma, lastDot);
    return tidy(t.slice(0, at).replace(/[.,]/g, ''), t.slice(at + 1));
  }
  const mark = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
  if (mark === null) return tidy(t, '');
  const parts = t.split(mark);
  if (parts.length > 2) return parts.slice(1).every((p) => p.length === 3) ? tidy(parts.join(''), '') : null;
  const [head = '', tail = ''] = parts;
  if (tail.length !== 3 || head === '0' || spaced) return tidy(head, tail);
  if (unit !== undefined && WHOLE_NUMBER_UNITS.has(unit)) return tidy(`${head}${tail}`, '');
  if (decimal === null) return null;
  return mark === decimal ? tidy(head, tail) : tidy(`${head}${tail}`, '');
}

const FORMATTERS = new Map<string, Intl.NumberFormat>();

/** A canonical number ("1.5", "15000") as the locale writes it: "1,5", "15.000"; four digits ungrouped. */
export function writeNumber(canonical: string, locale: string): string {
  // Ten digits and more is a code (an EAN beside a unit), no amount: written as it is.
  if (/^\d{10,}$/.test(canonical)) return canonical;
  let formatter = FORMATTERS.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale, { useGrouping: 'min2', maximumFractionDigits: 20 });
    FORMATTERS.set(locale, formatter);
  }
  return formatter.format(Number(canonical));
}

const SUPPORTED = new Map<string, boolean>();

function intlKnows(locale: string): boolean {
  let known = SUPPORTED.get(locale);
  if (known === undefined) {
    try {
      known = new Intl.NumberFormat(locale).resolvedOptions().locale === locale;
    } catch {
      known = false;
    }
    SUPPORTED.set(locale, known);
  }
  return known;
}

/**
 * The locale a record's numbers are written in: the language as spoken in the record's country
 * where it is one of that country's own languages (de-CH writes "0.75 l" and "15'000", es-MX
 * "0.75", en-US like en-GB), else the language's own default (`fallback`, the language pack's
 * locale): an English record for Italy is read by readers of English, and CLDR's en-IT would give
 * it the Italian decimal comma.
 */
export function numberLocale(language: string, country: string, fallback: string): string {
  const native = languageOf(country) === language || (MULTILINGUAL_COUNTRIES[country] ?? []).includes(language);
  const locale = `${language}-${country.toUpperCase()}`;
  return native && intlKnows(locale) ? locale : fallback;
}
