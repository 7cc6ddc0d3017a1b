import type { Fact } from '../domain/facts.ts';

export interface SourceQuery {
  /** Normalised code (see domain/codes.ts). */
  code: string;
  codeType: 'ean' | 'asin' | 'minsan';
  /**
   * The account whose product this is: the local catalogue answers from that account's own
   * catalogue, then the shared one. Remote sources and the shared cache ignore it (their answers
   * are the same for everyone). Undefined or null: the shared catalogue only.
   */
  accountId?: string | null;
}

/**
 * One place product data can come from. A source returns every fact it has for the code in every
 * language it has (so a cached answer serves any country), or null when it does not know the code.
 * It throws SourceUnavailableError when it could not answer now (network, 5xx, 429): the caller
 * then tries again later instead of concluding the product is unknown.
 */
export interface ProductSource {
  readonly name: string;
  /** Whether answers are kept in the shared cache (remote sources); local tables answer directly. */
  readonly cached: boolean;
  /** Which code types it can look up; others are skipped without a call. */
  readonly codeTypes: readonly SourceQuery['codeType'][];
  lookup(query: SourceQuery, signal?: AbortSignal): Promise<Fact[] | null>;
}

export class SourceUnavailableError extends Error {
  override name = 'SourceUnavailableError';
  readonly source: string;
  /** Seconds the source asked us to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;
  /**
   * The source could not be reached at all (DNS, refused or dropped connection, timeout, 5xx):
   * what counts towards its circuit breaker. A 429 or a broken answer shows it is reachable.
   */
  readonly unreachable: boolean;
  constructor(source: string, message: string, options: { retryAfterSeconds?: number | null; unreachable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.source = source;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.unreachable = options.unreachable ?? false;
  }
}

/**
 * The source is marked down by its circuit breaker: it was not asked (or this very call opened
 * the breaker). Retrying the generation soon would meet the same breaker, so the caller should not.
 */
export class SourceDownError extends SourceUnavailableError {
  override name = 'SourceDownError';
  /** When the source may be tried again. */
  readonly until: Date | null;
  constructor(source: string, message: string, options: { until: Date | null; cause?: unknown }) {
    super(source, message, { unreachable: true, cause: options.cause });
    this.until = options.until;
  }
}
