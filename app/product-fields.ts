import type { FieldValue, Product, ValidationIssue } from './api.ts';
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

/** What the checks found about one field, shown on its card. */
export function issuesAbout(product: Product, field: Field): ValidationIssue[] {
  return product.validation_issues.filter((issue) => issue.field === field);
}

/** What the checks found about no field of a card (the record, its images, its attributes), shown above the fields. */
export function generalIssues(product: Product): ValidationIssue[] {
  return product.validation_issues.filter((issue) => !(FIELDS as readonly (string | null)[]).includes(issue.field));
}
