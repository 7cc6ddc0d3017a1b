import type { AccountRow } from '../db/accounts.ts';
import type { TokenListRow } from '../db/tokens.ts';
import type { ImportSummary } from '../sources/catalogue/import-file.ts';
import type { IssuedToken } from './tokens.ts';

// What the CLI prints with --json and the admin API answers in `data`: one shape for both, so a
// command gives the same output whether it ran on the database or through a running server.

export interface AccountView {
  id: string;
  name: string;
  credits: number;
  image_standardization: boolean;
  country_languages: Record<string, string>;
  /** Under this balance a debit sends the `credits.low` webhook; null: off. */
  credits_low_threshold: number | null;
  /** How generations that name no `processing` send their model calls. */
  default_processing: 'interactive' | 'batch';
  token?: string;
  token_id?: string;
}

export function accountView(
  a: Pick<AccountRow, 'id' | 'name' | 'credits' | 'image_standardization' | 'country_languages' | 'credits_low_threshold' | 'default_processing'>,
  token?: IssuedToken,
): AccountView {
  return {
    id: a.id,
    name: a.name,
    credits: a.credits,
    image_standardization: a.image_standardization,
    country_languages: a.country_languages,
    credits_low_threshold: a.credits_low_threshold,
    default_processing: a.default_processing,
    ...(token ? { token: token.token, token_id: token.id } : {}),
  };
}

/** A new token: with its account's shape when it has one; an admin token of no account is only the token. */
export type IssuedTokenView = (AccountView & { token: string; token_id: string; admin: boolean }) | { token: string; token_id: string; admin: true };

export function issuedTokenView(account: AccountRow | null, issued: IssuedToken, admin: boolean): IssuedTokenView {
  if (account === null) return { token: issued.token, token_id: issued.id, admin: true };
  return { ...accountView(account), token: issued.token, token_id: issued.id, admin };
}

export interface TokenView {
  id: string;
  account: string | null;
  admin: boolean;
  created_at: string;
  revoked_at: string | null;
}

export function tokenView(t: TokenListRow): TokenView {
  return { id: t.id, account: t.account, admin: t.is_admin, created_at: t.created_at.toISOString(), revoked_at: t.revoked_at?.toISOString() ?? null };
}

export interface RevokedTokenView {
  token_id: string;
  revoked: true;
}

/** Errors listed in an import's answer; the import record keeps more and `rows_failed` counts them all. */
export const IMPORT_ERRORS_SHOWN = 100;

export interface ImportSummaryView {
  import_id: string;
  source: string;
  file: string;
  format: string;
  encoding: string;
  rows_read: number;
  rows_imported: number;
  rows_failed: number;
  errors: { line: number | null; reason: string }[];
}

export function importSummaryView(summary: ImportSummary): ImportSummaryView {
  return {
    import_id: summary.importId,
    source: summary.source,
    file: summary.fileName,
    format: summary.format,
    encoding: summary.encoding,
    rows_read: summary.rowsRead,
    rows_imported: summary.rowsImported,
    rows_failed: summary.rowsFailed,
    errors: summary.errors.slice(0, IMPORT_ERRORS_SHOWN),
  };
}

/** One change an operator made, as the audit shows it. */
export interface AdminAuditEntryView {
  id: string;
  at: string;
  /** The admin token's id; `local` (the server's own credential, the CLI through it); `cli` (the CLI on the database). */
  actor: string;
  action: string;
  target: string;
  request_id: string | null;
  details: Record<string, unknown>;
}

/** A page of the audit, newest first; `next_before` continues it (null: no older entry). */
export interface AdminAuditView {
  entries: AdminAuditEntryView[];
  next_before: string | null;
}
