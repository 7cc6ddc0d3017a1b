import { cellValues } from './cell-values.ts';
import type { ColumnClassifier } from './columns.ts';
import type { InputRow } from './input-row.ts';

const HANDLE = 'Handle';
const IMAGE_COLUMNS = ['Image Src', 'Variant Image'];
const OPTIONS = [1, 2, 3] as const;
/** A product with more rows than this is merged in parts rather than held whole. */
const GROUP_MAX = 5_000;

/**
 * Shopify's product export writes one product over several rows of the same `Handle`: the first
 * has the product's fields, each variant row its barcode, SKU and option values, and further rows
 * only an image. Each variant becomes one record with the product's fields, its own options as
 * named cells (`Option1 Name` Color, `Option1 Value` Red → `Color: Red`) and every image of the
 * product. Rows without a handle column pass through unchanged.
 */
export async function* mergeShopifyRows(rows: AsyncIterable<InputRow>, classify: ColumnClassifier): AsyncGenerator<InputRow> {
  let group: { handle: string; rows: { line: number; fields: Record<string, unknown> }[] } | null = null;
  for await (const row of rows) {
    if (!row.ok || !(HANDLE in row.fields)) {
      if (group !== null) yield* merged(group.rows, classify);
      group = null;
      yield row;
      continue;
    }
    const handle = String(row.fields[HANDLE] ?? '').trim();
    if (group !== null && (group.handle !== handle || handle === '' || group.rows.length >= GROUP_MAX)) {
      yield* merged(group.rows, classify);
      group = null;
    }
    group ??= { handle, rows: [] };
    group.rows.push({ line: row.line, fields: row.fields });
  }
  if (group !== null) yield* merged(group.rows, classify);
}

function* merged(rows: readonly { line: number; fields: Record<string, unknown> }[], classify: ColumnClassifier): Generator<InputRow> {
  const [first] = rows;
  if (first === undefined) return;
  const images = [...new Set(rows.flatMap((r) => IMAGE_COLUMNS.flatMap((c) => cellValues(r.fields[c]))))];
  const variants = rows.filter((r) => Object.entries(r.fields).some(([column, value]) => classify(column).kind === 'code' && cellValues(value).length > 0));
  // A product without any barcode is reported once, on its first row.
  for (const variant of variants.length === 0 ? [first] : variants) {
    const fields: Record<string, unknown> = { ...nonEmpty(first.fields), ...nonEmpty(variant.fields) };
    for (const n of OPTIONS) {
      const name = cellValues(first.fields[`Option${n} Name`])[0];
      const value = cellValues(variant.fields[`Option${n} Value`])[0];
      delete fields[`Option${n} Name`];
      delete fields[`Option${n} Value`];
      // Shopify names the option of a product without variants "Title" / "Default Title".
      if (name !== undefined && value !== undefined && !(name === 'Title' && value === 'Default Title')) fields[name] = value;
    }
    for (const column of IMAGE_COLUMNS) delete fields[column];
    if (images.length > 0) fields['Image Src'] = images.join(' ');
    yield { line: variant.line, ok: true, fields };
  }
}

function nonEmpty(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => cellValues(v).length > 0));
}
