import { findFamilyRow, insertFamily, refreshCompleteness, setFamilyAttributes, updateFamily } from '../db/attributes.ts';
import type { Database } from '../db/database.ts';
import { addError, type FieldErrors } from '../domain/validation.ts';
import { type FamilyView, familyView } from './attribute-views.ts';
import { loadOwnSchema } from './own-schema.ts';

export interface FamilyInput {
  family_id?: string;
  name?: string;
  description?: string | null;
  attribute_ids?: string[];
}

export type SaveFamilyOutcome = { kind: 'saved'; family: FamilyView } | { kind: 'validation_failed'; errors: FieldErrors } | { kind: 'family_not_found' };

/** Creates a family (`ref` undefined) or changes one, with its attributes, in one transaction. */
export async function saveFamily(db: Database, accountId: string, ref: string | undefined, input: FamilyInput): Promise<SaveFamilyOutcome> {
  return db.transaction(async (tx): Promise<SaveFamilyOutcome> => {
    const schema = await loadOwnSchema(tx, accountId);
    const current = ref === undefined ? undefined : schema.families.find((f) => f.id === ref || f.family_id === ref);
    if (ref !== undefined && current === undefined) return { kind: 'family_not_found' };
    const errors: FieldErrors = {};
    const attributeIds: string[] = [];
    for (const [i, attributeRef] of (input.attribute_ids ?? current?.attribute_ids ?? []).entries()) {
      const attribute = schema.attributes.find((a) => a.id === attributeRef || a.attribute_id === attributeRef);
      if (attribute === undefined) addError(errors, `attribute_ids.${i}`, `No attribute "${attributeRef.slice(0, 80)}" in this account.`);
      else if (!attributeIds.includes(attribute.id)) attributeIds.push(attribute.id);
    }
    if (Object.keys(errors).length > 0) return { kind: 'validation_failed', errors };
    const fields = {
      family_id: input.family_id ?? current?.family_id ?? '',
      name: input.name ?? current?.name ?? '',
      description: input.description === undefined ? (current?.description ?? null) : input.description,
    };
    let id = current?.id;
    if (id === undefined) id = await insertFamily(tx, accountId, fields);
    else if (!(await updateFamily(tx, id, fields))) id = undefined;
    if (id === undefined) return { kind: 'validation_failed', errors: { family_id: [`The account already has a family "${fields.family_id}"; family_id is unique per account.`] } };
    await setFamilyAttributes(tx, id, attributeIds);
    await refreshCompleteness(tx, accountId);
    return { kind: 'saved', family: familyView(await findFamilyRow(tx, accountId, id)) };
  });
}
