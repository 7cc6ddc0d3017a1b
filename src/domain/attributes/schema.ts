// An account's attribute schema as generation, update and the list read it: typed attributes,
// grouped in families. Pure.

export const ATTRIBUTE_TYPES = ['text', 'number', 'boolean', 'rich-text', 'single-select', 'multi-select'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const ATTRIBUTE_SCOPES = ['global', 'family'] as const;
export type AttributeScope = (typeof ATTRIBUTE_SCOPES)[number];

export interface AttributeOption {
  value: string;
  value_id: string;
}

/** What an attribute is made of, apart from its families. */
export interface AttributeFields {
  /** The key of `global_attr`. */
  attribute_id: string;
  name: string;
  type: AttributeType;
  scope: AttributeScope;
  is_enabled: boolean;
  is_essential: boolean;
  description: string | null;
  unit: string | null;
  options: AttributeOption[];
}

export interface AttributeDef extends AttributeFields {
  /** The `_id`. */
  id: string;
  /** `_id`s of the families that hold it. */
  family_ids: string[];
}

export interface FamilyDef {
  id: string;
  family_id: string;
  name: string;
  description: string | null;
  /** `_id`s of its attributes. */
  attribute_ids: string[];
}

export interface AttributeSchema {
  attributes: readonly AttributeDef[];
  families: readonly FamilyDef[];
}

/** Multi-select values are stored in one string, in the options' order, joined by this. */
export const MULTI_VALUE_SEPARATOR = ' | ';

export function isSelect(type: AttributeType): boolean {
  return type === 'single-select' || type === 'multi-select';
}

/** Whether an account has a schema at all: without one, `global_attr` stays free as before. */
export function hasSchema(schema: AttributeSchema): boolean {
  return schema.attributes.length > 0;
}

/** The enabled attributes a product of this family gets: every global one, and the family's own. */
export function attributesInScope(schema: AttributeSchema, familyId: string | null): AttributeDef[] {
  return schema.attributes.filter((a) => a.is_enabled && (a.scope === 'global' || (familyId !== null && a.family_ids.includes(familyId))));
}

/** The attributes in scope that a record's `global_attr` leaves empty, in schema order. */
export function missingAttributes(schema: AttributeSchema, familyId: string | null, values: Readonly<Record<string, string>>): string[] {
  return attributesInScope(schema, familyId)
    .filter((a) => (values[a.attribute_id] ?? '') === '')
    .map((a) => a.attribute_id);
}

/** Finds an attribute by `_id` or `attribute_id`. */
export function findAttribute(schema: AttributeSchema, ref: string): AttributeDef | undefined {
  return schema.attributes.find((a) => a.attribute_id === ref || a.id === ref);
}

export function findFamily(schema: AttributeSchema, ref: string): FamilyDef | undefined {
  return schema.families.find((f) => f.family_id === ref || f.id === ref);
}
