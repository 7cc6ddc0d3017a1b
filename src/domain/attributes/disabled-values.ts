// A disabled attribute's values: kept in the records, out of sight and out of reach. Nothing
// fills, edits or restores them while it is disabled, nothing reads them (details, export,
// filters, completeness), and enabling it again serves them as they were. Pure.
import type { CountryContent } from '../content.ts';
import { type AttributeSchema, findAttribute } from './schema.ts';

type AttributeFields = Pick<CountryContent, 'global_attr' | 'sources'>;

/** The attribute_ids whose values are kept but not served. */
export function disabledAttributeIds(schema: AttributeSchema): Set<string> {
  return new Set(schema.attributes.filter((a) => !a.is_enabled).map((a) => a.attribute_id));
}

/** A record as it is served: without the values of disabled attributes, nor their sources. */
export function withoutDisabled<T extends AttributeFields>(schema: AttributeSchema, record: T): T {
  const disabled = disabledAttributeIds(schema);
  if (disabled.size === 0 || !Object.keys(record.global_attr).some((key) => disabled.has(key))) return record;
  const global_attr = Object.fromEntries(Object.entries(record.global_attr).filter(([key]) => !disabled.has(key)));
  const sources = Object.fromEntries(Object.entries(record.sources).filter(([field]) => !(field.startsWith('global_attr.') && disabled.has(field.slice('global_attr.'.length)))));
  return { ...record, global_attr, sources };
}

/**
 * Sets each disabled attribute of a record (in place) to what the record it replaces held: a
 * generation neither fills it nor drops the value it had. Without a previous record, none.
 */
export function keepDisabledAsBefore(disabled: ReadonlySet<string>, record: AttributeFields, previous: AttributeFields | undefined): void {
  for (const key of disabled) {
    const field = `global_attr.${key}`;
    const value = previous?.global_attr[key];
    const sources = previous?.sources[field];
    if (value === undefined) delete record.global_attr[key];
    else record.global_attr[key] = value;
    if (value === undefined || sources === undefined) delete record.sources[field];
    else record.sources[field] = sources;
  }
}

/** Why a person or a caller cannot give or ask for a value of this attribute now, if they cannot. */
export function disabledMessage(schema: AttributeSchema, attributeId: string): string | undefined {
  const attribute = findAttribute(schema, attributeId);
  if (attribute === undefined || attribute.is_enabled) return undefined;
  return `The attribute "${attributeId}" is disabled: its values are neither filled nor served until it is enabled again (PUT /api/v1/attributes/update/${attributeId} with "is_enabled": true).`;
}
