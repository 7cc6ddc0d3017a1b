// A token's row, reused for a second on the embedded database (PGlite). Every request reads its
// token, and on PGlite every statement waits its turn on the one thread that runs the database:
// the read was a third of a 1-code create's statements there. PGlite is one process's own (its
// data directory is locked to it), so every revocation goes through this process, which forgets
// the token at once: a revoked token is still refused on its very next request. On PostgreSQL
// other processes may revoke, so nothing is cached there (no cache is attached to its runners).

/** How long a token's row is reused. */
export const TOKEN_CACHE_MS = 1000;
/** Tokens remembered at most; the oldest read goes first. */
const CAPACITY = 10_000;

interface Entry<Row> {
  /** The read in flight or done: requests arriving together share one. */
  row: Promise<Row | undefined>;
  until: number;
}

export class TokenCache<Row> {
  readonly #entries = new Map<string, Entry<Row>>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** The row of token `id`, read by `load` unless read less than TOKEN_CACHE_MS ago. An unknown token is never remembered. */
  read(id: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const now = this.#now();
    const known = this.#entries.get(id);
    if (known !== undefined && known.until > now) return known.row;
    const row = load();
    const entry = { row, until: now + TOKEN_CACHE_MS };
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    if (this.#entries.size > CAPACITY) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    // The entry is in place from the read's start, so a forget while it is in flight removes it:
    // what it brings back goes only to the requests that came before the forget.
    row.then(
      (found) => {
        if (found === undefined) this.#drop(id, entry);
      },
      () => this.#drop(id, entry),
    );
    return row;
  }

  /** Token `id` is read again on its next request (revoked, or its account changed). */
  forget(id: string): void {
    this.#entries.delete(id);
  }

  #drop(id: string, entry: Entry<Row>): void {
    if (this.#entries.get(id) === entry) this.#entries.delete(id);
  }
}

const attached = new WeakMap<object, TokenCache<unknown>>();

/** Makes `runner` (a database, or one of its transactions) share `cache`; see tokenCacheOf. */
export function attachTokenCache(runner: object, cache: TokenCache<unknown>): void {
  attached.set(runner, cache);
}

/** The cache of the database `runner` belongs to, if it has one (PGlite); undefined reads every time. */
export function tokenCacheOf<Row>(runner: object): TokenCache<Row> | undefined {
  return attached.get(runner) as TokenCache<Row> | undefined;
}
