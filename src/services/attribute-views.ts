import type { AttributeRow, FamilyRow } from '../db/attributes.ts';

/** An attribute as the API shows it (CC shape). */
export function attributeView(row: AttributeRow) {
  return {
    _id: row.id,
    attribute_id: row.attribute_id,
    name: row.name,
    type: row.type,
    scope: row.scope,
    is_enabled: row.is_enabled,
    is_essential: row.is_essential,
    description: row.description,
    unit: row.unit,
    options: row.options,
    family_ids: row.family_ids,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type AttributeView = ReturnType<typeof attributeView>;

export function familyView(row: FamilyRow) {
  return {
    _id: row.id,
    family_id: row.family_id,
    name: row.name,
    description: row.description,
    attribute_ids: row.attribute_ids,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type FamilyView = ReturnType<typeof familyView>;
