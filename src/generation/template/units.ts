// Quantities and units: parsing as printed by sources ("500g", "6 x 1.5L", "30 compresse"),
// normalising unit spellings, and formatting numbers for a locale. Pure; no I/O.
// Hand-written because no maintained library parses the multilingual, multipack spellings that
// shop and open-data records use; Intl.NumberFormat does the locale formatting. The units and
// their spellings are the service's one table (src/domain/units.ts).

import { decimalMarkOf, numberPattern, readNumber, writeNumber } from '../../domain/numbers.ts';
import { UNIT_SPELLINGS, UNITS } from '../../domain/units.ts';

export type Unit = 'mg' | 'µg' | 'g' | 'kg' | 'ml' | 'cl' | 'dl' | 'l' | 'oz' | 'fl oz' | 'lb' | 'mm' | 'cm' | 'm' | '%';
export type Dimension = 'mass' | 'volume' | 'length' | 'ratio';

const TEMPLATE_UNITS: readonly Unit[] = ['mg', 'µg', 'g', 'kg', 'ml', 'cl', 'dl', 'l', 'oz', 'fl oz', 'lb', 'mm', 'cm', 'm', '%'];

function isTemplateUnit(unit: string): unit is Unit {
  return (TEMPLATE_UNITS as readonly string[]).includes(unit);
}

export function dimensionOf(unit: Unit): Dimension {
  const dimension = UNITS[unit]?.dimension;
  if (dimension === 'mass' || dimension === 'volume' || dimension === 'length' || dimension === 'ratio') return dimension;
  throw new Error(`unit ${unit} has no dimension the template writes`);
}

// The service's spellings of the units above, lower-case, plus each symbol itself. Text is
// matched without regard to case, so only these units are looked for: "5 W" or "3 h" in a
// description are left as written. cl and dl are kept as written: converting would print a number
// (75 cl → 750 ml) that no source states.
const ALIASES: Readonly<Record<string, Unit>> = Object.fromEntries([
  ...TEMPLATE_UNITS.map((unit) => [unit, unit] as const),
  ...Object.entries(UNIT_SPELLINGS).flatMap(([spelling, unit]) => (isTemplateUnit(unit) ? [[spelling, unit] as const] : [])),
]);

const ALIAS_PATTERN = Object.keys(ALIASES)
  .sort((a, b) => b.length - a.length)
  .map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s?'))
  .join('|');

const DIGIT = /\d/;

/** A number followed by a unit; the caller checks what stands before it (see `quantitiesIn`). */
const numberUnit = (spaces: boolean) => new RegExp(`(${numberPattern(spaces)})\\s?(${ALIAS_PATTERN})(?![\\p{L}\\p{N}])`, 'giu');
const NUMBER_UNIT = numberUnit(false);
const NUMBER_UNIT_SPACED = numberUnit(true);

export function normaliseUnit(raw: string): Unit | null {
  return ALIASES[raw.toLowerCase().replace(/\s+/g, ' ')] ?? null;
}

/**
 * "1,50" and "1.5" → "1.5"; "007" → "7"; "15.000" → "15000" read in `locale` (a language or
 * locale: src/domain/numbers.ts has the rule). With no locale a lone mark before three digits is
 * read as a decimal mark. String-based, so long codes keep every digit.
 */
export function canonicalNumber(raw: string, locale: string | null = null, unit?: string): string {
  return readNumber(raw, decimalMarkOf(locale), unit) ?? readNumber(raw, raw.includes(',') ? ',' : '.', unit) ?? raw;
}

/**
 * A canonical number ("1.5", "15000"; "1,5" is read as 1.5 too) as the locale writes it: "1,5" in
 * it-IT, "15.000"; four digits ungrouped. A number as a text writes it is read first (canonicalNumber).
 */
export function formatNumber(canonical: string, locale: string): string {
  return writeNumber(readNumber(canonical, '.') ?? canonical, locale);
}

export interface Measure {
  amount: string; // canonical number
  unit: Unit;
}

export interface Quantity {
  /** Multipack count ("6" in "6 x 1,5 l"), or null. */
  packCount: string | null;
  measure: Measure | null;
  /** "30" and "compresse" in "30 compresse", when the quantity is a count of items. */
  count: { amount: string; noun: string } | null;
  /**
   * With a count, the measure is per item ("20 compresse da 500 mg": 20 tablets of 500 mg each);
   * `per` is the source's connecting word ("da"), kept so the quantity is written as stated.
   */
  per: string | null;
}

interface Found {
  index: number;
  end: number;
  measure: Measure;
}

