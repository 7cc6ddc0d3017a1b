import { CONTENT_LIMITS } from './content-limits.ts';
import { isAttributeName, RESERVED_ATTRIBUTE_NAMES } from './facts.ts';
import { unstorableText } from './text.ts';
import { addError, type FieldErrors } from './validation.ts';

export const TEXT_FIELDS = ['title', 'short_description', 'description', 'key_features', 'title_tag', 'meta_description', 'meta_keywords'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const GLOBAL_ATTR_PREFIX = 'global_attr.';
/** New content is no longer than the longest field may be, the description; an instruction is far shorter. */
export const MAX_FIELD_VALUE_LENGTH = CONTENT_LIMITS.description.maxChars;
export const MAX_FIELDS_PER_CALL = 50;

/** The product's Google category: a path or id (the merchant's choice), an instruction, or empty (classify again). */
export const CATEGORY_FIELD = 'category';

/** One requested field: its name as given, and the new content or instruction (may be empty). */
export type FieldRequest =
  | { kind: 'text'; name: TextField; value: string }
  | { kind: 'attribute'; name: string; attribute: string; value: string }
  | { kind: 'category'; name: typeof CATEGORY_FIELD; value: string };

/** A field of the records an engine writes (the category is the product's, settled by the pipeline). */
export type ContentFieldRequest = Exclude<FieldRequest, { kind: 'category' }>;

export function contentFieldRequests(requests: readonly FieldRequest[]): ContentFieldRequest[] {
  return requests.filter((r): r is ContentFieldRequest => r.kind !== 'category');
}

export function categoryFieldRequest(requests: readonly FieldRequest[] | null): Extract<FieldRequest, { kind: 'category' }> | undefined {
  return requests?.find((r): r is Extract<FieldRequest, { kind: 'category' }> => r.kind === 'category');
}

export function isTextField(name: string): name is TextField {
  return (TEXT_FIELDS as readonly string[]).includes(name);
}

/** `fields` of a regenerate call: only the allowed keys, string values, at least one. */
export function parseFieldRequests(fields: Record<string, unknown> | undefined): { ok: true; requests: FieldRequest[] } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const entries = Object.entries(fields ?? {});
  if (entries.length === 0) {
    addError(errors, 'fields', 'At least one field must be specified.');
    return { ok: false, errors };
  }
  if (entries.length > MAX_FIELDS_PER_CALL) {
    addError(errors, 'fields', `At most ${MAX_FIELDS_PER_CALL} fields can be regenerated in one call; got ${entries.length}.`);
    return { ok: false, errors };
  }
  const requests: FieldRequest[] = [];
  for (const [name, value] of entries) {
    const path = `fields.${name}`;
    if (typeof value !== 'string') {
      addError(errors, path, 'The value must be a string: new content or an instruction (empty for none).');
      continue;
    }
    const unstorable = unstorableText(name) ?? unstorableText(value);
    if (unstorable !== null) {
      addError(errors, path.toWellFormed(), unstorable);
      continue;
    }
    if (value.length > MAX_FIELD_VALUE_LENGTH) {
      addError(errors, path, `The value must be at most ${MAX_FIELD_VALUE_LENGTH} characters long.`);
      continue;
    }
    if (isTextField(name)) {
      requests.push({ kind: 'text', name, value });
    } else if (name === CATEGORY_FIELD) {
      requests.push({ kind: 'category', name, value });
    } else if (name.startsWith(GLOBAL_ATTR_PREFIX) && isAttributeName(name.slice(GLOBAL_ATTR_PREFIX.length))) {
      requests.push({ kind: 'attribute', name, attribute: name.slice(GLOBAL_ATTR_PREFIX.length), value });
    } else if (name.startsWith(GLOBAL_ATTR_PREFIX) && RESERVED_ATTRIBUTE_NAMES.has(name.slice(GLOBAL_ATTR_PREFIX.length))) {
      addError(errors, path, `"${name.slice(GLOBAL_ATTR_PREFIX.length)}" cannot be an attribute name: ${[...RESERVED_ATTRIBUTE_NAMES].join(', ')} are reserved.`);
    } else {
      addError(errors, path, `Unknown field. Allowed: ${TEXT_FIELDS.join(', ')}, ${CATEGORY_FIELD}, or global_attr.<name> with lowercase letters, digits and _.`);
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, requests };
}

/**
 * Once an account has attributes, `global_attr.<id>` names one of them: any other id is an error
 * on its field. `schemaIds` is empty for an account without attributes, whose names stay free.
 */
export function unknownAttributeFields(requests: readonly FieldRequest[], schemaIds: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  if (schemaIds.size === 0) return errors;
  for (const request of requests) {
    if (request.kind === 'attribute' && !schemaIds.has(request.attribute)) {
      addError(errors, `fields.${request.name}`, `No attribute "${request.attribute}" in this account's schema; the attribute_ids are ${[...schemaIds].join(', ')}.`);
    }
  }
  return errors;
}
