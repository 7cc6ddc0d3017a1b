import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { Agent, buildConnector, request } from 'undici';
import { checkFetchUrl, hostAddress, mayConnect } from './address-policy.ts';
import { FetchError, type FetchedResource, type GuardedFetcher } from './fetcher.ts';

export interface GuardedFetcherOptions {
  /** Default size limit; a call may lower or raise it. */
  maxBytes: number;
  connectTimeoutMs: number;
  /** For the whole fetch: every redirect and the body included. */
  timeoutMs: number;
  /** Names or IP literals that may resolve to (or be) private addresses: tests and intranets. */
  allowedHosts?: readonly string[];
  userAgent: string;
  maxRedirects?: number;
  /** Same contract as `dns.lookup`; tests map names to loopback without DNS. */
  lookup?: LookupFunction;
}

/** What the dispatcher uses; the fetcher's other options are accepted, so one object serves both. */
export type GuardedAgentOptions = Pick<GuardedFetcherOptions, 'connectTimeoutMs' | 'allowedHosts' | 'lookup'> & Partial<GuardedFetcherOptions>;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
// A name that does not exist, or a peer whose certificate fails, will not be fixed by a retry in a few seconds.
const PERMANENT_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ENOTFOUND',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
const TIMEOUT_CODES: ReadonlySet<string> = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/** Raised inside the connector, so that it can be told apart from other connect failures. */
class AddressBlockedError extends Error {
  override name = 'AddressBlockedError';
}

/** Whether a request through a guarded agent failed because the address was refused (anywhere in the cause chain). */
export function isAddressBlocked(err: unknown): boolean {
  return causes(err).some((e) => e instanceof AddressBlockedError);
}

/** Resolves every address of a name and refuses the connection when any of them is blocked. */
function guardedLookup(resolve: LookupFunction, allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, found, family) => {
      if (err) {
        callback(err, '');
        return;
      }
      const addresses: LookupAddress[] = typeof found === 'string' ? [{ address: found, family: family ?? 0 }] : found;
      const first = addresses[0];
      if (first === undefined) {
        callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
        return;
      }
      // Any blocked answer refuses the name: with several answers the socket may pick any of them.
      if (!addresses.every((a) => mayConnect(a.address, hostname, allowedHosts))) {
        callback(new AddressBlockedError(hostname), '');
        return;
      }
      if (options.all === true) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * An undici dispatcher that checks the address it actually connects to. Names are checked in the
 * socket's own lookup, so what is checked is what is connected to (no DNS rebinding between the
 * two); IP literals skip any lookup, so they are checked here before a socket exists.
 */
export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  const allowedHosts = options.allowedHosts ?? [];
  const connectOpenly = buildConnector({
    timeout: options.connectTimeoutMs,
    lookup: guardedLookup(options.lookup ?? dnsLookup, allowedHosts),
  });
  const connect: buildConnector.connector = (target, callback) => {
    const literal = hostAddress(target.hostname);
    if (literal !== null && !mayConnect(literal, target.hostname, allowedHosts)) {
      callback(new AddressBlockedError(target.hostname), null);
      return;
    }
    connectOpenly(target, callback);
  };
  return new Agent({ connect });
}

function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e !== undefined && e !== null && chain.length < 8; e = e instanceof Error ? e.cause : undefined) chain.push(e);
  return chain;
}

