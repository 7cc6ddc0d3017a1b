import {
  findAttributeRow,
  insertAttribute,
  listFamilies,
  lockAttribute,
  refreshCompleteness,
  removeAttributeValues,
  renameAttributeKey,
  rewriteAttributeValue,
  setAttributeFamilies,
  updateAttribute,
} from '../db/attributes.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import type { AttributeDef, AttributeFields } from '../domain/attributes/schema.ts';
import { type AttributeInput, defineAttribute } from '../domain/attributes/attribute-definition.ts';
import type { FieldErrors } from '../domain/validation.ts';
import { type AttributeView, attributeView } from './attribute-views.ts';
import { loadOwnSchema } from './own-schema.ts';

export type SaveAttributeOutcome = { kind: 'saved'; attribute: AttributeView } | { kind: 'validation_failed'; errors: FieldErrors } | { kind: 'attribute_not_found' };

const taken = (attributeId: string): SaveAttributeOutcome => ({
  kind: 'validation_failed',
  errors: { attribute_id: [`The account already has an attribute "${attributeId}"; attribute_id is unique per account.`] },
});

/**
 * Keeps the products' values in step with a changed attribute: a new attribute_id moves them; a
 * new type or unit removes them, since they were written for the old one (the next generation
 * fills them again).
 */
async function carryValues(tx: SqlRunner, accountId: string, before: AttributeDef, after: AttributeFields): Promise<void> {
  if (before.type !== after.type || before.unit !== after.unit) {
    await removeAttributeValues(tx, accountId, before.attribute_id);
    return;
  }
  if (before.attribute_id !== after.attribute_id) await renameAttributeKey(tx, accountId, before.attribute_id, after.attribute_id);
}

/**
 * Creates an attribute (`ref` undefined) or changes one (by `_id` or attribute_id), its families
 * and every product's completeness in one transaction, so the schema is never seen half changed.
 */
export async function saveAttribute(db: Database, accountId: string, ref: string | undefined, input: AttributeInput): Promise<SaveAttributeOutcome> {
  return db.transaction(async (tx): Promise<SaveAttributeOutcome> => {
    const schema = await loadOwnSchema(tx, accountId);
    const current = ref === undefined ? undefined : schema.attributes.find((a) => a.id === ref || a.attribute_id === ref);
    if (ref !== undefined && current === undefined) return { kind: 'attribute_not_found' };
    if (current !== undefined) await lockAttribute(tx, accountId, current.id);
    const defined = defineAttribute(current, input, await listFamilies(tx, accountId));
    if (!defined.ok) return { kind: 'validation_failed', errors: defined.errors };
    let id = current?.id;
    if (id === undefined) {
      id = await insertAttribute(tx, accountId, defined.fields);
      if (id === undefined) return taken(defined.fields.attribute_id);
    } else if (!(await updateAttribute(tx, id, defined.fields))) {
      return taken(defined.fields.attribute_id);
    }
    await setAttributeFamilies(tx, id, defined.familyIds);
    if (current !== undefined) await carryValues(tx, accountId, current, defined.fields);
    // Products keep only values the options allow: a renamed option renames them, a deleted one removes them.
    for (const change of defined.valueChanges) await rewriteAttributeValue(tx, accountId, defined.fields.attribute_id, change.from, change.to);
    await refreshCompleteness(tx, accountId);
    return { kind: 'saved', attribute: attributeView(await findAttributeRow(tx, accountId, id)) };
  });
}
