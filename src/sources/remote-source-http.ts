import { SourceUnavailableError } from './source.ts';
import type { RateLimiter } from './rate-limiter.ts';

// One GET of a remote source's JSON API, shared by the Open Food Facts and Icecat clients.
// The base URL is operator configuration, not user input, so this does not go through the guarded
// fetcher; it still never follows a redirect off http(s), and it bounds time, hops and size.

export interface RemoteJsonOptions {
  source: string;
  userAgent: string;
  timeoutMs: number;
  limiter: RateLimiter;
  fetch: typeof globalThis.fetch;
  /** Redirects followed at most (Open Food Facts sends one to a sister site). */
  maxRedirects: number;
  /** Bodies above this are refused: a product record is tens of kilobytes. */
  maxBytes: number;
}

export interface RemoteJsonAnswer {
  status: number;
  /** The URL that finally answered, after redirects. */
  url: string;
  /** The parsed body. */
  body: unknown;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `url` and parses the JSON answer, whatever its status, so each source reads its own
 * "not found" shape. Throws SourceUnavailableError for what a later try may fix: network errors,
 * timeouts, 429 (after pausing the limiter), 5xx, and bodies that are not JSON.
 */
export async function getRemoteJson(url: URL, options: RemoteJsonOptions, signal?: AbortSignal): Promise<RemoteJsonAnswer> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const { response, timeout } = await getOnce(current, options, signal);
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel();
      if (hop >= options.maxRedirects) {
        throw new SourceUnavailableError(options.source, `more than ${options.maxRedirects} redirects from ${url.origin}`);
      }
      current = redirectTarget(current, response.headers.get('location'), options.source);
      continue;
    }
    if (response.status === 429) {
      await response.body?.cancel();
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      // Without a Retry-After the pause is one window of the limiter: the source said "too many".
      options.limiter.pauseFor(retryAfterSeconds ?? 60);
      throw new SourceUnavailableError(options.source, `${current.host} answered 429 Too Many Requests`, { retryAfterSeconds });
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new SourceUnavailableError(options.source, `${current.host} answered ${response.status}`, {
        retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
      });
    }
    const text = await readCapped(response, current, options, signal, timeout);
    return { status: response.status, url: current.href, body: parseJson(text, current, response.status, options.source) };
  }
}

/** One request; its timeout keeps running while the caller reads the body, so it bounds the whole exchange. */
async function getOnce(
  url: URL,
  options: RemoteJsonOptions,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; timeout: AbortSignal }> {
  // A pause from an earlier 429 fails fast: the job is retried later instead of holding a worker.
  const pausedMs = options.limiter.pauseRemainingMs();
  if (pausedMs > 0) {
    throw new SourceUnavailableError(options.source, `paused after a 429 from ${url.host}`, {
      retryAfterSeconds: Math.ceil(pausedMs / 1000),
    });
  }
  await options.limiter.acquire(signal);
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
    throw unavailable(error, url, options, signal, timeout);
  }
}

async function readCapped(
  response: Response,
  url: URL,
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
    throw unavailable(error, url, options, signal, timeout);
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

function unavailable(
  error: unknown,
  url: URL,
  options: RemoteJsonOptions,
  callerSignal: AbortSignal | undefined,
  timeout: AbortSignal,
): unknown {
  // The caller's own cancellation is not the source's fault: pass it on unchanged.
  if (callerSignal?.aborted) return callerSignal.reason;
  if (timeout.aborted) {
    return new SourceUnavailableError(options.source, `${url.host} did not answer within ${options.timeoutMs} ms`, { cause: error });
  }
  return new SourceUnavailableError(options.source, `could not reach ${url.host}: ${describe(error)}`, { cause: error });
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
