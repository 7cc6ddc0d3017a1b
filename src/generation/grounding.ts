// The no-invention check shared by every engine: every number and every attribute value in a
// record must be stated by some fact. Pure; no I/O. Engines run it on their output; tests run it
// on everything an engine writes.
import { BoundedMemo } from '../bounded-memo.ts';
import type { CountryContent } from '../domain/content.ts';
import type { Fact } from '../domain/facts.ts';
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
  /** Canonical number-with-unit pairs ("1.5 l"). */
  measures: ReadonlySet<string>;
  /** Each fact's value in canonical form, for attribute values. */
  texts: readonly string[];
}

const NUMBER = /\d+(?:[.,]\d+)?/g;
const DIGIT = /\d/;

function prepare(text: string): string {
  return toPlainText(text).normalize('NFKC');
}

/** Numbers stated by a text: those with a unit as "1.5 l", the rest bare ("7"). 1,5 = 1.5; 500g = 500 g. */
export function numbersIn(text: string, options: { lenientUnits?: boolean } = {}): { bare: string[]; measures: Array<{ key: string; written: string }> } {
  const plain = prepare(text);
  // Facts may shout units ("500 G"); output never does, so evidence reads units case-blind.
  const scanned = options.lenientUnits === true ? plain.toLowerCase() : plain;
  if (!DIGIT.test(scanned)) return { bare: [], measures: [] };
  const found = quantitiesIn(scanned);
  const measures = found.map((q) => ({ key: `${q.measure.amount} ${q.measure.unit}`, written: plain.slice(q.index, q.end) }));
  const bare: string[] = [];
  let at = 0;
  const rest = found.map((q) => {
    const gap = scanned.slice(at, q.index);
    at = q.end;
    return gap;
  });
  rest.push(scanned.slice(at));
  for (const gap of rest) for (const match of gap.matchAll(NUMBER)) bare.push(match[0]);
  return { bare, measures };
}

// A record compares the same names, facts and lines many times over (every country, every check):
// the canonical form of a recent text is kept. Bounded: cleared when full.
const CANONICAL_MAX = 5_000;
const CANONICAL = new BoundedMemo<string>(CANONICAL_MAX);

/** A text in the form the attribute check compares: lower case, "1,5 L" → "1.5l", "6×" → "6 x ". */
export function canonicalText(text: string): string {
  return CANONICAL.get(text, () => canonicalTextOf(text));
}

function canonicalTextOf(text: string): string {
  const lower = prepare(text).toLowerCase();
  let out = '';
  let at = 0;
  for (const q of quantitiesIn(lower)) {
    out += `${lower.slice(at, q.index).replace(NUMBER, (n) => canonicalNumber(n))}${q.measure.amount}${q.measure.unit}`;
    at = q.end;
  }
  out += lower.slice(at).replace(NUMBER, (n) => canonicalNumber(n));
  return out
    .replace(/(\d)\s*[x×]\s*(?=\d)/g, '$1 x ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function evidenceOf(facts: readonly Pick<Fact, 'value'>[]): Evidence {
  const numbers = new Set<string>();
  const measures = new Set<string>();
  const texts: string[] = [];
  for (const fact of facts) {
    const { bare, measures: found } = numbersIn(fact.value, { lenientUnits: true });
    for (const n of bare) numbers.add(canonicalNumber(n));
    for (const m of found) {
      measures.add(m.key);
      numbers.add(m.key.split(' ')[0] ?? '');
    }
    texts.push(canonicalText(fact.value));
  }
  return { numbers, measures, texts };
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

/** Whether some fact states the value, whole or (for a list) item by item. */
export function attributeSupported(value: string, evidence: Evidence): boolean {
  const canonical = canonicalText(value).replace(/[.]$/, '');
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
 * Pass only the fields to check (a regeneration checks the fields it rebuilt).
 */
export function findUngrounded(record: Partial<GroundedFields>, facts: readonly Pick<Fact, 'value'>[]): Ungrounded[] {
  return findUngroundedIn(record, evidenceOf(facts));
}

/** findUngrounded against evidence already read, for several records written from the same facts. */
export function findUngroundedIn(record: Partial<GroundedFields>, evidence: Evidence): Ungrounded[] {
  const problems: Ungrounded[] = [];
  for (const [field, text] of textFields(record)) {
    const { bare, measures } = numbersIn(text);
    for (const m of measures) if (!evidence.measures.has(m.key)) problems.push({ field, kind: 'number', value: m.written });
    for (const n of bare) if (!evidence.numbers.has(canonicalNumber(n))) problems.push({ field, kind: 'number', value: n });
  }
  for (const [key, value] of Object.entries(record.global_attr ?? {})) {
    if (!attributeSupported(value, evidence)) problems.push({ field: `global_attr.${key}`, kind: 'attribute', value });
  }
  return problems;
}
