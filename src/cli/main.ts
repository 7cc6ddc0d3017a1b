import { parseCountryLanguages } from '../domain/countries.ts';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { readAdminEndpoint } from '../db/admin-endpoint-file.ts';
import { DataDirBusyError } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { run } from '../main.ts';
import { AccountError } from '../services/accounts.ts';
import { recordAdminAction } from '../db/admin-audit.ts';
import { type AdminOperations, catalogueImportEntry, localAdminOperations } from '../services/admin-operations.ts';
import { type AccountView, type ImportSummaryView, importSummaryView, type IssuedTokenView, type TokenView } from '../services/admin-views.ts';
import { importAifa } from '../sources/aifa/import-aifa.ts';
import { importCatalogue } from '../sources/catalogue/import-catalogue.ts';
import type { ImportProgress, ImportSummary } from '../sources/catalogue/import-file.ts';
import { InputFormatError, isInputFormat } from '../sources/catalogue/input-format.ts';
import { InputStoppedError } from '../sources/catalogue/input-row.ts';
import { InputReadError } from '../sources/catalogue/open-input.ts';
import { remoteAdminOperations } from './remote-admin.ts';

const USAGE = `Usage: vetrina <command> [options]

  serve [--no-worker]                         API (and workers, unless --no-worker)
  worker                                      workers only (needs DATABASE_URL to run beside a server)
  accounts list
  accounts create --name N [--credits C] [--image-standardization]
  accounts credit <name> <amount>             add credits (a negative amount removes them)
  accounts set <name> [--image-standardization on|off] [--country-languages be=fr,ch=it]   ("" clears the languages)
  accounts set <name> --credits-low N|off   (the credits.low webhook fires when a debit goes under N)
  accounts set <name> --processing interactive|batch   (how creates and regenerates that name none send their model calls)
  tokens list                                 every token, without its secret
  tokens create <account>                     a new API token, shown once
  tokens create --admin [<account>]           an admin token (for /api/v1/admin), of no account unless one is named
  tokens revoke <token-id | token>
  catalog import <file> [--format csv|jsonl] [--language xx]
                                              your product feed (CSV with a header row, or JSON Lines)
                                              into the shared catalogue, keyed by each row's code
  sources aifa import <file>                  AIFA's medicines list (confezioni.csv) into the local catalogue
  audit [--limit N] [--before ID]             operators' changes, newest first: who, what, on what, when

  --json   print one JSON object instead of text
While \`vetrina serve\` holds an embedded data directory, these commands send their change to it.
Environment: DATABASE_URL (PostgreSQL server) or DATA_DIR (embedded, default ./data), PORT, HOST.`;

class UsageError extends Error {
  override name = 'UsageError';
}

type Output = { json: Record<string, unknown>; text: string };

function wholeNumber(text: string | undefined, what: string): number {
  if (text === undefined || !/^-?\d+$/.test(text)) throw new UsageError(`${what} must be a whole number`);
  return Number.parseInt(text, 10);
}

async function withDatabase<T>(config: Config, work: (db: Database) => Promise<T>): Promise<T> {
  const opened = await openDatabase(config, 'cli');
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

type Operator = { kind: 'local'; db: Database; ops: AdminOperations } | { kind: 'remote'; ops: ReturnType<typeof remoteAdminOperations> };

/**
 * The database itself, or, when a running server holds the embedded data directory, that
 * server's admin API (its address and credential are in the data directory): the same change,
 * the same output, no downtime. A directory held by a process that serves no API (a worker)
 * is still refused.
 */
async function withOperator<T>(config: Config, work: (operator: Operator) => Promise<T>): Promise<T> {
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config, 'cli');
  } catch (err) {
    const endpoint = err instanceof DataDirBusyError && config.databaseUrl === undefined ? readAdminEndpoint(config.dataDir) : null;
    if (endpoint === null) throw err;
    return work({ kind: 'remote', ops: remoteAdminOperations(endpoint) });
  }
  try {
    return await work({ kind: 'local', db: opened.db, ops: localAdminOperations(opened.db, { actor: 'cli', requestId: null }) });
  } finally {
    await opened.close();
  }
}

const withOps = <T>(config: Config, work: (ops: AdminOperations) => Promise<T>) => withOperator(config, (operator) => work(operator.ops));

