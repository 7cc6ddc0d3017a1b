import { findAccountById } from '../db/accounts.ts';
import type { SqlRunner } from '../db/database.ts';

export interface AccountView {
  id: string;
  name: string;
  credits: number;
  settings: { image_standardization: boolean; country_languages: Record<string, string>; default_processing: 'interactive' | 'batch' };
}

export async function readAccount(db: SqlRunner, accountId: string): Promise<AccountView | undefined> {
  const account = await findAccountById(db, accountId);
  if (account === undefined) return undefined;
  return {
    id: account.id,
    name: account.name,
    credits: account.credits,
    settings: { image_standardization: account.image_standardization, country_languages: account.country_languages, default_processing: account.default_processing },
  };
}
