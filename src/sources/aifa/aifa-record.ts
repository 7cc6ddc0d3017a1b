import { BoundedMemo } from '../../bounded-memo.ts';
import { checkProductCode } from '../../domain/codes.ts';
import { factId, type Fact, type FactKey } from '../../domain/facts.ts';
import type { RowCode } from '../catalogue/catalogue-record.ts';
import { cellValues, httpUrls } from '../catalogue/cell-values.ts';
import { normaliseColumnName } from '../catalogue/columns.ts';
import type { RowMapper } from '../catalogue/row-mapper.ts';
import { packQuantity } from './pack-quantity.ts';

export const AIFA_SOURCE = 'aifa';
export const AIFA_LICENCE = 'CC-BY-4.0';

type AifaField = 'aic' | 'name' | 'pack' | 'company' | 'form' | 'atc' | 'ingredient' | 'supply' | 'reimbursement' | 'status' | 'link';

// AIFA's lists name their columns differently from edition to edition (`codice_aic` in
// confezioni.csv, `CODICE_AIC` in confezioni_fornitura.csv, "Codice AIC" in the class lists),
// so columns are matched by normalised name.
const COLUMNS: Readonly<Record<AifaField, readonly string[]>> = {
  aic: ['codice_aic', 'aic', 'cod_aic', 'numero_aic', 'aic_confezione', 'codice_minsan', 'minsan'],
  name: ['denominazione', 'denominazione_medicinale', 'nome_medicinale', 'medicinale', 'farmaco'],
  pack: ['descrizione', 'descrizione_confezione', 'confezione', 'denominazione_confezione'],
  company: ['ragione_sociale', 'titolare_aic', 'titolare', 'ditta', 'azienda', 'ragione_sociale_titolare'],
  form: ['forma', 'forma_farmaceutica'],
  atc: ['codice_atc', 'atc', 'cod_atc'],
  ingredient: ['pa_associati', 'principio_attivo', 'principi_attivi', 'principio_attivo_associato'],
  supply: ['fornitura', 'regime_fornitura', 'regime_di_fornitura', 'classe_fornitura', 'tipo_ricetta'],
  reimbursement: ['classe', 'classe_rimborsabilita', 'classe_di_rimborsabilita'],
  status: ['stato_amministrativo'],
  // The old list has `link`; the supply list links the leaflet and the summary of product characteristics.
  link: ['link', 'link_fi', 'link_rcp', 'url'],
};

const FIELD_OF: ReadonlyMap<string, AifaField> = new Map(
  (Object.entries(COLUMNS) as [AifaField, readonly string[]][]).flatMap(([field, names]) => names.map((n): [string, AifaField] => [n, field])),
);

// A file has one header: look each column name up once (bounded, in case of odd inputs).
const COLUMN_FIELDS = new BoundedMemo<{ field: AifaField; rank: number } | null>(10_000);

function columnField(column: string): { field: AifaField; rank: number } | null {
  return COLUMN_FIELDS.get(column, () => {
    const name = normaliseColumnName(column);
    const field = FIELD_OF.get(name);
    return field === undefined ? null : { field, rank: COLUMNS[field].indexOf(name) };
  });
}

/** The row's cells by AIFA field, in the order the columns name them (so `link` beats `link_fi`). */
function aifaFields(record: Record<string, unknown>): Map<AifaField, string[]> {
  const ranked: { field: AifaField; rank: number; values: string[] }[] = [];
  for (const [column, value] of Object.entries(record)) {
    const found = columnField(column);
    if (found !== null) ranked.push({ ...found, values: cellValues(value) });
  }
  ranked.sort((a, b) => a.rank - b.rank);
  const fields = new Map<AifaField, string[]>();
  for (const { field, values } of ranked) {
    const existing = fields.get(field);
    if (existing === undefined) fields.set(field, values);
    else existing.push(...values);
  }
  return fields;
}

/**
 * The row's AIC, checked as a MINSAN. Spreadsheets drop the leading zeros of a numeric column
 * ("012745093" → "12745093"); AIFA's AIC column is always nine digits, so shorter digit strings
 * are padded back before the check.
 */
export function aifaRowCode(record: Record<string, unknown>): RowCode {
  const fields = aifaFields(record);
  if (!fields.has('aic')) return { ok: false, reason: 'no AIC column (expected codice_aic)' };
  const [raw] = fields.get('aic') ?? [];
  if (raw === undefined) return { ok: false, reason: 'empty code' };
  const digits = raw.replace(/\s/g, '');
  const checked = checkProductCode(/^\d{1,8}$/.test(digits) ? digits.padStart(9, '0') : raw);
  if (!checked.ok) return { ok: false, reason: `invalid code: ${checked.message}` };
  if (checked.type !== 'minsan') return { ok: false, reason: `invalid code: "${raw}" is not a 9-digit AIC` };
  return { ok: true, code: checked.code, codeType: 'minsan' };
}

/** A short code ("SOP", "RR", "OTC") has no language; a phrase is Italian. */
function supplyLanguage(value: string): string | null {
  return /^[A-Z0-9-]{1,6}$/i.test(value) ? null : 'it';
}

/**
 * An AIFA pack row ({header: cell} as read from the CSV) as facts of source `aifa`, licensed
 * CC-BY-4.0. The company is the brand shoppers see on the box and the authorisation holder.
 */
export function aifaRecordToFacts(record: Record<string, unknown>, context: { code: string; fetchedAt: string }): Fact[] {
  const fields = aifaFields(record);
  const first = (field: AifaField) => fields.get(field)?.[0];
  const url = httpUrls(fields.get('link') ?? [])[0];
  const facts: Fact[] = [];
  const add = (key: FactKey, value: string | undefined, language: string | null, attribute?: string) => {
    if (value === undefined || value === '') return;
    const fact: Fact = { id: factId(AIFA_SOURCE, key, { attribute, language }), key, value, language, source: AIFA_SOURCE, licence: AIFA_LICENCE, fetchedAt: context.fetchedAt };
    if (attribute !== undefined) fact.attribute = attribute;
    if (url !== undefined) fact.url = url;
    facts.push(fact);
  };
  const pack = first('pack');
  const company = first('company');
  const supply = first('supply');
  add('name', first('name'), 'it');
  add('brand', company, null);
  add('kind', 'medicine', null);
  add('quantity', pack === undefined ? undefined : packQuantity(pack), 'it');
  add('attribute', first('form'), 'it', 'pharmaceutical_form');
  add('attribute', pack, 'it', 'pack_description');
  add('attribute', first('atc'), null, 'atc_code');
  add('attribute', first('ingredient'), 'it', 'active_ingredient');
  add('attribute', supply, supply === undefined ? null : supplyLanguage(supply), 'supply_regime');
  add('attribute', first('reimbursement'), null, 'reimbursement_class');
  add('attribute', first('status'), 'it', 'authorisation_status');
  add('attribute', company, null, 'marketing_authorisation_holder');
  return facts;
}

export const aifaRowMapper: RowMapper = (fields, { fetchedAt }) => {
  const code = aifaRowCode(fields);
  if (!code.ok) return code;
  return { ok: true, code: code.code, codeType: 'minsan', facts: aifaRecordToFacts(fields, { code: code.code, fetchedAt }) };
};
