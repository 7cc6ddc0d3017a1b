import { type AdminAuditEntry, type AdminAuditRow, listAdminAudit, recordAdminAction } from '../db/admin-audit.ts';
import type { ImportSummary } from '../sources/catalogue/import-file.ts';
import type { Database, SqlRunner } from '../db/database.ts';
import {
  adjustCreditsIn,
  createAccountIn,
  listAccounts,
  setAccountCountryLanguages,
  setAccountCreditsLowThreshold,
  setAccountDefaultProcessing,
  setAccountImageStandardization,
} from './accounts.ts';
import { createToken, listTokens, revokeTokenByIdOrToken } from './admin-tokens.ts';
import { type AccountView, accountView, type AdminAuditView, type IssuedTokenView, type RevokedTokenView, type TokenView } from './admin-views.ts';

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
  setDefaultProcessing(name: string, processing: 'interactive' | 'batch'): Promise<AccountView>;
  listTokens(): Promise<TokenView[]>;
  createToken(input: { account: string | null; admin: boolean }): Promise<IssuedTokenView>;
  revokeToken(idOrToken: string): Promise<RevokedTokenView>;
  /** The audit of operators' changes, newest first: `limit` entries older than `before` (the newest when null). */
  listAudit(page: { before: string | null; limit: number }): Promise<AdminAuditView>;
}

/**
 * Who makes a change: an admin token's id, `local` (the running server's own credential, which
 * the CLI uses through it) or `cli` (the CLI on the database itself); and the request it came in.
 */
export interface AdminActor {
  actor: string;
  requestId: string | null;
}

/** Each change is written in one transaction with its audit entry: none is made unrecorded. */
export function localAdminOperations(db: Database, by: AdminActor): AdminOperations {
  const audited = <T>(action: string, target: string, details: Record<string, unknown>, work: (tx: SqlRunner) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const done = await work(tx);
      await recordAdminAction(tx, { actor: by.actor, action, target, requestId: by.requestId, details });
      return done;
    });
  return {
    listAccounts: async () => (await listAccounts(db)).map((a) => accountView(a)),
    createAccount: (input) =>
      audited('account.create', input.name.trim(), { credits: input.credits, image_standardization: input.imageStandardization }, async (tx) => {
        const created = await createAccountIn(tx, input);
        return accountView(created.account, { id: created.tokenId, token: created.token });
      }),
    creditAccount: (name, amount) =>
      audited('account.credit', name, { amount }, async (tx) => accountView(await adjustCreditsIn(tx, name, amount, { memo: `admin ${by.actor}`, requestId: by.requestId }))),
    setImageStandardization: (name, on) =>
      audited('account.settings', name, { image_standardization: on }, async (tx) => accountView(await setAccountImageStandardization(tx, name, on))),
    setCountryLanguages: (name, languages) =>
      audited('account.settings', name, { country_languages: languages }, async (tx) => accountView(await setAccountCountryLanguages(tx, name, languages))),
    setCreditsLowThreshold: (name, threshold) =>
      audited('account.settings', name, { credits_low_threshold: threshold }, async (tx) => accountView(await setAccountCreditsLowThreshold(tx, name, threshold))),
    setDefaultProcessing: (name, processing) =>
      audited('account.settings', name, { default_processing: processing }, async (tx) => accountView(await setAccountDefaultProcessing(tx, name, processing))),
    listTokens: () => listTokens(db),
    createToken: async (input) => {
      // The new token's id is known only once it is issued: the entry is written after, in the same transaction.
      return db.transaction(async (tx) => {
        const issued = await createToken(tx, input);
        await recordAdminAction(tx, {
          actor: by.actor,
          action: 'token.create',
          target: issued.token_id,
          requestId: by.requestId,
          details: { account: input.account, admin: input.admin },
        });
        return issued;
      });
    },
    revokeToken: (idOrToken) =>
      db.transaction(async (tx) => {
        const revoked = await revokeTokenByIdOrToken(tx, idOrToken);
        await recordAdminAction(tx, { actor: by.actor, action: 'token.revoke', target: revoked.token_id, requestId: by.requestId, details: {} });
        return revoked;
      }),
    listAudit: async (page) => auditView(await listAdminAudit(db, page), page.limit),
  };
}

/** The audit entry of an import into the shared catalogue, written once it has ended. */
export function catalogueImportEntry(summary: ImportSummary, by: AdminActor): AdminAuditEntry {
  return {
    actor: by.actor,
    action: 'catalogue.import',
    target: summary.importId,
    requestId: by.requestId,
    details: { file: summary.fileName, rows_read: summary.rowsRead, rows_imported: summary.rowsImported, rows_failed: summary.rowsFailed },
  };
}

function auditView(rows: readonly AdminAuditRow[], limit: number): AdminAuditView {
  return {
    entries: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), actor: r.actor, action: r.action, target: r.target, request_id: r.request_id, details: r.details })),
    next_before: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
  };
}
