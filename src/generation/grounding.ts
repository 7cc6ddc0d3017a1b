// The no-invention check shared by every engine: every number and every attribute value in a
// record must be stated by some fact. Pure; no I/O. Engines run it on their output; tests run it
// on everything an engine writes.
import { BoundedMemo } from '../bounded-memo.ts';
import type { CountryContent } from '../domain/content.ts';
import type { Fact } from '../domain/facts.ts';
import { datesIn } from '../domain/dates.ts';
import { numberLocale, numberPattern, spaceGroups } from '../domain/numbers.ts';
import { toPlainText } from './template/text.ts';
import { canonicalNumber, quantitiesIn } from './template/units.ts';

export type GroundedFields = Pick<
  CountryContent,
  'title' | 'short_description' | 'description' | 'key_features' | 'global_attr' | 'title_tag' | 'meta_description' | 'meta_keywords'
>;

export interface Ungrounded {
  /** `title`, `key_features.2`, `global_attr.colour` … */
  field: string;
  kind: 'number' | 'attribute';
  /** The number as written ("1,5 l", "7"), or the attribute value. */
  value: string;
}

export interface Evidence {
  /** Canonical numbers ("1.5") stated anywhere in the facts. */
  numbers: ReadonlySet<string>;
  /** ISO dates ("2027-12-31") stated anywhere in the facts, in every order a fact can mean. */
  dates: ReadonlySet<string>;
  /** Canonical number-with-unit pairs ("1.5 l"). */
  measures: ReadonlySet<string>;
  /** Each fact's value in canonical form, for attribute values. */
  texts: readonly string[];
}

const NUMBER = new RegExp(numberPattern(false), 'g');
const NUMBER_SPACED = new RegExp(numberPattern(true), 'g');
const DIGIT = /\d/;
const numberIn = (spaces: boolean) => (spaces ? NUMBER_SPACED : NUMBER);

/**
 * Where a plain space groups thousands (French, Polish …) a text is read both ways: "1 055 lm" is
 * 1055 lm, but "Spaghetti n.5 500 g" states 5 and 500 g; either reading a fact supports is fine.
 */
const spaceReadings = (locale: string | null): boolean[] => (spaceGroups(locale) ? [true, false] : [false]);

// An untagged fact is read both ways, a dot and a comma as the decimal mark (French also groups
// with spaces): "1.200 lm" of unknown language supports 1200 and 1.2, and the record's own reading
// decides which it states.
const UNKNOWN_READINGS = ['en', 'fr'];

function prepare(text: string): string {
  return toPlainText(text).normalize('NFKC');
}

/**
 * Numbers stated by a text: those with a unit as "1.5 l", the rest bare ("7"), canonical. 1,5 = 1.5;
 * 500g = 500 g; "15.000" is 15000 in German (`locale` "de") and 15 in English (src/domain/numbers.ts).
 */
export function numbersIn(
  text: string,
  options: { lenientUnits?: boolean; locale?: string | null; spaces?: boolean; dateLocale?: string | null } = {},
): { bare: string[]; measures: Array<{ key: string; written: string }>; dates: Array<{ readings: string[]; written: string }> } {
  const locale = options.locale ?? null;
  const spaces = options.spaces ?? spaceGroups(locale);
  const plain = prepare(text);
  // Facts may shout units ("500 G"); output never does, so evidence reads units case-blind.
  const lower = options.lenientUnits === true ? plain.toLowerCase() : plain;
  if (!DIGIT.test(lower)) return { bare: [], measures: [], dates: [] };
  // A date is one statement, read in the locale's order ("31.12.2027" is no 31.12 and 2027); the
  // facts (lenientUnits) keep its numbers as numbers too.
  const foundDates = datesIn(lower, options.dateLocale === undefined ? locale : options.dateLocale);
  const dates = foundDates.map((d) => ({ readings: d.readings, written: plain.slice(d.index, d.end) }));
  const scanned = options.lenientUnits === true ? lower : foundDates.reduce((t, d) => t.slice(0, d.index) + ' '.repeat(d.end - d.index) + t.slice(d.end), lower);
  const found = quantitiesIn(scanned, locale, spaces);
  const measures = found.map((q) => ({ key: `${q.measure.amount} ${q.measure.unit}`, written: plain.slice(q.index, q.end) }));
  const bare: string[] = [];
  let at = 0;
  const rest = found.map((q) => {
    const gap = scanned.slice(at, q.index);
    at = q.end;
    return gap;
  });
  rest.push(scanned.slice(at));
  for (const gap of rest) for (const match of gap.matchAll(numberIn(spaces))) bare.push(match[0]);
  return { bare, measures, dates };
}

// A record compares the same names, facts and lines many times over (every country, every check):
// the canonical form of a recent text is kept. Bounded: cleared when full.
const CANONICAL_MAX = 5_000;
const CANONICAL = new BoundedMemo<string>(CANONICAL_MAX);

/**
 * A text in the form the attribute check compares: lower case, "1,5 L" → "1.5l", "6×" → "6 x ",
 * its numbers read in `locale` (a language or locale; unknown: a lone mark is a decimal mark).
 */
export function canonicalText(text: string, locale: string | null = null): string {
  return CANONICAL.get(locale === null ? text : `${locale}\u0000${text}`, () => canonicalTextOf(text, locale));
}

