import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { Agent, buildConnector, request } from 'undici';
import { checkFetchUrl, isAllowedHost, literalHostMayConnect, mayConnectTo, parseAllowedHosts, portOf, type AllowedHost } from '../domain/address-policy.ts';
import { createBudget, type Budget } from './budget.ts';
import { FetchError, type FetchedResource, type GuardedFetcher } from './fetcher.ts';

export interface GuardedFetcherOptions {
  /** Default size limit; a call may lower or raise it. */
  maxBytes: number;
  connectTimeoutMs: number;
  /** For the whole fetch: every redirect and the body included. */
  timeoutMs: number;
  /**
   * Names or IP literals that may resolve to (or be) private addresses: tests and intranets.
   * Entries as in FETCH_ALLOWED_HOSTS: `host:port`, `[v6]:port`, or a host alone for ports 80 and 443.
   */
  allowedHosts?: readonly string[];
  /**
   * Bytes of response bodies held at once by everything this fetcher returned and has not been
   * released; further bodies wait. Unset: no limit.
   */
  memoryBudgetBytes?: number;
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

// A name that does not exist and a name that resolves to a private address get the same reason
// and message: telling them apart would let a caller map the internal DNS. The cause keeps the
// difference for the operator's log.
const NAME_UNUSABLE_CODES: ReadonlySet<string> = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);
function blockedMessage(host: string, where = ''): string {
  return `${host}${where} is not fetched: the name is unknown, or its address is private, local or reserved`;
}

/** Whether a request through a guarded agent failed because the address was refused (anywhere in the cause chain). */
export function isAddressBlocked(err: unknown): boolean {
  return causes(err).some((e) => e instanceof AddressBlockedError);
}

