import type { CountryContent } from './content.ts';
import { GLOBAL_ATTR_PREFIX, TEXT_FIELDS, type TextField } from './regenerate-fields.ts';

/** Field values keyed by field name as the API names them (`title`, `global_attr.colour`). */
export type FieldValues = Record<string, string | string[] | null>;

export interface ContentChange {
  before: FieldValues;
  after: FieldValues;
}

function fieldValueOf(content: CountryContent, field: TextField): string | string[] | null {
  return field === 'key_features' ? content.key_features : content[field];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose value differs between two versions of one country's record; null when none. */
export function changedFields(before: CountryContent, after: CountryContent): ContentChange | null {
  const change: ContentChange = { before: {}, after: {} };
  for (const field of TEXT_FIELDS) {
    const was = fieldValueOf(before, field);
    const now = fieldValueOf(after, field);
    if (!same(was, now)) {
      change.before[field] = was;
      change.after[field] = now;
    }
  }
  const names = new Set([...Object.keys(before.global_attr), ...Object.keys(after.global_attr)]);
  for (const name of [...names].sort()) {
    const was = before.global_attr[name] ?? null;
    const now = after.global_attr[name] ?? null;
    if (was !== now) {
      change.before[`${GLOBAL_ATTR_PREFIX}${name}`] = was;
      change.after[`${GLOBAL_ATTR_PREFIX}${name}`] = now;
    }
  }
  return Object.keys(change.before).length === 0 ? null : change;
}

/** A field's value by its API name (`title`, `key_features`, `global_attr.colour`); null when it has none. */
export function fieldValue(content: CountryContent, name: string): string | string[] | null {
  if (name.startsWith(GLOBAL_ATTR_PREFIX)) return content.global_attr[name.slice(GLOBAL_ATTR_PREFIX.length)] ?? null;
  return (TEXT_FIELDS as readonly string[]).includes(name) ? fieldValueOf(content, name as TextField) : null;
}

/** Puts stored field values back into a record (an undo); a null attribute is removed. */
export function applyFieldValues(content: CountryContent, values: FieldValues): CountryContent {
  const next: CountryContent = structuredClone(content);
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith(GLOBAL_ATTR_PREFIX)) {
      const attribute = name.slice(GLOBAL_ATTR_PREFIX.length);
      if (typeof value === 'string') next.global_attr[attribute] = value;
      else delete next.global_attr[attribute];
    } else if (name === 'key_features') {
      next.key_features = Array.isArray(value) ? value : [];
    } else if ((TEXT_FIELDS as readonly string[]).includes(name)) {
      next[name as Exclude<TextField, 'key_features'>] = typeof value === 'string' ? value : null;
    }
  }
  return next;
}
