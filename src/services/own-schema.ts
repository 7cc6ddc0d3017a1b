import { listAttributes, listFamilies, type AttributeRow, type FamilyRow } from '../db/attributes.ts';
import type { SqlRunner } from '../db/database.ts';

/** The account's attributes and families with their timestamps, as the schema routes read them. */
export async function loadOwnSchema(db: SqlRunner, accountId: string): Promise<{ attributes: AttributeRow[]; families: FamilyRow[] }> {
  return { attributes: await listAttributes(db, accountId), families: await listFamilies(db, accountId) };
}
