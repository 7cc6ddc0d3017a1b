import { deleteAttribute, removeAttributeValues } from '../db/attributes.ts';
import type { Database } from '../db/database.ts';
import { loadOwnSchema } from './own-schema.ts';

export type DeleteAttributeOutcome = { kind: 'deleted'; recordsChanged: number } | { kind: 'attribute_not_found' } | { kind: 'attribute_essential' };

/**
 * Deletes an attribute and its values from every product's records in one transaction. An
 * essential one is refused: products are measured by it (completeness), so a person first makes
 * it not essential.
 */
export async function deleteOwnAttribute(db: Database, accountId: string, ref: string): Promise<DeleteAttributeOutcome> {
  return db.transaction(async (tx): Promise<DeleteAttributeOutcome> => {
    const attribute = (await loadOwnSchema(tx, accountId)).attributes.find((a) => a.id === ref || a.attribute_id === ref);
    if (attribute === undefined) return { kind: 'attribute_not_found' };
    if (!(await deleteAttribute(tx, attribute.id))) return { kind: 'attribute_essential' };
    // Completeness needs no refresh: it counts essential attributes only, and an essential one is
    // never deleted (the DELETE above refuses it in the same statement that checks it).
    const recordsChanged = await removeAttributeValues(tx, accountId, attribute.attribute_id);
    return { kind: 'deleted', recordsChanged };
  });
}
