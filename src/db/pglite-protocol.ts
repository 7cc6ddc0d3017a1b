// What the API thread and the PGlite thread (pglite-thread.ts) say to each other. Every request
// carries an id its one reply repeats.

export type Request =
  | { id: number; op: 'query'; tx?: number; text: string; params?: unknown[] }
  | { id: number; op: 'exec'; tx?: number; text: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }
  /** The API thread has taken in the last part of request `id`'s rows: the next may come. */
  | { id: number; op: 'next' };

/**
 * A result of more rows than this comes in parts of this many, each sent once the API thread has
 * taken in the one before: reading a large result back costs the API thread a pause per part, in
 * which its other work goes on, instead of one long pause.
 */
export const ROWS_PER_PART = 500;

/** Id 0 is the thread's own first word: PGlite opened, or why it could not. */
export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  /** Some of a query's rows; the reply with `ok` carries the last of them. */
  | { id: number; part: unknown[] };

/**
 * An error as it crosses threads. A structured clone keeps only an Error's message and stack, and
 * callers read PostgreSQL's fields (code, constraint, detail…) off it, so those travel explicitly.
 */
export interface SerializedError {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean | null>;
}

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), stack: undefined, fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

export function deserializeError(error: SerializedError): Error {
  const err = new Error(error.message);
  Object.assign(err, error.fields);
  err.name = error.name;
  if (error.stack !== undefined) err.stack = error.stack;
  return err;
}