/** parseArgs would read `-100` as an option and a bare `--image-standardization` as missing its value. */
function preprocess(args: string[]): string[] {
  const out: string[] = [];
  const negatives: string[] = [];
  args.forEach((arg, i) => {
    if (/^-\d+$/.test(arg)) negatives.push(arg);
    else if (arg === '--image-standardization' && (args[i + 1] === undefined || args[i + 1]?.startsWith('-'))) out.push('--image-standardization=on');
    else out.push(arg);
  });
  return negatives.length > 0 ? [...out, '--', ...negatives] : out;
}

function accountLine(a: AccountView): string {
  return `${a.name}\t${a.credits} credits\timage standardization ${a.image_standardization ? 'on' : 'off'}\t${a.id}`;
}

function tokenLine(t: TokenView): string {
  return `${t.id}\t${t.account ?? '(no account)'}${t.admin ? '\tadmin' : ''}\tcreated ${t.created_at}${t.revoked_at === null ? '' : `\trevoked ${t.revoked_at}`}`;
}

function issuedText(issued: IssuedTokenView): string {
  const whose = 'name' in issued ? ` for "${issued.name}"` : '';
  return `New ${issued.admin ? 'admin token' : 'token'} ${issued.token_id}${whose}, shown only this once:\n  ${issued.token}`;
}

/** `be=fr,ch=it` (or "" to clear), checked as the admin API checks it. */
function countryLanguagesArg(arg: string): Record<string, string> {
  const pairs = arg
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const entries = pairs.map((pair) => {
    const [country, language, extra] = pair.split('=');
    if (country === undefined || language === undefined || extra !== undefined)
      throw new UsageError(`--country-languages takes country=language pairs separated by commas, e.g. be=fr,ch=it; got "${pair}"`);
    return [country.trim(), language.trim()] as const;
  });
  // An object keeps only the last of two equal keys: "be=fr,be=nl" is refused as the API refuses it.
  const seen = new Set<string>();
  for (const [country] of entries) {
    if (seen.has(country.toLowerCase())) throw new UsageError(`--country-languages gives the language of ${country} a second time`);
    seen.add(country.toLowerCase());
  }
  const parsed = parseCountryLanguages(Object.fromEntries(entries));
  if (!parsed.ok) throw new UsageError(parsed.errors.join('; '));
  return parsed.value;
}

