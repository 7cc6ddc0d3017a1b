import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { findAccountByName, setImageStandardization } from '../db/accounts.ts';
import { DataDirBusyError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/open.ts';
import { revokeToken } from '../db/tokens.ts';
import { run } from '../main.ts';
import { AccountError, adjustCredits, createAccount } from '../services/accounts.ts';
import { issueToken } from '../services/tokens.ts';
import { importAifa } from '../sources/aifa/import-aifa.ts';
import { importCatalogue } from '../sources/catalogue/import-catalogue.ts';
import type { ImportProgress, ImportSummary } from '../sources/catalogue/import-file.ts';
import { InputFormatError, isInputFormat } from '../sources/catalogue/input-format.ts';
import { InputReadError } from '../sources/catalogue/open-input.ts';

const USAGE = `Usage: vetrina <command> [options]

  serve [--no-worker]                         API (and workers, unless --no-worker)
  worker                                      workers only (needs DATABASE_URL to run beside a server)
  accounts create --name N [--credits C] [--image-standardization]
  accounts credit <name> <amount>             add credits (a negative amount removes them)
  accounts set <name> --image-standardization on|off
  tokens create <account>                     a new API token, shown once
  tokens revoke <token-id>
  catalog import <file> [--format csv|jsonl] [--language xx]
                                              your product feed (CSV with a header row, or JSON Lines)
                                              into the local catalogue, keyed by each row's code
  sources aifa import <file>                  AIFA's medicines list (confezioni.csv) into the local catalogue

  --json   print one JSON object instead of text
Environment: DATABASE_URL (PostgreSQL server) or DATA_DIR (embedded, default ./data), PORT, HOST.`;

class UsageError extends Error {
  override name = 'UsageError';
}

type Output = { json: Record<string, unknown>; text: string };

function accountJson(a: { id: string; name: string; credits: number; image_standardization: boolean }, token?: { token: string; tokenId: string }) {
  return {
    id: a.id,
    name: a.name,
    credits: a.credits,
    image_standardization: a.image_standardization,
    ...(token ? { token: token.token, token_id: token.tokenId } : {}),
  };
}

function wholeNumber(text: string | undefined, what: string): number {
  if (text === undefined || !/^-?\d+$/.test(text)) throw new UsageError(`${what} must be a whole number`);
  return Number.parseInt(text, 10);
}

async function withDatabase<T>(config: Config, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const opened = await openDatabase(config, 'cli');
  try {
    return await work(opened.db);
  } finally {
    await opened.close();
  }
}

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

async function command(config: Config, args: string[]): Promise<Output | null> {
  const { values, positionals } = parseArgs({
    args: preprocess(args),
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      credits: { type: 'string' },
      'image-standardization': { type: 'string' },
      'no-worker': { type: 'boolean' },
      format: { type: 'string' },
      language: { type: 'string' },
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

  if (group === 'accounts' && action === 'create') {
    const name = values.name ?? rest[0];
    if (name === undefined) throw new UsageError('accounts create needs --name');
    const imageStandardization = values['image-standardization'] === 'on' || values['image-standardization'] === 'true';
    const credits = values.credits === undefined ? 0 : wholeNumber(values.credits, '--credits');
    const created = await withDatabase(config, (db) => createAccount(db, { name, credits, imageStandardization }));
    return {
      json: accountJson(created.account, created),
      text: `Created account "${created.account.name}" (${created.account.id}) with ${created.account.credits} credits.\nAPI token, shown only this once:\n  ${created.token}`,
    };
  }
  if (group === 'accounts' && action === 'credit') {
    const [name, amount] = rest;
    if (name === undefined) throw new UsageError('accounts credit needs <name> <amount>');
    const delta = wholeNumber(amount, 'amount');
    const account = await withDatabase(config, (db) => adjustCredits(db, name, delta));
    return { json: accountJson(account), text: `Account "${account.name}" now has ${account.credits} credits.` };
  }
  if (group === 'accounts' && action === 'set') {
    const [name] = rest;
    const setting = values['image-standardization'];
    if (name === undefined || (setting !== 'on' && setting !== 'off')) {
      throw new UsageError('accounts set needs <name> --image-standardization on|off');
    }
    const account = await withDatabase(config, async (db) => {
      const found = await findAccountByName(db, name);
      if (found === undefined) throw new AccountError(`no account named "${name}"`);
      const updated = await setImageStandardization(db, found.id, setting === 'on');
      if (updated === undefined) throw new AccountError(`no account named "${name}"`);
      return updated;
    });
    return { json: accountJson(account), text: `Image standardization is ${setting} for "${account.name}".` };
  }
  if (group === 'tokens' && action === 'create') {
    const [name] = rest;
    if (name === undefined) throw new UsageError('tokens create needs <account>');
    const result = await withDatabase(config, async (db) => {
      const account = await findAccountByName(db, name);
      if (account === undefined) throw new AccountError(`no account named "${name}"`);
      return { account, issued: await issueToken(db, account.id) };
    });
    return {
      json: accountJson(result.account, { token: result.issued.token, tokenId: result.issued.id }),
      text: `New token ${result.issued.id} for "${result.account.name}", shown only this once:\n  ${result.issued.token}`,
    };
  }
  if (group === 'tokens' && action === 'revoke') {
    const [tokenId] = rest;
    if (tokenId === undefined) throw new UsageError('tokens revoke needs <token-id>');
    const revoked = await withDatabase(config, (db) => revokeToken(db, tokenId));
    if (!revoked) throw new AccountError(`no active token with id "${tokenId}"`);
    return { json: { token_id: tokenId, revoked: true }, text: `Token ${tokenId} revoked.` };
  }
  if ((group === 'catalog' || group === 'catalogue') && action === 'import') {
    const [file] = rest;
    if (file === undefined || rest.length > 1) throw new UsageError('catalog import needs one <file>');
    const format = values.format;
    if (format !== undefined && !isInputFormat(format)) throw new UsageError('--format must be csv or jsonl');
    const language = values.language?.toLowerCase();
    if (language !== undefined && !/^[a-z]{2}$/.test(language)) throw new UsageError('--language must be a two-letter ISO 639-1 code, e.g. it');
    return withProgress(file, values.json === true, (onProgress) => withDatabase(config, (db) => importCatalogue(db, file, { format, language: language ?? null, onProgress })));
  }
  if (group === 'sources' && action === 'aifa' && rest[0] === 'import') {
    const [, file, ...extra] = rest;
    if (file === undefined || extra.length > 0) throw new UsageError('sources aifa import needs one <file>');
    return withProgress(file, values.json === true, (onProgress) => withDatabase(config, (db) => importAifa(db, file, { onProgress })));
  }
  throw new UsageError(`unknown command: ${positionals.join(' ')}`);
}

/** Files smaller than this import in a moment; a progress line would only flicker. */
const PROGRESS_MIN_BYTES = 1024 * 1024;
/** Errors listed in the output; the import record keeps more and `rows_failed` counts them all. */
const ERRORS_SHOWN = { json: 100, text: 10 };

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
    return importOutput(await work(progress?.onProgress));
  } finally {
    progress?.end();
  }
}

function importOutput(summary: ImportSummary): Output {
  const errorLine = (e: ImportSummary['errors'][number]) => (e.line === null ? e.reason : `line ${e.line}: ${e.reason}`);
  const shown = summary.errors.slice(0, ERRORS_SHOWN.text).map((e) => `  ${errorLine(e)}`);
  const more = summary.rowsFailed - shown.length;
  const text = [
    `Imported ${summary.rowsImported} of ${summary.rowsRead} rows from ${summary.fileName} into ${summary.source} (import ${summary.importId}, ${summary.format}, ${summary.encoding}).`,
    ...(summary.rowsFailed > 0 ? [`${summary.rowsFailed} rows failed:`, ...shown, ...(more > 0 ? [`  … and ${more} more`] : [])] : []),
  ].join('\n');
  return {
    json: {
      import_id: summary.importId,
      source: summary.source,
      file: summary.fileName,
      format: summary.format,
      encoding: summary.encoding,
      rows_read: summary.rowsRead,
      rows_imported: summary.rowsImported,
      rows_failed: summary.rowsFailed,
      errors: summary.errors.slice(0, ERRORS_SHOWN.json),
    },
    text,
  };
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
