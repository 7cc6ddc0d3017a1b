// Number values from text: "1,2 kg", "1.234,5 g", "9 W", "806 lm", normalised to the attribute's
// unit. Pure.
import { convert, dimensionOf, unitNamed } from './units.ts';

// "1.200" and "1,200": a thousands group in one language, a decimal part in another.
const ONE_GROUP = /^[-+]?[1-9]\d{0,2}[.,]\d{3}$/;
// The one language of the eight whose decimal mark is a dot; the others write "1,2" and "1.200".
const DOT_DECIMAL_LANGUAGES: ReadonlySet<string> = new Set(['en']);

/**
 * A number as printed in any of the eight languages. With both separators the last one is the
 * decimal mark ("1.234,5", "1,234.5"); a lone separator is a decimal mark ("1,2", "2.5") unless
 * it groups thousands more than once ("1,234,567"). A lone separator before exactly three digits
 * ("1.200", "10,000") is read in the text's `language`, and is no number when that is unknown:
 * guessing would put a 1000 times wrong value in the record.
 */
export function parseNumber(text: string, language: string | null = null): number | undefined {
  const t = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!/^[-+]?\d[\d.,]*$/.test(t)) return undefined;
  const lastComma = t.lastIndexOf(',');
  const lastDot = t.lastIndexOf('.');
  let normal: string;
  if (ONE_GROUP.test(t)) {
    if (language === null) return undefined;
    const decimalMark = DOT_DECIMAL_LANGUAGES.has(language) ? '.' : ',';
    normal = t.includes(decimalMark) ? t.replace(',', '.') : t.replace(/[.,]/, '');
  } else if (lastComma >= 0 && lastDot >= 0) {
    normal = lastComma > lastDot ? t.replaceAll('.', '').replace(',', '.') : t.replaceAll(',', '');
  } else if (lastComma >= 0) {
    normal = /^\d{1,3}(,\d{3}){2,}$/.test(t) ? t.replaceAll(',', '') : t.split(',').length === 2 ? t.replace(',', '.') : '';
  } else {
    normal = /^\d{1,3}(\.\d{3}){2,}$/.test(t) ? t.replaceAll('.', '') : t.split('.').length <= 2 ? t : '';
  }
  if (normal === '') return undefined;
  const value = Number(normal);
  return Number.isFinite(value) ? value : undefined;
}

export interface Quantity {
  amount: number;
  unit: string;
}

// A number, then a unit word or symbol; the unit ends at a non-letter. "6 x 1,5 l" is a multipack:
// its "1,5 l" is one item's, not the product's, so amounts right after "x" are skipped.
// A unit word may hold any letter ("litrów"); one no table knows is skipped.
const QUANTITY = /(^|[^\d.,])(\d+(?:[.,\u00a0 ]\d+)*)\s?(fl\.? ?oz|\p{L}{1,12}|%|")(?![\p{L}\d])/gu;
const MULTIPLIER = /\d\s*[x×]\s*$/;

/** Every amount with a known unit in a text, in order; `language` reads "1.200" (see `parseNumber`). */
export function quantitiesIn(text: string, language: string | null = null): Quantity[] {
  const found: Quantity[] = [];
  for (const match of text.matchAll(QUANTITY)) {
    const [, lead = '', digits = '', unitText = ''] = match;
    const unit = unitNamed(unitText);
    if (unit === undefined) continue;
    const before = text.slice(0, (match.index ?? 0) + lead.length);
    if (MULTIPLIER.test(before)) continue;
    const amount = parseNumber(digits, language);
    // "4K", "8K": a resolution, not a colour temperature (light is 1000 K and up).
    if (unit === 'K' && (amount === undefined || amount < 1000)) continue;
    if (amount !== undefined) found.push({ amount, unit });
  }
  return found;
}

/** A number written for output: no exponent, no binary noise. */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}

/**
 * The value a text gives a number attribute in `unit`: a bare number when `bareIsUnit` (a person
 * typing into the field means its unit) or when the attribute has no unit; otherwise the one
 * amount of the unit's dimension the text states, converted. Two different amounts are no value.
 */
export function numberValue(text: string, unit: string | null, bareIsUnit: boolean, language: string | null = null): number | undefined {
  const bare = parseNumber(text, language);
  if (bare !== undefined) return unit === null || bareIsUnit ? bare : undefined;
  if (unit === null) return undefined;
  const target = unitNamed(unit);
  const dimension = dimensionOf(unit);
  if (target === undefined || dimension === undefined) return undefined;
  const amounts = new Set<number>();
  for (const q of quantitiesIn(text, language)) {
    const converted = convert(q.amount, q.unit, target);
    if (converted !== undefined) amounts.add(converted);
  }
  return amounts.size === 1 ? [...amounts][0] : undefined;
}
