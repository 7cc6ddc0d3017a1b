import type { Database } from '../db/database.ts';
import { adjustCredits, createAccount, listAccounts, setAccountCountryLanguages, setAccountCreditsLowThreshold, setAccountImageStandardization } from './accounts.ts';
import { createToken, listTokens, revokeTokenByIdOrToken } from './admin-tokens.ts';
import { type AccountView, accountView, type IssuedTokenView, type RevokedTokenView, type TokenView } from './admin-views.ts';

/**
 * The operator's changes, as one interface with two ways to run: on the database (here: the CLI
 * on its own, and the admin API), or through a running server's admin API (the CLI while a
 * server holds the embedded data directory). Refusals are AccountErrors either way.
 */
export interface AdminOperations {
  listAccounts(): Promise<AccountView[]>;
  createAccount(input: { name: string; credits: number; imageStandardization: boolean }): Promise<AccountView>;
  creditAccount(name: string, amount: number): Promise<AccountView>;
  setImageStandardization(name: string, on: boolean): Promise<AccountView>;
  /** Replaces the account's `country_languages` (already checked by parseCountryLanguages). */
  setCountryLanguages(name: string, languages: Readonly<Record<string, string>>): Promise<AccountView>;
  /** Null: no `credits.low` webhook. */
  setCreditsLowThreshold(name: string, threshold: number | null): Promise<AccountView>;
  listTokens(): Promise<TokenView[]>;
  createToken(input: { account: string | null; admin: boolean }): Promise<IssuedTokenView>;
  revokeToken(idOrToken: string): Promise<RevokedTokenView>;
}

export function localAdminOperations(db: Database, via: string): AdminOperations {
  return {
    listAccounts: async () => (await listAccounts(db)).map((a) => accountView(a)),
    createAccount: async (input) => {
      const created = await createAccount(db, input);
      return accountView(created.account, { id: created.tokenId, token: created.token });
    },
    creditAccount: async (name, amount) => accountView(await adjustCredits(db, name, amount, via)),
    setImageStandardization: async (name, on) => accountView(await setAccountImageStandardization(db, name, on)),
    setCountryLanguages: async (name, languages) => accountView(await setAccountCountryLanguages(db, name, languages)),
    setCreditsLowThreshold: async (name, threshold) => accountView(await setAccountCreditsLowThreshold(db, name, threshold)),
    listTokens: () => listTokens(db),
    createToken: (input) => createToken(db, input),
    revokeToken: (idOrToken) => revokeTokenByIdOrToken(db, idOrToken),
  };
}
