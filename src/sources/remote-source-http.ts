import { isAddressBlocked } from '../media/guarded-fetch.ts';
import { SourceUnavailableError } from './source.ts';
import { WaitTooLongError, type RateLimiter } from './rate-limiter.ts';

// One GET of a remote source's JSON API, shared by the Open Food Facts and Icecat clients.
// The base URL is operator configuration, but the hosts it redirects to are the source's choice:
// in production `fetch` goes through a guarded dispatcher (guarded-source-fetch.ts) that checks
// the address of every connection, each redirect hop included. Here: only http(s) redirects are
// followed, and time, hops, size and 429 waits are bounded.

/** The part of the Fetch API this client uses: the global fetch and undici's both fit. */
export type RemoteFetch = (url: URL, init: { method: 'GET'; redirect: 'manual'; signal: AbortSignal; headers: Record<string, string> }) => Promise<RemoteResponse>;

export interface RemoteResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: (AsyncIterable<Uint8Array> & { cancel(reason?: unknown): Promise<void> }) | null;
}

export interface RemoteJsonOptions {
  source: string;
  userAgent: string;
  timeoutMs: number;
  limiter: RateLimiter;
  fetch: RemoteFetch;
  /** Redirects followed at most (Open Food Facts sends one to a sister site). */
  maxRedirects: number;
  /** Bodies above this are refused: a product record is tens of kilobytes. */
  maxBytes: number;
  /**
   * A 429 whose pause is at most this long is waited out inside the lookup and the request sent
   * again (twice at most); a longer pause fails the lookup at once, for the queue to retry later.
   */
  maxRateLimitWaitSeconds: number;
}

/** What every remote source's factory takes: how to reach it and how politely. */
export interface RemoteSourceOptions {
  userAgent: string;
  timeoutMs: number;
  limiter: RateLimiter;
  /** The guarded fetch (guarded-source-fetch.ts) in production; no default, so none is unguarded by mistake. */
  fetch: RemoteFetch;
  now?: () => Date;
  /** Longest 429 pause waited out inside a lookup (default 60 s). */
  maxRateLimitWaitSeconds?: number;
  maxBytes?: number;
}

/** A source's request options: the caller's settings over the source's own defaults. */
export function remoteJsonOptions(
  source: string,
  options: RemoteSourceOptions & { maxRedirects?: number },
  defaults: { maxRedirects: number; maxBytes: number },
): RemoteJsonOptions {
  return {
    source,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    limiter: options.limiter,
    fetch: options.fetch,
    maxRedirects: options.maxRedirects ?? defaults.maxRedirects,
    maxBytes: options.maxBytes ?? defaults.maxBytes,
    maxRateLimitWaitSeconds: options.maxRateLimitWaitSeconds ?? DEFAULT_RATE_LIMIT_WAIT_SECONDS,
  };
}

export interface RemoteJsonAnswer {
  status: number;
  /** The URL that finally answered, after redirects. */
  url: string;
  /** The parsed body. */
  body: unknown;
}

/** The longest 429 pause waited out inside a lookup, unless a source is told otherwise. */
export const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 60;
/** A 429 without a Retry-After pauses one window of the limiter: the source said "too many". */
const PAUSE_WITHOUT_RETRY_AFTER_SECONDS = 60;
/** Requests sent again after a short 429; the next 429 fails the lookup. */
const RATE_LIMIT_RETRIES = 2;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `url` and parses the JSON answer, whatever its status, so each source reads its own
 * "not found" shape. Throws SourceUnavailableError for what a later try may fix: network errors,
 * timeouts, a refused address, 429 (once its pause is too long or it repeats), 5xx, and bodies
 * that are not JSON; network errors, timeouts and 5xx are marked `unreachable` (circuit-breaker.ts).
 * The caller's abort rejects with the caller's reason, also while waiting.
 */