async function command(config: Config, args: string[]): Promise<Output | null> {
  const { values, positionals } = parseArgs({
    args: preprocess(args),
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      credits: { type: 'string' },
      'image-standardization': { type: 'string' },
      'country-languages': { type: 'string' },
      'credits-low': { type: 'string' },
      processing: { type: 'string' },
      'no-worker': { type: 'boolean' },
      admin: { type: 'boolean' },
      format: { type: 'string' },
      language: { type: 'string' },
      limit: { type: 'string' },
      before: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, ...rest] = positionals;

  if (values.help || group === undefined || group === 'help') return { json: { usage: USAGE }, text: USAGE };
  if (group === 'serve') {
    await run(config, { http: true, workers: !values['no-worker'] });
    return null;
  }
  if (group === 'worker') {
    await run(config, { http: false, workers: true });
    return null;
  }

  if (group === 'accounts' && action === 'list') {
    if (rest.length > 0) throw new UsageError('accounts list takes no arguments');
    const accounts = await withOps(config, (ops) => ops.listAccounts());
    return { json: { accounts }, text: accounts.length === 0 ? 'No accounts.' : accounts.map(accountLine).join('\n') };
  }
  if (group === 'accounts' && action === 'create') {
    const name = values.name ?? rest[0];
    if (name === undefined) throw new UsageError('accounts create needs --name');
    const imageStandardization = values['image-standardization'] === 'on' || values['image-standardization'] === 'true';
    const credits = values.credits === undefined ? 0 : wholeNumber(values.credits, '--credits');
    const created = await withOps(config, (ops) => ops.createAccount({ name, credits, imageStandardization }));
    return {
      json: { ...created },
      text: `Created account "${created.name}" (${created.id}) with ${created.credits} credits.\nAPI token, shown only this once:\n  ${created.token ?? ''}`,
    };
  }
  if (group === 'accounts' && action === 'credit') {
    const [name, amount] = rest;
    if (name === undefined) throw new UsageError('accounts credit needs <name> <amount>');
    const delta = wholeNumber(amount, 'amount');
    const account = await withOps(config, (ops) => ops.creditAccount(name, delta));
    return { json: { ...account }, text: `Account "${account.name}" now has ${account.credits} credits.` };
  }
  if (group === 'accounts' && action === 'set') {
    const [name] = rest;
    const setting = values['image-standardization'];
    const languagesArg = values['country-languages'];
    const creditsLow = values['credits-low'];
    const processing = values.processing;
    const usage = 'accounts set needs <name> and --image-standardization on|off, --country-languages be=fr,ch=it, --credits-low N|off or --processing interactive|batch';
    if (
      name === undefined ||
      (setting === undefined && languagesArg === undefined && creditsLow === undefined && processing === undefined) ||
      (setting !== undefined && setting !== 'on' && setting !== 'off') ||
      (processing !== undefined && processing !== 'interactive' && processing !== 'batch')
    )
      throw new UsageError(usage);
    const languages = languagesArg === undefined ? undefined : countryLanguagesArg(languagesArg);
    const threshold = creditsLow === undefined ? undefined : creditsLow === 'off' ? null : wholeNumber(creditsLow, 'credits-low');
    const said: string[] = [];
    let account = setting === undefined ? undefined : await withOps(config, (ops) => ops.setImageStandardization(name, setting === 'on'));
    if (setting !== undefined) said.push(`Image standardization is ${setting} for "${name}".`);
    if (languages !== undefined) {
      account = await withOps(config, (ops) => ops.setCountryLanguages(name, languages));
      const list = Object.entries(account.country_languages).map(([c, l]) => `${c}=${l}`);
      said.push(list.length === 0 ? `"${name}" writes every country in its default language.` : `"${name}" writes ${list.join(', ')}.`);
    }
    if (threshold !== undefined) {
      account = await withOps(config, (ops) => ops.setCreditsLowThreshold(name, threshold));
      said.push(`The credits.low webhook is ${threshold === null ? 'off' : `sent under ${threshold} credits`} for "${name}".`);
    }
    if (processing === 'interactive' || processing === 'batch') {
      account = await withOps(config, (ops) => ops.setDefaultProcessing(name, processing));
      said.push(
        `"${name}" sends the model calls of creates and regenerates that name no processing ${processing === 'batch' ? "through the provider's batch API" : 'interactively'}.`,
      );
    }
    return { json: { ...account }, text: said.join('\n') };
  }
  if (group === 'tokens' && action === 'list') {
    if (rest.length > 0) throw new UsageError('tokens list takes no arguments');
    const tokens = await withOps(config, (ops) => ops.listTokens());
    return { json: { tokens }, text: tokens.length === 0 ? 'No tokens.' : tokens.map(tokenLine).join('\n') };
  }
  if (group === 'tokens' && action === 'create') {
    const [name, ...extra] = rest;
    const admin = values.admin === true;
    if ((name === undefined && !admin) || extra.length > 0) throw new UsageError('tokens create needs <account>, or --admin [<account>]');
    const issued = await withOps(config, (ops) => ops.createToken({ account: name ?? null, admin }));
    return { json: { ...issued }, text: issuedText(issued) };
  }
  if (group === 'tokens' && action === 'revoke') {
    const [idOrToken] = rest;
    if (idOrToken === undefined) throw new UsageError('tokens revoke needs <token-id> or the whole token');
    const revoked = await withOps(config, (ops) => ops.revokeToken(idOrToken));
    return { json: { ...revoked }, text: `Token ${revoked.token_id} revoked.` };
  }
  if ((group === 'catalog' || group === 'catalogue') && action === 'import') {
    const [file] = rest;
    if (file === undefined || rest.length > 1) throw new UsageError('catalog import needs one <file>');
    const format = values.format;
    if (format !== undefined && !isInputFormat(format)) throw new UsageError('--format must be csv or jsonl');
    const language = values.language?.toLowerCase();
    if (language !== undefined && !/^[a-z]{2}$/.test(language)) throw new UsageError('--language must be a two-letter ISO 639-1 code, e.g. it');
    return withOperator(config, (operator) =>
      operator.kind === 'remote'
        ? operator.ops.importCatalogue(file, { ...(format === undefined ? {} : { format }), language: language ?? null }).then(importOutput)
        : withProgress(file, values.json === true, async (onProgress) => {
            const summary = await importCatalogue(operator.db, file, { format, language: language ?? null, onProgress, limits: config.catalogue.limits });
            await recordAdminAction(operator.db, catalogueImportEntry(summary, { actor: 'cli', requestId: null }));
            return summary;
          }),
    );
  }
  if (group === 'audit') {
    if (action !== undefined) throw new UsageError('audit takes no arguments but --limit and --before');
    const limit = values.limit === undefined ? 50 : wholeNumber(values.limit, '--limit');
    if (limit < 1 || limit > 200) throw new UsageError('--limit must be from 1 to 200');
    const before = values.before ?? null;
    if (before !== null && !/^[1-9]\d{0,17}$/.test(before)) throw new UsageError('--before must be an entry id (the next_before of a previous page)');
    const page = await withOps(config, (ops) => ops.listAudit({ before, limit }));
    const lines = page.entries.map((e) => `${e.id}\t${e.at}\t${e.actor}\t${e.action}\t${e.target}\t${JSON.stringify(e.details)}`);
    const more = page.next_before === null ? [] : [`(older: vetrina audit --before ${page.next_before})`];
    return { json: { ...page }, text: lines.length === 0 ? 'No changes recorded.' : [...lines, ...more].join('\n') };
  }
  if (group === 'sources' && action === 'aifa' && rest[0] === 'import') {
    const [, file, ...extra] = rest;
    if (file === undefined || extra.length > 0) throw new UsageError('sources aifa import needs one <file>');
    return withProgress(file, values.json === true, (onProgress) => withDatabase(config, (db) => importAifa(db, file, { onProgress, limits: config.catalogue.limits })));
  }
  throw new UsageError(`unknown command: ${positionals.join(' ')}`);
}

/** Files smaller than this import in a moment; a progress line would only flicker. */
const PROGRESS_MIN_BYTES = 1024 * 1024;
/** Errors listed in the text output (the JSON lists up to 100); the import record keeps more and `rows_failed` counts them all. */
const ERRORS_SHOWN_IN_TEXT = 10;

/** A progress line on stderr for large files: rewritten in place on a terminal, one line per update otherwise. */
function progressLine(file: string): { onProgress: (progress: ImportProgress) => void; end(): void } {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    onProgress(p) {
      if (p.bytesTotal < PROGRESS_MIN_BYTES) return;
      shown = true;
      const percent = Math.min(100, Math.floor((p.bytesRead / p.bytesTotal) * 100));
      const line = `importing ${file}: ${percent}% (${p.rowsRead} rows read, ${p.rowsImported} imported, ${p.rowsFailed} failed)`;
      process.stderr.write(tty ? `\r${line}` : `${line}\n`);
    },
    end() {
      if (shown && tty) process.stderr.write('\n');
    },
  };
}

