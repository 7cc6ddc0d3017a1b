// What a restore may put back of a history version's attribute values, against the schema as it
// is now rather than as it was then. Pure.
import type { FieldValues } from '../content-changes.ts';
import { GLOBAL_ATTR_PREFIX } from '../regenerate-fields.ts';
import { conformValue } from './conform-value.ts';
import { type AttributeSchema, findAttribute, hasSchema } from './schema.ts';

/**
 * A version's field values less those a restore must not bring back: with a schema, an
 * attribute's value only while the attribute exists and is enabled (a disabled one keeps the
 * value it has, out of sight), and only a value it still allows, in its stored form (an option
 * deleted since stays deleted). Other fields as they are; without a schema, all as they are.
 */
export function restorableValues(schema: AttributeSchema, values: FieldValues): FieldValues {
  if (!hasSchema(schema)) return values;
  const restorable: FieldValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith(GLOBAL_ATTR_PREFIX)) {
      restorable[name] = value;
      continue;
    }
    const key = name.slice(GLOBAL_ATTR_PREFIX.length);
    const attribute = findAttribute(schema, key);
    if (attribute === undefined || attribute.attribute_id !== key || !attribute.is_enabled) continue;
    if (typeof value !== 'string') {
      restorable[name] = null;
      continue;
    }
    const conformed = conformValue(attribute, value, true);
    if (conformed.ok) restorable[name] = conformed.value;
  }
  return restorable;
}
