export interface QueryOptions {
  /**
   * Send it as a named prepared statement: a connection parses and plans it the first time only.
   * For the few statements of the busiest paths, whose parsing and planning cost as much as their
   * execution; ignored where the database has no named statements (PGlite) or they are turned
   * off (DB_PREPARED_STATEMENTS=false, for a pooler that cannot carry them).
   */
  prepared?: boolean;
}

/** The structural interface every statement function takes: a pool, a connection or a transaction. */
export interface SqlRunner {
  query<Row extends object = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<Row[]>;
}

export type Dialect = 'pglite' | 'postgres';

export interface Transaction extends SqlRunner {
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs one statement without parameters and COMMIT in one round trip, and answers the
   * statement's rows: the transaction ends with it, so it is the work's last statement. For a
   * statement that locks a contended row, held then only until the commit, never across a round
   * trip. A database that cannot send them together leaves it out (see queryThenCommit).
   */
  queryThenCommit?<Row extends object = Record<string, unknown>>(text: string): Promise<Row[]>;
}

/**
 * A transaction's last statement, sent with its COMMIT where the database can (PostgreSQL); else
 * (PGlite: in process, where COMMIT costs no round trip) run alone, the transaction helper then
 * committing as the work returns. Either way nothing of the work may follow it.
 */
export function queryThenCommit<Row extends object = Record<string, unknown>>(tx: Transaction, text: string): Promise<Row[]> {
  return tx.queryThenCommit === undefined ? tx.query<Row>(text) : tx.queryThenCommit<Row>(text);
}

export interface Database extends SqlRunner {
  readonly dialect: Dialect;
  /** How long a statement waits for a connection before it fails as unavailable; absent where none is waited for (PGlite). */
  readonly connectionTimeoutMs?: number;
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Whether a write that failed on a lost connection may still have been committed: `not_written`
 * when it certainly was not (connecting failed, or the connection was lost before COMMIT was
 * sent, so the server rolled back); `unknown` when COMMIT was sent and its answer never came.
 */
export type WriteOutcome = 'not_written' | 'unknown';

/** Raised when the database cannot be reached; the HTTP layer answers 503 `unavailable`. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly outcome: WriteOutcome;
  constructor(message: string, options: { outcome?: WriteOutcome; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.outcome = options.outcome ?? 'unknown';
  }
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH']);
/** Codes that only arise while a connection is being opened, before any statement is sent. */
const CONNECT_ERROR_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', '53300', '57P03']);

/** Postgres SQLSTATE class 08 (connection), 57P0x (shutdown), 53300 (too many connections), or a socket error. */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  // An error with an HTTP status is the HTTP request's own (a client that hung up mid-body), never the database's.
  if (typeof (err as { statusCode?: unknown }).statusCode === 'number') return false;
  const code = (err as { code?: unknown }).code;
  // "not queryable": pg's answer on a client whose connection broke before this statement (a pooled
  // client whose server ended it in the instant it was handed out, before anyone listened).
  if (typeof code !== 'string') return /Connection terminated|connection timeout|timeout exceeded when trying to connect|PGlite is closed|is not queryable/i.test(err.message);
  return CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || code.startsWith('57P0') || code === '53300';
}

/** A connection error after which a write may or may not have been committed (see WriteOutcome). */
export function commitOutcomeUnknown(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return err.outcome === 'unknown';
  if (!(err instanceof Error)) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return !CONNECT_ERROR_CODES.has(code);
  return !/timeout exceeded when trying to connect/i.test(err.message);
}
