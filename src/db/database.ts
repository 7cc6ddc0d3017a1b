/** The structural interface every statement function takes: a pool, a connection or a transaction. */
export interface SqlRunner {
  query<Row extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export type Dialect = 'pglite' | 'postgres';

export interface Transaction extends SqlRunner {
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends SqlRunner {
  readonly dialect: Dialect;
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Raised when the database cannot be reached; the HTTP layer answers 503 `unavailable`. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH']);

/** Postgres SQLSTATE class 08 (connection), 57P0x (shutdown), 53300 (too many connections), or a socket error. */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return /Connection terminated|connection timeout|timeout exceeded when trying to connect|PGlite is closed/i.test(err.message);
  return CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || code.startsWith('57P0') || code === '53300';
}
