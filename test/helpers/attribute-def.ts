import type { AttributeDef, AttributeType } from '../../src/domain/attributes/schema.ts';

/** An enabled, global attribute of an account's schema, named after its id, with `extra` over the defaults. */
export function attributeDef(attribute_id: string, type: AttributeType = 'text', extra: Partial<AttributeDef> = {}): AttributeDef {
  return {
    id: `id-${attribute_id}`,
    attribute_id,
    name: attribute_id.replaceAll('_', ' '),
    type,
    scope: 'global',
    is_enabled: true,
    is_essential: false,
    description: null,
    unit: null,
    options: [],
    family_ids: [],
    ...extra,
  };
}
