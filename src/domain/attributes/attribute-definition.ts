// An attribute as a create or a partial update defines it: the rules that tie its fields
// together (options only for selects, a unit only for numbers, families for family scope). Pure.
import { addError, type FieldErrors } from '../validation.ts';
import { applyOptionOperations, type OptionOperation, type ValueChange } from './option-operations.ts';
import { type AttributeDef, type AttributeFields, type AttributeScope, type AttributeType, type FamilyDef, findFamily, isSelect } from './schema.ts';
import { KNOWN_UNITS, unitNamed } from './units.ts';

export interface AttributeInput {
  attribute_id?: string;
  name?: string;
  type?: AttributeType;
  scope?: AttributeScope;
  description?: string | null;
  is_enabled?: boolean;
  is_essential?: boolean;
  unit?: string | null;
  options?: OptionOperation[];
  family_ids?: string[];
}

export type Defined = { ok: true; fields: AttributeFields; familyIds: string[]; valueChanges: ValueChange[] } | { ok: false; errors: FieldErrors };

/** `current` is undefined for a create, whose input then has attribute_id, name, type and scope. */
export function defineAttribute(current: AttributeDef | undefined, input: AttributeInput, families: readonly FamilyDef[]): Defined {
  const errors: FieldErrors = {};
  const type = input.type ?? current?.type ?? 'text';
  const scope = input.scope ?? current?.scope ?? 'global';

  let options = isSelect(type) ? (current?.options ?? []) : [];
  let valueChanges: ValueChange[] = [];
  if (input.options !== undefined && input.options.length > 0) {
    if (!isSelect(type)) addError(errors, 'options', `Only single-select and multi-select attributes have options; this one is ${type}.`);
    else {
      const applied = applyOptionOperations(options, input.options);
      if (applied.ok) {
        options = applied.options;
        valueChanges = applied.changes;
      } else Object.assign(errors, applied.errors);
    }
  }
  if (isSelect(type) && options.length === 0 && errors.options === undefined)
    addError(errors, 'options', `A ${type} attribute needs at least one option: [{"action":"new","value":"Red"}].`);

  let unit = input.unit === undefined ? (current?.unit ?? null) : input.unit;
  if (type !== 'number') {
    if (input.unit !== undefined && input.unit !== null) addError(errors, 'unit', `Only number attributes have a unit; this one is ${type}.`);
    unit = null;
  } else if (unit !== null) {
    const named = unitNamed(unit);
    if (named === undefined) addError(errors, 'unit', `Unknown unit "${unit.slice(0, 20)}". Known units: ${KNOWN_UNITS.join(', ')}.`);
    else unit = named;
  }

  let familyIds = current?.family_ids ?? [];
  if (input.family_ids !== undefined) {
    familyIds = [];
    for (const [i, ref] of input.family_ids.entries()) {
      const family = findFamily({ attributes: [], families }, ref);
      if (family === undefined) addError(errors, `family_ids.${i}`, `No family "${ref.slice(0, 80)}" in this account.`);
      else if (!familyIds.includes(family.id)) familyIds.push(family.id);
    }
  }
  if (scope === 'family' && familyIds.length === 0 && errors.family_ids === undefined)
    addError(errors, 'family_ids', 'A family attribute needs family_ids: the families it belongs to.');
  if (scope === 'global' && input.family_ids !== undefined && input.family_ids.length > 0)
    addError(errors, 'family_ids', 'A global attribute belongs to every product; family_ids are for scope "family".');
  if (scope === 'global') familyIds = [];

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    familyIds,
    valueChanges,
    fields: {
      attribute_id: input.attribute_id ?? current?.attribute_id ?? '',
      name: input.name ?? current?.name ?? '',
      type,
      scope,
      is_enabled: input.is_enabled ?? current?.is_enabled ?? true,
      is_essential: input.is_essential ?? current?.is_essential ?? false,
      description: input.description === undefined ? (current?.description ?? null) : input.description,
      unit,
      options,
    },
  };
}
