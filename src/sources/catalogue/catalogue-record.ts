import { checkProductCode, type CodeType } from '../../domain/codes.ts';
import { factId, type Fact, type FactKey, type ProductKind } from '../../domain/facts.ts';
import { cellValues, httpUrls, recordCells } from './cell-values.ts';
import { classifyColumn } from './columns.ts';
import type { RowMapper } from './row-mapper.ts';

export const CATALOGUE_SOURCE = 'catalogue';

export type RowCode = { ok: true; code: string; codeType: CodeType } | { ok: false; reason: string };

/** The row's product code: the first non-empty code column, normalised and checked. */
export function catalogueRowCode(record: Record<string, unknown>): RowCode {
  let codeColumns = 0;
  for (const [column, value] of recordCells(record)) {
    if (classifyColumn(column, null).kind !== 'code') continue;
    codeColumns += 1;
    const [raw] = cellValues(value);
    if (raw === undefined) continue;
    const checked = checkProductCode(raw);
    if (!checked.ok) return { ok: false, reason: `invalid code: ${checked.message}` };
    return { ok: true, code: checked.code, codeType: checked.type };
  }
  if (codeColumns === 0) return { ok: false, reason: 'no code column (expected one named code, ean, gtin, upc, barcode, asin, minsan or aic)' };
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
export function catalogueRecordToFacts(record: Record<string, unknown>, context: { code: string; fetchedAt: string; language?: string | null }): Fact[] {
  const defaultLanguage = context.language ?? null;
  const cells = recordCells(record).map(([column, value]) => ({ target: classifyColumn(column, defaultLanguage), values: cellValues(value) }));
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
    if (target.kind === 'code' || target.kind === 'url') continue;
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

/** The row mapper for `vetrina catalog import`. */
export function catalogueRowMapper(language: string | null): RowMapper {
  return (fields, { fetchedAt }) => {
    const code = catalogueRowCode(fields);
    if (!code.ok) return code;
    return { ok: true, code: code.code, codeType: code.codeType, facts: catalogueRecordToFacts(fields, { code: code.code, fetchedAt, language }) };
  };
}
