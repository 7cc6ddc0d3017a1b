// Narrowing of remote JSON, field by field. Written by hand rather than as one Zod schema because
// these records have per-language keys (`product_name_it`) and each field must be tolerated on its
// own: one field of an unexpected type must not cost the product's other facts.

export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string, or a number written as text (APIs mix them: `"nova_group": 4`, `"ID": "1234"`). */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function textAt(object: JsonObject | undefined, key: string): string | undefined {
  return object === undefined ? undefined : asText(object[key]);
}

export function objectAt(object: JsonObject | undefined, key: string): JsonObject | undefined {
  return object === undefined ? undefined : asObject(object[key]);
}

export function textsAt(object: JsonObject | undefined, key: string): string[] {
  return object === undefined ? [] : asArray(object[key]).flatMap((item) => asText(item) ?? []);
}
