import { loadSchema } from '../db/attributes.ts';
import type { SqlRunner } from '../db/database.ts';
import type { AttributeFilter } from '../db/product-list.ts';
import { conformValue } from '../domain/attributes/conform-value.ts';
import { disabledMessage } from '../domain/attributes/disabled-values.ts';
import { findAttribute } from '../domain/attributes/schema.ts';
import { addError, type FieldErrors } from '../domain/validation.ts';

export const ATTRIBUTE_FILTER_PREFIX = 'attr.';

/**
 * The list's `attr.<attribute_id>=<value>` filters, values put in the stored form the schema
 * gives them ("giallo" finds Yellow, "1,2 kg" finds 1200 g). An id outside the schema, or of a
 * disabled attribute, is an error.
 */
export async function attributeFilters(
  db: SqlRunner,
  accountId: string,
  query: Readonly<Record<string, string>>,
): Promise<{ ok: true; filters: AttributeFilter[] } | { ok: false; errors: FieldErrors }> {
  const entries = Object.entries(query);
  if (entries.length === 0) return { ok: true, filters: [] };
  const schema = await loadSchema(db, accountId);
  const errors: FieldErrors = {};
  const filters: AttributeFilter[] = [];
  for (const [key, value] of entries) {
    const id = key.slice(ATTRIBUTE_FILTER_PREFIX.length);
    const attribute = findAttribute(schema, id);
    if (attribute === undefined || attribute.attribute_id !== id) {
      addError(errors, key, `No attribute "${id.slice(0, 64)}" in this account's schema; see GET /api/v1/attributes.`);
      continue;
    }
    // A disabled attribute's values are not served, so no product could be found by one.
    const disabled = disabledMessage(schema, id);
    if (disabled !== undefined) {
      addError(errors, key, disabled);
      continue;
    }
    const conformed = attribute.type === 'multi-select' ? conformValue({ ...attribute, type: 'single-select' }, value, true) : conformValue(attribute, value, true);
    if (conformed.ok) filters.push({ key: id, value: conformed.value, multi: attribute.type === 'multi-select' });
    else addError(errors, key, conformed.message);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, filters };
}
