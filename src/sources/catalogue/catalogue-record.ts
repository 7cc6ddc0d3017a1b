import { checkProductCode, type CodeType } from '../../domain/codes.ts';
import { factId, type Fact, type FactKey, type ProductKind } from '../../domain/facts.ts';
import { cellValues, httpUrls, recordCells } from './cell-values.ts';
import { columnClassifier, type ColumnClassifier } from './columns.ts';
import type { RowMapper } from './row-mapper.ts';

export const CATALOGUE_SOURCE = 'catalogue';

export type RowCode = { ok: true; code: string; codeType: CodeType } | { ok: false; reason: string };

/** The row's product code: the first non-empty code column, normalised and checked. Whether a column is a code does not depend on the language. */
export function catalogueRowCode(record: Record<string, unknown>, classify: ColumnClassifier = columnClassifier(null)): RowCode {
  let codeColumns = 0;
  for (const [column, value] of recordCells(record)) {
    if (classify(column).kind !== 'code') continue;
    codeColumns += 1;
    const [raw] = cellValues(value);
    if (raw === undefined) continue;
    const checked = checkProductCode(raw);
    if (!checked.ok) return { ok: false, reason: `invalid code: ${checked.message}` };
    return { ok: true, code: checked.code, codeType: checked.type };
  }
  if (codeColumns === 0)
    return { ok: false, reason: 'no code column (expected one named code, ean, gtin, upc, barcode, asin, minsan, aic, Variant Barcode or external_product_id)' };
  return { ok: false, reason: 'empty code' };
}

const KINDS: Readonly<Record<string, ProductKind>> = {
  food: 'food',
  cibo: 'food',
  alimentari: 'food',
  alimento: 'food',
  lebensmittel: 'food',
  alimentation: 'food',
  alimentacion: 'food',
  beauty: 'beauty',
  cosmetics: 'beauty',
  cosmetic: 'beauty',
  cosmetici: 'beauty',
  cosmetica: 'beauty',
  kosmetik: 'beauty',
  cosmetique: 'beauty',
  bellezza: 'beauty',
  personal_care: 'beauty',
  pet_food: 'pet_food',
  petfood: 'pet_food',
  alimenti_per_animali: 'pet_food',
  tiernahrung: 'pet_food',
  medicine: 'medicine',
  medicinale: 'medicine',
  farmaco: 'medicine',
  drug: 'medicine',
  arzneimittel: 'medicine',
  medicament: 'medicine',
  electronics: 'electronics',
  elettronica: 'electronics',
  elektronik: 'electronics',
  electronique: 'electronics',
  electronica: 'electronics',
  household: 'household',
  casa: 'household',
  home: 'household',
  haushalt: 'household',
  maison: 'household',
  hogar: 'household',
  other: 'other',
  altro: 'other',
};

function productKind(value: string): ProductKind | undefined {
  const key = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[^a-z]+/g, '_');
  return KINDS[key];
}

/** A net quantity as printed: a number and a unit ("500 g", "6 x 1,5 l", "30 compresse"), not a size like "M" or "42". */
const QUANTITY = /\d\s*(mg|g|gr|kg|ml|cl|dl|l|lt|oz|fl\.? ?oz|lb|lbs|pz|pcs|pezzi|stk|st|compresse|capsule|bustine|tabletten|kapseln|comprimes|x)\b/iu;

/** Values of one column as separate facts where the column holds a list by nature. */
function splitValues(key: FactKey, values: readonly string[]): string[] {
  if (key === 'image') return httpUrls(values);
  // "Casa > Pulizia > Bucato": one category per fact, most general first.
  if (key === 'category')
    return values
      .flatMap((v) => v.split('>'))
      .map((v) => v.trim())
      .filter((v) => v !== '');
  if (key === 'allergens')
    return values
      .flatMap((v) => v.split(/[,;]/))
      .map((v) => v.trim())
      .filter((v) => v !== '');
  return [...values];
}

/**
 * A catalogue row (CSV {header: cell} or a JSON line) as facts of source `catalogue`. Pure: the
 * code is checked by `catalogueRowCode`; empty cells give no fact; the caller's own data, so no licence.
 */
