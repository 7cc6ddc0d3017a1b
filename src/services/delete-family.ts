import { deleteFamily } from '../db/attributes.ts';
import type { Database } from '../db/database.ts';
import { loadOwnSchema } from './own-schema.ts';

/** Deletes a family; its products are left without one, and its attributes stay in the schema. */
export async function deleteOwnFamily(db: Database, accountId: string, ref: string): Promise<'deleted' | 'family_not_found'> {
  return db.transaction(async (tx) => {
    const family = (await loadOwnSchema(tx, accountId)).families.find((f) => f.id === ref || f.family_id === ref);
    if (family === undefined) return 'family_not_found';
    await deleteFamily(tx, family.id);
    return 'deleted';
  });
}
