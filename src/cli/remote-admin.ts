import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { AdminEndpoint } from '../db/admin-endpoint-file.ts';
import { AccountError } from '../services/accounts.ts';
import type { AdminOperations } from '../services/admin-operations.ts';
import type { ImportSummaryView } from '../services/admin-views.ts';
import { tokenIdOf } from '../services/tokens.ts';
import { chooseFormat, type InputFormat } from '../sources/catalogue/input-format.ts';
import { InputReadError } from '../sources/catalogue/open-input.ts';

/** The running server's answer was a refusal: its message, as the CLI would have said it locally. */
function refusal(status: number, body: unknown): AccountError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const errors = typeof record.errors === 'object' && record.errors !== null ? Object.entries(record.errors as Record<string, unknown>) : [];
  const message = typeof record.message === 'string' ? record.message : `the server answered ${status}`;
  const detail =
    message === 'The request is not valid.' && errors.length > 0
      ? errors.map(([field, list]) => `${field}: ${Array.isArray(list) ? list.join(' ') : String(list)}`).join('; ')
      : message;
  return new AccountError(detail);
}

/** The admin API of the server holding the data directory, as the CLI's operations. */
export function remoteAdminOperations(
  endpoint: AdminEndpoint,
): AdminOperations & { importCatalogue(file: string, options: { format?: InputFormat; language: string | null }): Promise<ImportSummaryView> } {
  const call = async <T>(method: string, path: string, init: { body?: unknown; raw?: { stream: ReadableStream; type: string } } = {}): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${endpoint.url}/api/v1/admin${path}`, {
        method,
        headers: {
          authorization: `Bearer ${endpoint.token}`,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.raw !== undefined ? { 'content-type': init.raw.type } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        ...(init.raw !== undefined ? { body: init.raw.stream, duplex: 'half' } : {}),
      } as RequestInit);
    } catch (err) {
      throw new AccountError(
        `the data directory is held by a running Vetrina server (pid ${endpoint.pid}), which did not answer at ${endpoint.url}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw refusal(response.status, body);
    return (body as { data: T }).data;
  };
  const name = encodeURIComponent;
  return {
    listAccounts: () => call('GET', '/accounts'),
    createAccount: (input) => call('POST', '/accounts', { body: { name: input.name, credits: input.credits, image_standardization: input.imageStandardization } }),
    creditAccount: (account, amount) => call('POST', `/accounts/${name(account)}/credits`, { body: { amount } }),
    setImageStandardization: (account, on) => call('PATCH', `/accounts/${name(account)}`, { body: { image_standardization: on } }),
    setCountryLanguages: (account, languages) => call('PATCH', `/accounts/${name(account)}`, { body: { country_languages: languages } }),
    setCreditsLowThreshold: (account, threshold) => call('PATCH', `/accounts/${name(account)}`, { body: { credits_low_threshold: threshold } }),
    setDefaultProcessing: (account, processing) => call('PATCH', `/accounts/${name(account)}`, { body: { default_processing: processing } }),
    listTokens: () => call('GET', '/tokens'),
    createToken: (input) => call('POST', '/tokens', { body: { ...(input.account === null ? {} : { account: input.account }), admin: input.admin } }),
    // Only the id travels: a whole token in a URL would land in request logs.
    revokeToken: (idOrToken) => call('DELETE', `/tokens/${name(tokenIdOf(idOrToken) ?? idOrToken)}`),
    listAudit: (page) => call('GET', `/audit?${new URLSearchParams({ limit: String(page.limit), ...(page.before === null ? {} : { before: page.before }) }).toString()}`),
    async importCatalogue(file, options) {
      // The same refusals as a local import, before anything is sent.
      chooseFormat(basename(file), options.format);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        throw new InputReadError(`cannot read "${file}": ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      const query = new URLSearchParams({ file_name: basename(file) });
      if (options.format !== undefined) query.set('format', options.format);
      if (options.language !== null) query.set('language', options.language);
      const stream = Readable.toWeb(handle.createReadStream()) as ReadableStream;
      return call('POST', `/catalogue/imports?${query.toString()}`, { raw: { stream, type: 'application/octet-stream' } });
    },
  };
}