export function catalogueRecordToFacts(
  record: Record<string, unknown>,
  context: { code: string; fetchedAt: string; language?: string | null; classify?: ColumnClassifier },
): Fact[] {
  const classify = context.classify ?? columnClassifier(context.language ?? null);
  const cells = recordCells(record).map(([column, value]) => ({ target: classify(column), values: cellValues(value) }));
  const url = httpUrls(cells.flatMap((c) => (c.target.kind === 'url' ? c.values : [])))[0];

  const facts: Fact[] = [];
  const seen = new Map<string, number>();
  const add = (key: FactKey, value: string, language: string | null, attribute?: string) => {
    const base = factId(CATALOGUE_SOURCE, key, { attribute, language });
    const index = seen.get(base) ?? 0;
    seen.set(base, index + 1);
    // Optional fields assigned, not spread: spreading made this the hot spot of a large import.
    const fact: Fact = {
      id: factId(CATALOGUE_SOURCE, key, { attribute, language, index }),
      key,
      value,
      language,
      source: CATALOGUE_SOURCE,
      licence: null,
      fetchedAt: context.fetchedAt,
    };
    if (attribute !== undefined) fact.attribute = attribute;
    if (url !== undefined) fact.url = url;
    facts.push(fact);
  };

  for (const { target, values } of cells) {
    if (target.kind === 'code') {
      // The row's code is one of these; every other barcode or ASIN the row gives (an `asin`
      // column beside the `ean`, a JSON line's list of EANs) is an identifier the product also has.
      for (const value of values) {
        const checked = checkProductCode(value);
        if (checked.ok && checked.type !== 'minsan' && checked.code !== context.code) add('attribute', checked.code, null, checked.type === 'asin' ? 'asin' : 'gtin');
      }
      continue;
    }
    if (target.kind === 'url' || target.kind === 'ignored') continue;
    if (target.kind === 'size') {
      for (const value of values) {
        if (QUANTITY.test(value)) add('quantity', value, target.language);
        else add('attribute', value, target.language, 'size');
      }
      continue;
    }
    if (target.kind === 'attribute') {
      for (const value of values) add('attribute', value, target.language, target.name);
      continue;
    }
    if (target.key === 'kind') {
      for (const value of values) {
        const kind = productKind(value);
        if (kind === undefined) add('attribute', value, null, 'kind');
        else add('kind', kind, null);
      }
      continue;
    }
    for (const value of splitValues(target.key, values)) add(target.key, value, target.language);
  }
  return facts;
}

/** Columns the import keeps count of; a JSON line's keys are the sender's, so they are bounded. */
const TRACKED_COLUMNS_MAX = 1_000;
const FOOD_KINDS: ReadonlySet<string> = new Set(['food', 'pet_food']);

/** What an import tells about columns it read but did not use. */
export interface ColumnUsage {
  /** One row as read and the facts made from it. */
  observe(record: Record<string, unknown>, facts: readonly Fact[]): void;
  unused(): { column: string; reason: string }[];
}

/**
 * Keeps count, per column, of the rows where it had a value and where that value became a fact
 * an engine uses. Unused: columns that are read but not product content (prices, stock, the
 * shop's ids), columns empty in every row, and allergens on rows that do not say they are food
 * (only food records list allergens).
 */
export function catalogueColumnUsage(classify: ColumnClassifier): ColumnUsage {
  const columns = new Map<string, { filled: number; used: number }>();
  return {
    observe(record, facts) {
      const food = facts.some((f) => f.key === 'kind' && FOOD_KINDS.has(f.value));
      for (const [column, value] of recordCells(record)) {
        let count = columns.get(column);
        if (count === undefined) {
          if (columns.size >= TRACKED_COLUMNS_MAX) continue;
          count = { filled: 0, used: 0 };
          columns.set(column, count);
        }
        if (cellValues(value).length === 0) continue;
        count.filled += 1;
        const target = classify(column);
        if (target.kind !== 'fact' || target.key !== 'allergens' || food) count.used += 1;
      }
    },
    unused() {
      const out: { column: string; reason: string }[] = [];
      for (const [column, { filled, used }] of columns) {
        const target = classify(column);
        if (target.kind === 'ignored') out.push({ column, reason: target.reason });
        else if (filled === 0) out.push({ column, reason: 'empty in every row' });
        else if (used === 0) out.push({ column, reason: 'allergens are used only for food, and no row with them has kind food (add a kind column)' });
      }
      return out;
    },
  };
}

/** The row mapper of one import (its own classifier, so each column is classified once per import). */
export function catalogueRowMapper(classify: ColumnClassifier): RowMapper {
  return (fields, { fetchedAt }) => {
    const code = catalogueRowCode(fields, classify);
    if (!code.ok) return code;
    return { ok: true, code: code.code, codeType: code.codeType, facts: catalogueRecordToFacts(fields, { code: code.code, fetchedAt, classify }) };
  };
}