function canonicalTextOf(text: string, locale: string | null): string {
  const lower = prepare(text).toLowerCase();
  const spaces = spaceGroups(locale);
  const number = numberIn(spaces);
  let out = '';
  let at = 0;
  for (const q of quantitiesIn(lower, locale, spaces)) {
    out += `${lower.slice(at, q.index).replace(number, (n) => canonicalNumber(n, locale))}${q.measure.amount}${q.measure.unit}`;
    at = q.end;
  }
  out += lower.slice(at).replace(number, (n) => canonicalNumber(n, locale));
  return out
    .replace(/(\d)\s*[x×]\s*(?=\d)/g, '$1 x ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A fact as the check reads it: its text, and its language when it states one. */
export type EvidenceFact = Pick<Fact, 'value'> & { language?: string | null };

/** What the facts state, each read in its own language ("1.200 lm" in a German fact is 1200 lm). */
export function evidenceOf(facts: readonly EvidenceFact[]): Evidence {
  const numbers = new Set<string>();
  const measures = new Set<string>();
  const dates = new Set<string>();
  const texts = new Set<string>();
  for (const fact of facts) {
    for (const locale of fact.language == null ? UNKNOWN_READINGS : [fact.language]) {
      for (const spaces of spaceReadings(locale)) {
        // English is written month first in one country and day first in others: both orders.
        const dateLocale = locale === 'en' ? null : locale;
        const { bare, measures: found, dates: stated } = numbersIn(fact.value, { lenientUnits: true, locale, spaces, dateLocale });
        for (const d of stated) for (const reading of d.readings) dates.add(reading);
        for (const n of bare) numbers.add(canonicalNumber(n, locale));
        for (const m of found) {
          measures.add(m.key);
          numbers.add(m.key.split(' ')[0] ?? '');
        }
      }
      texts.add(canonicalText(fact.value, locale));
    }
  }
  return { numbers, measures, dates, texts: [...texts] };
}

// Each attribute value is looked for in every fact's text: its pattern is built once. Bounded as CANONICAL.
const PHRASES = new BoundedMemo<RegExp>(CANONICAL_MAX);

function containsPhrase(haystack: string, needle: string): boolean {
  if (needle === '') return true;
  // The pattern matches the needle as written, so a text without it cannot match: most texts end here.
  if (!haystack.includes(needle)) return false;
  const phrase = PHRASES.get(needle, () => {
    const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
  });
  return phrase.test(haystack);
}

/** Whether some fact states the value, whole or (for a list) item by item; the value read in `locale`. */
export function attributeSupported(value: string, evidence: Evidence, locale: string | null = null): boolean {
  const canonical = canonicalText(value, locale).replace(/[.]$/, '');
  if (evidence.texts.some((t) => containsPhrase(t, canonical))) return true;
  const items = canonical.split(/\s*;\s*|,\s+/).filter((i) => i !== '');
  return items.length > 1 && items.every((item) => evidence.texts.some((t) => containsPhrase(t, item)));
}

/** Every written text of a record with its field name (`key_features.2`, `global_attr.colour`), as written. */
export function textFields(record: Partial<GroundedFields>): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  for (const name of ['title', 'short_description', 'description', 'title_tag', 'meta_description', 'meta_keywords'] as const) {
    const value = record[name];
    if (typeof value === 'string') out.push([name, value]);
  }
  for (const [i, feature] of (record.key_features ?? []).entries()) out.push([`key_features.${i}`, feature]);
  for (const [key, value] of Object.entries(record.global_attr ?? {})) out.push([`global_attr.${key}`, value]);
  return out;
}

/**
 * Every number and attribute value in the record that no fact supports. Empty means grounded.
 * Pass only the fields to check (a regeneration checks the fields it rebuilt). The record's numbers
 * are read in its `locale` ("en-GB", "de-CH"; see numberLocale), the facts' in their languages: an
 * English record's "1.200 lm" is 1.2 lm, which a German fact's "1.200 lm" does not support.
 */
export function findUngrounded(record: CheckedRecord, facts: readonly EvidenceFact[], locale?: string | null): Ungrounded[] {
  return findUngroundedIn(record, evidenceOf(facts), locale);
}

/** The fields to check; a whole record also names its language and country, whose locale reads its numbers. */
export type CheckedRecord = Partial<GroundedFields> & { language?: string; country?: string };

/** findUngrounded against evidence already read, for several records written from the same facts. */
export function findUngroundedIn(record: CheckedRecord, evidence: Evidence, locale?: string | null): Ungrounded[] {
  if (locale === undefined) locale = record.language === undefined || record.country === undefined ? null : numberLocale(record.language, record.country, record.language);
  const problems: Ungrounded[] = [];
  for (const [field, text] of textFields(record)) {
    const readings = spaceReadings(locale).map((spaces) => {
      const { bare, measures, dates } = numbersIn(text, { locale, spaces });
      const found: Ungrounded[] = [];
      for (const d of dates) if (!d.readings.some((r) => evidence.dates.has(r))) found.push({ field, kind: 'number', value: d.written });
      for (const m of measures) if (!evidence.measures.has(m.key)) found.push({ field, kind: 'number', value: m.written });
      for (const n of bare) if (!evidence.numbers.has(canonicalNumber(n, locale))) found.push({ field, kind: 'number', value: n });
      return found;
    });
    if (!readings.some((found) => found.length === 0)) problems.push(...(readings[0] ?? []));
  }
  for (const [key, value] of Object.entries(record.global_attr ?? {})) {
    if (!attributeSupported(value, evidence, locale)) problems.push({ field: `global_attr.${key}`, kind: 'attribute', value });
  }
  return problems;
}
