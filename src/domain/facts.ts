// What is known about a product, one statement at a time, each traceable to where it came from.
// Engines write only from facts; the "nothing invented" checks compare output against them.

/** Closed set of fact kinds; anything else a source knows goes in as an `attribute` with a name. */
export type FactKey =
  | 'name' // product name without brand, as the source writes it
  | 'brand'
  | 'variant' // flavour, shade, scent, model variant
  | 'quantity' // net quantity as printed: "500 g", "6 x 1,5 l", "30 compresse"
  | 'category' // one category per fact, most general first
  | 'kind' // food | beauty | pet_food | medicine | electronics | household | other
  | 'description'
  | 'ingredients'
  | 'allergens' // one allergen per fact, plain word ("milk", "glutine")
  | 'image' // an image URL
  | 'attribute'; // a named attribute: see `attribute`

export type ProductKind = 'food' | 'beauty' | 'pet_food' | 'medicine' | 'electronics' | 'household' | 'other';

export interface Fact {
  /** Unique within one product's facts, stable across runs: `<source>:<key>[.<attribute>][:<language>][#n]`. */
  id: string;
  key: FactKey;
  /** For key `attribute`: snake_case name (`colour`, `material`, `active_ingredient`, `atc_code` …). */
  attribute?: string;
  value: string;
  /** ISO 639-1 language of `value` when it is text in a language; null for codes, numbers, URLs. */
  language: string | null;
  /** `caller`, `catalogue`, `aifa`, `open_food_facts`, `icecat` … */
  source: string;
  /** SPDX-like licence id of the source's data (`ODbL-1.0`, `CC-BY-SA-3.0`, `CC-BY-4.0`), null when the caller's own. */
  licence: string | null;
  /** ISO 8601 time the source answered. */
  fetchedAt: string;
  /** Where a reader can check the fact (source's product page), when there is one. */
  url?: string;
}

/** Builds a fact id in the documented shape, so ids stay unique and readable. */
export function factId(source: string, key: FactKey, options: { attribute?: string; language?: string | null; index?: number } = {}): string {
  let id = `${source}:${key}`;
  if (options.attribute !== undefined) id += `.${options.attribute}`;
  if (options.language) id += `:${options.language}`;
  if (options.index !== undefined && options.index > 0) id += `#${options.index}`;
  return id;
}

/**
 * Names an attribute may not have: as keys of a record's `global_attr` object they would reach
 * Object.prototype (`__proto__` is swallowed by the setter, `constructor` reads back a function).
 */
export const RESERVED_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const ATTRIBUTE_NAME = /^[a-z0-9_]{1,64}$/;

/** Whether `name` may be a key of `global_attr`: lowercase letters, digits and _, 1–64 of them, not reserved. */
export function isAttributeName(name: string): boolean {
  return ATTRIBUTE_NAME.test(name) && !RESERVED_ATTRIBUTE_NAMES.has(name);
}

/**
 * An attribute name in the one form facts, records and `global_attr.<name>` use: snake_case
 * ASCII, accents dropped, at most 64 characters ("Display diagonal" → "display_diagonal");
 * empty when nothing is left or the name is reserved ("Constructor", "Prototype").
 */
export function attributeName(label: string): string {
  const name = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64)
    .replace(/_+$/, '');
  return RESERVED_ATTRIBUTE_NAMES.has(name) ? '' : name;
}
