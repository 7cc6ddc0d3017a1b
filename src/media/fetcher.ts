/** What the guarded fetcher returns: the bytes, and their type as read from the bytes themselves. */
export interface FetchedResource {
  /** The URL finally answered, after redirects. */
  url: string;
  bytes: Uint8Array;
  /** Sniffed from the bytes (magic numbers); null when unrecognised. The header is not trusted. */
  detected: { mime: string; ext: string } | null;
  /** The Content-Type the server claimed, for messages only. */
  declaredType: string | null;
  /**
   * Gives the body's bytes back to the fetcher's memory budget; call it once done with `bytes`
   * (more than once is harmless). Until then other fetches may wait for memory.
   */
  release(): void;
}

export type FetchFailureReason =
  | 'url_invalid' // not http(s), unparseable, credentials in URL
  | 'address_blocked' // resolves to a loopback, private, link-local, metadata … address, or not at all
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'http_error' // non-2xx final status
  | 'network_error'
  | 'unexpected_type'; // bytes are not of the expected kind (e.g. not an image)

export class FetchError extends Error {
  override name = 'FetchError';
  readonly reason: FetchFailureReason;
  readonly url: string;
  /** Whether trying again later could succeed (timeouts, 5xx, 429, network errors). */
  readonly transient: boolean;
  constructor(reason: FetchFailureReason, url: string, message: string, options: { transient?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.reason = reason;
    this.url = url;
    this.transient = options.transient ?? false;
  }
}

/**
 * The one way to fetch a URL that a user or a data source supplied: nothing else may fetch one, so
 * private addresses, size and time limits are enforced for every such URL in one place.
 */
export interface GuardedFetcher {
  fetch(url: string, options?: { signal?: AbortSignal; maxBytes?: number; expect?: 'image' }): Promise<FetchedResource>;
}