export async function getRemoteJson(url: URL, options: RemoteJsonOptions, signal?: AbortSignal): Promise<RemoteJsonAnswer> {
  let current = url;
  /** The URL that redirected to `current`, for messages. */
  let from: URL | null = null;
  let redirects = 0;
  let rateLimited = 0;
  for (;;) {
    const { response, timeout } = await getOnce(current, from, options, signal);
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel();
      if (redirects >= options.maxRedirects) {
        throw new SourceUnavailableError(options.source, `more than ${options.maxRedirects} redirects from ${url.origin}`);
      }
      redirects++;
      from = current;
      current = redirectTarget(current, response.headers.get('location'), options.source);
      continue;
    }
    if (response.status === 429) {
      await response.body?.cancel();
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      const pauseSeconds = retryAfterSeconds ?? PAUSE_WITHOUT_RETRY_AFTER_SECONDS;
      // The pause holds back every request to this source, this lookup's next one included.
      options.limiter.pauseFor(pauseSeconds);
      rateLimited++;
      // A short pause is cheaper to wait out here than a queue retry, whose backoff may end
      // before the pause does and so write the product without this source.
      if (pauseSeconds <= options.maxRateLimitWaitSeconds && rateLimited <= RATE_LIMIT_RETRIES) continue;
      const times = rateLimited > 1 ? ` ${rateLimited} times in a row` : '';
      throw new SourceUnavailableError(options.source, `${current.host} answered 429 Too Many Requests${times}`, { retryAfterSeconds });
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new SourceUnavailableError(options.source, `${current.host} answered ${response.status}`, {
        retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
        unreachable: true,
      });
    }
    const text = await readCapped(response, current, from, options, signal, timeout);
    return { status: response.status, url: current.href, body: parseJson(text, current, response.status, options.source) };
  }
}

/** One request; its timeout keeps running while the caller reads the body, so it bounds the whole exchange. */
async function getOnce(url: URL, from: URL | null, options: RemoteJsonOptions, signal: AbortSignal | undefined): Promise<{ response: RemoteResponse; timeout: AbortSignal }> {
  // A long pause from an earlier 429 fails fast, also for a caller already waiting when it began:
  // the generation is retried later instead of holding a worker slot. A short one is waited out in the limiter.
  try {
    await options.limiter.acquire(signal, 0, { maxWaitMs: options.maxRateLimitWaitSeconds * 1000 });
  } catch (error) {
    if (!(error instanceof WaitTooLongError)) throw error;
    throw new SourceUnavailableError(options.source, `paused after a 429 from ${url.host}`, {
      retryAfterSeconds: Math.ceil(error.waitMs / 1000),
    });
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
  try {
    const response = await options.fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal: combined,
      headers: { 'user-agent': options.userAgent, accept: 'application/json' },
    });
    return { response, timeout };
  } catch (error) {
    throw unavailable(error, url, from, options, signal, timeout);
  }
}

async function readCapped(
  response: RemoteResponse,
  url: URL,
  from: URL | null,
  options: RemoteJsonOptions,
  signal: AbortSignal | undefined,
  timeout: AbortSignal,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel();
    throw new SourceUnavailableError(options.source, `answer of ${declared} bytes is over the ${options.maxBytes}-byte limit`);
  }
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > options.maxBytes) {
        throw new SourceUnavailableError(options.source, `answer is over the ${options.maxBytes}-byte limit`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SourceUnavailableError) throw error;
    throw unavailable(error, url, from, options, signal, timeout);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string, url: URL, status: number, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // Not "unknown product": a cut-off body or a proxy's HTML error page says nothing about the
    // product, and a null here would be cached as "not found" for a day.
    throw new SourceUnavailableError(source, `${url.host} answered ${status} with a body that is not JSON`, { cause: error });
  }
}

function redirectTarget(from: URL, location: string | null, source: string): URL {
  if (location === null || location.trim() === '') {
    throw new SourceUnavailableError(source, `${from.host} redirected without a Location`);
  }
  let target: URL;
  try {
    target = new URL(location, from);
  } catch (error) {
    throw new SourceUnavailableError(source, `${from.host} redirected to an unparseable Location`, { cause: error });
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new SourceUnavailableError(source, `${from.host} redirected to a ${target.protocol} URL; only http(s) is followed`);
  }
  return target;
}

function unavailable(error: unknown, url: URL, from: URL | null, options: RemoteJsonOptions, callerSignal: AbortSignal | undefined, timeout: AbortSignal): unknown {
  // The caller's own cancellation is not the source's fault: pass it on unchanged.
  if (callerSignal?.aborted) return callerSignal.reason;
  if (isAddressBlocked(error)) {
    // Unavailable, not "unknown product": a null would be cached and hide a hijacked upstream.
    const where = from === null ? '' : ` (redirected from ${from.host})`;
    return new SourceUnavailableError(
      options.source,
      `refused to connect to ${url.host}${where}: it is a private, local or reserved address, and only the configured source hosts and FETCH_ALLOWED_HOSTS may be`,
      { cause: error },
    );
  }
  if (timeout.aborted) {
    return new SourceUnavailableError(options.source, `${url.host} did not answer within ${options.timeoutMs} ms`, { unreachable: true, cause: error });
  }
  return new SourceUnavailableError(options.source, `could not reach ${url.host}: ${describe(error)}`, { unreachable: true, cause: error });
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** Retry-After as seconds: either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // Every HTTP date form starts with the day's name; Date.parse alone would take "-5" as a year.
  if (!/^[A-Za-z]{3}/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
