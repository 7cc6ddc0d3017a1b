import type { FieldValue, Product } from './api.ts';
import type { MessageKey } from './i18n.ts';

/** The content fields a person reviews, in the order a product page shows them. */
export const FIELDS = ['title', 'short_description', 'description', 'key_features', 'title_tag', 'meta_description', 'meta_keywords'] as const;
export type Field = (typeof FIELDS)[number];

export function labelKey(field: string): MessageKey {
  return (FIELDS as readonly string[]).includes(field) ? (`field_${field}` as MessageKey) : 'value';
}

export function fieldValue(product: Product, field: Field): FieldValue {
  return product[field];
}

export function isEmpty(value: FieldValue): boolean {
  return value === null || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
}

export function asText(value: FieldValue): string {
  if (value === null) return '';
  return Array.isArray(value) ? value.join('\n') : value;
}

/** Text typed in an editor as the value `update` takes: key features one a line. */
export function fromText(field: Field, text: string): string | string[] {
  if (field !== 'key_features') return text;
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The field a validation message is about, by the field's name in the message ("the title …",
 * "no description or short description"): the longest name wins, so "meta description" is not
 * taken for "description". Messages naming no field are shown above the fields.
 */
export function fieldOfMessage(message: string): Field | null {
  const lower = message.toLowerCase();
  // "key feature(s)" names key_features too: the name is matched without its plural s.
  const named = [...FIELDS].sort((a, b) => b.length - a.length).find((field) => lower.includes(field.replaceAll('_', ' ').replace(/s$/, '')) || lower.includes(field));
  return named ?? null;
}