/** Resolves every address of a name and refuses the connection when any of them is blocked. */
function guardedLookup(resolve: LookupFunction, hostAllowed: boolean): LookupFunction {
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
      const refused = addresses.filter((a) => !mayConnectTo(a.address, hostAllowed));
      if (refused.length > 0) {
        callback(new AddressBlockedError(`${hostname} resolves to ${refused.map((a) => a.address).join(', ')}`), '');
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
  return guardedAgentFor(parseAllowedHosts(options.allowedHosts ?? []), options);
}

function guardedAgentFor(allowedHosts: readonly AllowedHost[], options: Pick<GuardedAgentOptions, 'connectTimeoutMs' | 'lookup'>): Agent {
  const resolve = options.lookup ?? dnsLookup;
  // The socket's lookup is told no port, so the connection picks the connector for its host and
  // port: one whose lookup lets private answers through, or one that allows public addresses only.
  const connectAllowed = buildConnector({ timeout: options.connectTimeoutMs, lookup: guardedLookup(resolve, true) });
  const connectPublicOnly = buildConnector({ timeout: options.connectTimeoutMs, lookup: guardedLookup(resolve, false) });
  const connect: buildConnector.connector = (target, callback) => {
    if (!literalHostMayConnect(target, allowedHosts)) {
      callback(new AddressBlockedError(`${target.hostname} port ${portOf(target)} is refused`), null);
      return;
    }
    (isAllowedHost(target.hostname, portOf(target), allowedHosts) ? connectAllowed : connectPublicOnly)(target, callback);
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

function noop(): void {}

/** The fetcher plus what its owner needs: closing the connection pool at shutdown, and its memory budget. */
export type ClosableGuardedFetcher = GuardedFetcher & { close(): Promise<void>; bodyBytes: Pick<Budget, 'total' | 'inUse' | 'waiting'> };

export function createGuardedFetcher(options: GuardedFetcherOptions): ClosableGuardedFetcher {
  const allowedHosts: readonly AllowedHost[] = parseAllowedHosts(options.allowedHosts ?? []);
  const agent = guardedAgentFor(allowedHosts, options);
  const maxRedirects = options.maxRedirects ?? 3;
  const budget = createBudget(options.memoryBudgetBytes ?? Number.POSITIVE_INFINITY);

  /** Turns whatever undici or the body stream threw into a FetchError about `url`. */
  function failure(err: unknown, url: URL, timeout: AbortSignal, callerSignal: AbortSignal | undefined): unknown {
    if (err instanceof FetchError) return err;
    // A caller that cancels gets its own reason back, as with fetch(): it is not a fetch failure.
    if (callerSignal?.aborted === true) return callerSignal.reason;
    const host = url.host;
    if (timeout.aborted) return new FetchError('timeout', url.href, `${host} took longer than ${options.timeoutMs} ms`, { transient: true, cause: err });
    const code = codeOf(err);
    if (isAddressBlocked(err) || (code !== undefined && NAME_UNUSABLE_CODES.has(code))) {
      return new FetchError('address_blocked', url.href, blockedMessage(host), { cause: err });
    }
    if (code !== undefined && TIMEOUT_CODES.has(code)) {
      return new FetchError('timeout', url.href, `${host} did not answer in time`, { transient: true, cause: err });
    }
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
    if (!literalHostMayConnect(check.url, allowedHosts)) {
      throw new FetchError('address_blocked', check.url.href, blockedMessage(check.url.host, where));
    }
    return check.url;
  }

  /**
   * Reads the body into one buffer: exactly the announced length, or the limit when none was
   * announced (pages are only committed as they are written). No list of chunks copied again at
   * the end, so a body costs its own size once.
   */
  async function readInto(body: Readable, url: URL, maxBytes: number, declared: number | null): Promise<Uint8Array> {
    const capacity = declared ?? maxBytes;
    const buffer = Buffer.allocUnsafeSlow(capacity);
    let at = 0;
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      if (at + chunk.byteLength > capacity) {
        body.destroy();
        if (at + chunk.byteLength > maxBytes) throw new FetchError('too_large', url.href, `${url.host} sent more than ${maxBytes} bytes`);
        throw new FetchError('network_error', url.href, `${url.host} sent more bytes than it announced`);
      }
      buffer.set(chunk, at);
      at += chunk.byteLength;
    }
    if (at === capacity) return buffer;
    // A view of the first bytes would keep the whole allocation alive while the budget counts only
    // what arrived: a body shorter than its room (no Content-Length) is copied out once, exactly.
    const exact = Buffer.allocUnsafeSlow(at);
    buffer.copy(exact, 0, 0, at);
    return exact;
  }

  async function fetchGuarded(input: string, call: Parameters<GuardedFetcher['fetch']>[1] = {}): Promise<FetchedResource> {
    const maxBytes = call.maxBytes ?? options.maxBytes;
    const first = checked(input, null);
    // Bodies held at once are bounded: a fetch first reserves the most its body may take, then
    // keeps only what arrived. It waits before connecting, so no server is kept waiting, and
    // outside its time limit, which is for the remote side: a queue for memory is not a slow host.
    const lease = await budget.acquire(maxBytes, call.signal);
    try {
      const got = await fetchWithin(first, call, maxBytes);
      lease.shrinkTo(got.bytes.byteLength);
      return { ...got, release: lease.release };
    } catch (err) {
      lease.release();
      throw err;
    }
  }

  async function fetchWithin(first: URL, call: Parameters<GuardedFetcher['fetch']>[1] = {}, maxBytes: number): Promise<Omit<FetchedResource, 'release'>> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = call.signal === undefined ? timeout : AbortSignal.any([call.signal, timeout]);
    let url = first;
    for (let redirects = 0; ; redirects++) {
      let body: Readable | undefined;
      try {
        const response = await request(url, {
          method: 'GET',
          dispatcher: agent,
          signal,
          headers: { 'user-agent': options.userAgent, accept: call.expect === 'image' ? 'image/*,*/*;q=0.8' : '*/*' },
        });
        const { statusCode, headers } = response;
        body = response.body;
        // Destroying a body that already arrived in full emits an error; with no listener, Node would exit.
        body.on('error', noop);
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
        const lengthHeader = headerValue(headers['content-length']);
        const declaredLength = lengthHeader !== null && /^\d+$/.test(lengthHeader.trim()) ? Number(lengthHeader) : null;
        if (declaredLength !== null && declaredLength > maxBytes) {
          throw new FetchError('too_large', url.href, `${url.host} announced ${declaredLength} bytes, more than the limit of ${maxBytes}`);
        }
        const bytes = await readInto(body, url, maxBytes, declaredLength);
        const declaredType = headerValue(headers['content-type']);
        const detected = (await fileTypeFromBuffer(bytes)) ?? null;
        const found = detected === null ? null : { mime: detected.mime, ext: detected.ext };
        if (call.expect === 'image' && (found === null || !found.mime.startsWith('image/'))) {
          const what = found === null ? 'unrecognised bytes' : found.mime;
          throw new FetchError('unexpected_type', url.href, `${url.host} sent ${what}, not an image (declared ${declaredType?.slice(0, 100) ?? 'no type'})`);
        }
        return { url: url.href, bytes, detected: found, declaredType };
      } catch (err) {
        // Frees the connection of a body not read to its end; harmless on one that was.
        body?.destroy();
        throw failure(err, url, timeout, call.signal);
      }
    }
  }

  return {
    fetch: fetchGuarded,
    close: () => agent.close(),
    bodyBytes: budget,
  };
}