/** Runs an import with a progress line unless the output is JSON. */
async function withProgress(file: string, json: boolean, work: (onProgress?: (p: ImportProgress) => void) => Promise<ImportSummary>): Promise<Output> {
  const progress = json ? undefined : progressLine(file);
  try {
    return importOutput(importSummaryView(await work(progress?.onProgress)));
  } finally {
    progress?.end();
  }
}

function importOutput(summary: ImportSummaryView): Output {
  const errorLine = (e: ImportSummaryView['errors'][number]) => (e.line === null ? e.reason : `line ${e.line}: ${e.reason}`);
  const shown = summary.errors.slice(0, ERRORS_SHOWN_IN_TEXT).map((e) => `  ${errorLine(e)}`);
  const more = summary.rows_failed - shown.length;
  const text = [
    `Imported ${summary.rows_imported} of ${summary.rows_read} rows from ${summary.file} into ${summary.source} (import ${summary.import_id}, ${summary.format}, ${summary.encoding}).`,
    ...(summary.rows_failed > 0 ? [`${summary.rows_failed} rows failed:`, ...shown, ...(more > 0 ? [`  … and ${more} more`] : [])] : []),
  ].join('\n');
  return { json: { ...summary }, text };
}

/** Exit codes: 0 done, 1 refused (bad state, busy data directory), 2 usage. */
export async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const json = argv.includes('--json');
  const fail = (code: number, message: string) => {
    if (json) process.stdout.write(`${JSON.stringify({ status: 'error', message })}\n`);
    else process.stderr.write(`vetrina: ${message}\n${code === 2 ? `\n${USAGE}\n` : ''}`);
    return code;
  };
  try {
    const output = await command(loadConfig(env), argv);
    if (output !== null) process.stdout.write(json ? `${JSON.stringify(output.json)}\n` : `${output.text}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
      return fail(2, err.message);
    }
    if (err instanceof InputStoppedError) {
      return fail(1, err.outcome());
    }
    if (err instanceof AccountError || err instanceof DataDirBusyError || err instanceof InputReadError || err instanceof InputFormatError) {
      return fail(1, err.message);
    }
    return fail(1, err instanceof Error ? err.message : String(err));
  }
}

if (import.meta.main) {
  const code = await main(process.argv.slice(2), process.env);
  // serve/worker keep running until a signal; every other command ends here.
  if (!['serve', 'worker'].includes(process.argv[2] ?? '') || code !== 0) process.exitCode = code;
}
