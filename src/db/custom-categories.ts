import type { SqlRunner } from './database.ts';

/** Whether the account's own category tree holds `id`. */
export async function customCategoryExists(db: SqlRunner, accountId: string, id: string): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>('SELECT true AS found FROM custom_categories WHERE account_id = $1 AND id = $2', [accountId, id]);
  return rows.length > 0;
}