function codeOf(err: unknown): string | undefined {
  for (const e of causes(err)) {
    if (e instanceof Error && 'code' in e && typeof e.code === 'string') return e.code;
  }
  return undefined;
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Lets the connection go back to the pool without reading a body nobody wants. */
async function discard(body: Readable & { dump?: () => Promise<void> }): Promise<void> {
  try {
    if (body.dump) await body.dump();
    else body.destroy();
  } catch {
    // The response is being dropped; a failure to drain it only costs the connection.
  }
}

/** The fetcher plus what its owner needs: closing the connection pool at shutdown. */
export type ClosableGuardedFetcher = GuardedFetcher & { close(): Promise<void> };

export function createGuardedFetcher(options: GuardedFetcherOptions): ClosableGuardedFetcher {
  const agent = createGuardedAgent(options);
  const allowedHosts = options.allowedHosts ?? [];
  const maxRedirects = options.maxRedirects ?? 3;

  /** Turns whatever undici or the body stream threw into a FetchError about `url`. */
  function failure(err: unknown, url: URL, timeout: AbortSignal, callerSignal: AbortSignal | undefined): unknown {
    if (err instanceof FetchError) return err;
    // A caller that cancels gets its own reason back, as with fetch(): it is not a fetch failure.
    if (callerSignal?.aborted === true) return callerSignal.reason;
    const host = url.host;
    if (timeout.aborted) return new FetchError('timeout', url.href, `${host} took longer than ${options.timeoutMs} ms`, { transient: true, cause: err });
    if (isAddressBlocked(err)) {
      return new FetchError('address_blocked', url.href, `${host} is not fetched: it resolves to a private, local or reserved address`, { cause: err });
    }
    const code = codeOf(err);
    if (code !== undefined && TIMEOUT_CODES.has(code)) {
      return new FetchError('timeout', url.href, `${host} did not answer in time`, { transient: true, cause: err });
    }
    if (code === 'ENOTFOUND') return new FetchError('network_error', url.href, `${host} was not found`, { cause: err });
    return new FetchError('network_error', url.href, `${host} could not be reached`, {
      transient: code === undefined || !PERMANENT_NETWORK_CODES.has(code),
      cause: err,
    });
  }

  /** Checks a URL (the first or a redirect target) before anything is sent to it. */
  function checked(input: string, from: URL | null): URL {
    const check = checkFetchUrl(from === null ? input : (URL.parse(input, from.href)?.href ?? input));
    const where = from === null ? '' : ` (redirected from ${from.host})`;
    if (!check.ok) {
      // Neither the message nor the error's url repeats credentials that a URL carried.
      const parsed = URL.parse(input, from?.href);
      const what = parsed === null || parsed.host === '' ? 'the URL' : `from ${parsed.host}`;
      if (parsed !== null) {
        parsed.username = '';
        parsed.password = '';
      }
      throw new FetchError('url_invalid', parsed?.href ?? input, `cannot fetch ${what}${where}: ${check.problem}`);
    }
    const literal = hostAddress(check.url.hostname);
    if (literal !== null && !mayConnect(literal, check.url.hostname, allowedHosts)) {
      throw new FetchError('address_blocked', check.url.href, `${check.url.host}${where} is not fetched: it is a private, local or reserved address`);
    }
    return check.url;
  }

  async function readLimited(body: Readable, url: URL, maxBytes: number): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        body.destroy();
        throw new FetchError('too_large', url.href, `${url.host} sent more than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return bytes;
  }

  async function fetchGuarded(input: string, call: Parameters<GuardedFetcher['fetch']>[1] = {}): Promise<FetchedResource> {
    const maxBytes = call.maxBytes ?? options.maxBytes;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = call.signal === undefined ? timeout : AbortSignal.any([call.signal, timeout]);
    let url = checked(input, null);
    for (let redirects = 0; ; redirects++) {
      try {
        const response = await request(url, {
          method: 'GET',
          dispatcher: agent,
          signal,
          headers: { 'user-agent': options.userAgent, accept: call.expect === 'image' ? 'image/*,*/*;q=0.8' : '*/*' },
        });
        const { statusCode, headers, body } = response;
        const location = headerValue(headers.location);
        if (REDIRECT_STATUSES.has(statusCode) && location !== null) {
          await discard(body);
          if (redirects >= maxRedirects) {
            throw new FetchError('too_many_redirects', url.href, `${url.host} redirected more than ${maxRedirects} times`);
          }
          url = checked(location, url);
          continue;
        }
        if (statusCode < 200 || statusCode > 299) {
          await discard(body);
          const transient = statusCode >= 500 || statusCode === 429 || statusCode === 408;
          throw new FetchError('http_error', url.href, `${url.host} answered ${statusCode}`, { transient });
        }
        const declaredLength = Number(headerValue(headers['content-length']) ?? Number.NaN);
        if (declaredLength > maxBytes) {
          body.destroy();
          throw new FetchError('too_large', url.href, `${url.host} announced ${declaredLength} bytes, more than the limit of ${maxBytes}`);
        }
        const bytes = await readLimited(body, url, maxBytes);
        const declaredType = headerValue(headers['content-type']);
        const detected = (await fileTypeFromBuffer(bytes)) ?? null;
        const found = detected === null ? null : { mime: detected.mime, ext: detected.ext };
        if (call.expect === 'image' && (found === null || !found.mime.startsWith('image/'))) {
          const what = found === null ? 'unrecognised bytes' : found.mime;
          throw new FetchError('unexpected_type', url.href, `${url.host} sent ${what}, not an image (declared ${declaredType?.slice(0, 100) ?? 'no type'})`);
        }
        return { url: url.href, bytes, detected: found, declaredType };
      } catch (err) {
        throw failure(err, url, timeout, call.signal);
      }
    }
  }

  return {
    fetch: fetchGuarded,
    close: () => agent.close(),
  };
}