/**
 * Every number-with-unit in a text, its numbers read in `locale`. No-break spaces group thousands;
 * plain ones only with `spaces` (French "1 055 lm", but "Spaghetti n.5 500 g" is 500 g): the
 * engine's own text has its groups written with no-break spaces. A single-letter upper-case G or M is not a unit
 * ("5G" phones, size "M"), and a number glued to a letter is a model code ("A52"), except after "x".
 */
export function quantitiesIn(text: string, locale: string | null = null, spaces = false): Found[] {
  // A text without a digit has no quantity: nothing to scan.
  if (!DIGIT.test(text)) return [];
  const found: Found[] = [];
  for (const match of text.matchAll(spaces ? NUMBER_UNIT_SPACED : NUMBER_UNIT)) {
    const [all, number = '', rawUnit = ''] = match;
    // The two characters before the match, read without copying the text before it.
    const prev = match.index > 0 ? text.slice(match.index - 1, match.index) : '';
    const prev2 = match.index > 1 ? text.slice(match.index - 2, match.index - 1) : '';
    if (/\p{N}/u.test(prev) || (/[.,]/.test(prev) && /\p{N}/u.test(prev2))) continue;
    if (/\p{L}/u.test(prev) && !(/[xX×]/.test(prev) && !/\p{L}/u.test(prev2))) continue;
    if (rawUnit === 'G' || rawUnit === 'M') continue;
    const unit = normaliseUnit(rawUnit);
    if (unit === null) continue;
    found.push({ index: match.index, end: match.index + all.length, measure: { amount: canonicalNumber(number, locale, unit), unit } });
  }
  return found;
}

const MULTIPACK = /(\d+)\s*[x×]\s*$/iu;
// "20 compresse da 500 mg", "10 sachets of 2 g", "12 Beutel à 5 g": a count of items, each of a measure.
const COUNT_OF = /^(\d+)\s*(\p{L}[\p{L}.-]*(?:\s\p{L}[\p{L}.-]*)?)\s+(da|di|of|à|a|zu|je|de|van|po|x|×)\s*$/iu;

/** Parses a quantity as printed: "500 g", "500GR", "6 x 1.5L", "2×250 ml", "30 compresse", "20 Stück". */
export function parseQuantity(text: string, locale: string | null = null): Quantity | null {
  const clean = text.trim();
  const [first] = quantitiesIn(clean, locale);
  if (first !== undefined) {
    const before = clean.slice(0, first.index);
    const countOf = COUNT_OF.exec(before);
    if (countOf?.[1] !== undefined && countOf[2] !== undefined && countOf[3] !== undefined && !/^[x×]$/u.test(countOf[2])) {
      return { packCount: null, measure: first.measure, count: { amount: canonicalNumber(countOf[1]), noun: countOf[2] }, per: countOf[3] };
    }
    const pack = MULTIPACK.exec(before);
    return { packCount: pack?.[1] === undefined ? null : canonicalNumber(pack[1]), measure: first.measure, count: null, per: null };
  }
  const count = /^(\d+)\s*(\p{L}[\p{L}.-]*)/u.exec(clean);
  if (count?.[1] !== undefined && count[2] !== undefined) {
    return { packCount: null, measure: null, count: { amount: canonicalNumber(count[1]), noun: count[2] }, per: null };
  }
  return null;
}

export function formatMeasure(measure: Measure, locale: string): string {
  return `${formatNumber(measure.amount, locale)}${measure.unit === '%' ? '' : ' '}${measure.unit}`;
}

/** "6 × 1,5 l", "500 g", "30 compresse", "20 compresse da 500 mg" in the locale's number style. */
export function formatQuantity(quantity: Quantity, locale: string): string {
  if (quantity.measure !== null && quantity.count !== null) {
    return `${quantity.count.amount} ${quantity.count.noun} ${quantity.per ?? '×'} ${formatMeasure(quantity.measure, locale)}`;
  }
  if (quantity.measure !== null) {
    const measure = formatMeasure(quantity.measure, locale);
    return quantity.packCount === null ? measure : `${quantity.packCount} × ${measure}`;
  }
  if (quantity.count !== null) return `${quantity.count.amount} ${quantity.count.noun}`;
  return '';
}

/** Rewrites every number-with-unit in free text in the locale's style: "1.5L" → "1,5 l", "500GR" → "500 g". */
export function normaliseQuantitiesInText(text: string, locale: string): string {
  let out = '';
  let at = 0;
  for (const q of quantitiesIn(text, locale)) {
    out += text.slice(at, q.index) + formatMeasure(q.measure, locale);
    at = q.end;
  }
  out += text.slice(at);
  return out.replace(/(\d)\s*[xX×]\s*(?=\d)/gu, '$1 × ');
}
