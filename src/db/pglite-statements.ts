// Statements on PGlite as named prepared statements, in the PGlite thread (pglite-thread.ts).
// PGlite's query() parses and plans its statement again on every call, and makes five calls into
// its WASM code for it (Parse, Describe, Bind, Describe, Execute, then Sync): on the busiest paths
// parsing and planning cost as much as running. Here a text is parsed once under a name, and each
// call is then one call into PGlite: Bind, Describe, Execute and Sync in one buffer. The rows,
// their types' parsing and the errors' fields are those PGlite's query() gives.
import { type PGlite, parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Distinct texts kept prepared; the least recently run is closed beyond this. */
const CAPACITY = 256;

/** SQLSTATE 0A000: "cached plan must not change result type" (a table the statement reads changed). */
const PLAN_CHANGED_RESULT = '0A000';
/** SQLSTATE 26000: no prepared statement of that name (dropped behind our back: DEALLOCATE, DISCARD). */
const NO_SUCH_STATEMENT = '26000';

/**
 * Commands (the first word of their tag) that may change what a prepared statement returns. A
 * statement prepared inside a transaction that then rolls such a change back is caught by 0A000.
 */
const SCHEMA_COMMANDS = new Set(['ALTER', 'CREATE', 'DROP']);

/**
 * Upkeep run once per table and tick (pglite-upkeep.ts, queue-statistics.ts): run unnamed, never
 * kept, or freezing every table (98 of them) would push the API's statements out of CAPACITY.
 */
const UPKEEP = /^\s*(VACUUM|ANALYZE|CHECKPOINT)\b/i;

interface Prepared {
  name: string;
  /** The parameters' type OIDs as PostgreSQL inferred them at Parse: they pick each value's serializer. */
  paramTypes: number[];
}

/** The unnamed statement, which a Parse without a name replaces each time. */
const UNNAMED: Prepared = { name: '', paramTypes: [] };

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function sqlState(err: unknown): unknown {
  return err instanceof Error ? (err as { code?: unknown }).code : undefined;
}

export class PreparedStatements {
  readonly #pglite: PGlite;
  readonly #capacity: number;
  /** By text, least recently run first (a Map keeps insertion order; a run moves its entry last). */
  readonly #byText = new Map<string, Prepared>();
  /** Names are never reused: a statement whose Close was lost can never answer for another text. */
  #nextName = 1;

  constructor(pglite: PGlite, capacity = CAPACITY) {
    this.#pglite = pglite;
    this.#capacity = capacity;
  }

  /** How many texts are prepared now (tests). */
  get size(): number {
    return this.#byText.size;
  }

  /**
   * The rows of `text` run with `params`, as PGlite's query() gives them. `inTransaction`: run in
   * the open transaction (its turn already holds PGlite's transaction lock); otherwise it waits for
   * that lock as PGlite's query() does, and the statement commits on its own.
   */
  query(text: string, params: readonly unknown[] | undefined, inTransaction: boolean): Promise<Record<string, unknown>[]> {
    return this.#exclusive(inTransaction, () => this.#run(text, params ?? [], inTransaction));
  }

  /**
   * Closes every prepared statement, before a script that may change the schema (exec runs the
   * migrations): a statement prepared before it might no longer describe the rows it would return.
   */
  forgetAll(inTransaction: boolean): Promise<void> {
    return this.#exclusive(inTransaction, () => this.#closeAll());
  }

  /** PGlite's own locks, taken as its query() takes them: the protocol calls below take none. */
  #exclusive<T>(inTransaction: boolean, work: () => Promise<T>): Promise<T> {
    const run = () => this.#pglite.runExclusive(work);
    return inTransaction ? run() : this.#pglite._runExclusiveTransaction(run);
  }

  async #run(text: string, params: readonly unknown[], inTransaction: boolean): Promise<Record<string, unknown>[]> {
    if (this.#pglite.closed) throw new Error('PGlite is closed');
    try {
      if (UPKEEP.test(text) && params.length === 0) return (await this.#execute(UNNAMED, [], inTransaction, text)).rows;
      try {
        const result = await this.#execute(await this.#prepared(text), params, inTransaction);
        // A statement that changed the schema (ALTER TABLE, DROP…): the others are prepared again as they come.
        if (result.command !== undefined && SCHEMA_COMMANDS.has(result.command)) await this.#closeAll();
        return result.rows;
      } catch (err) {
        const code = sqlState(err);
        if (code !== PLAN_CHANGED_RESULT && code !== NO_SUCH_STATEMENT) throw err;
        await this.#forget(text);
        // Inside a transaction the error has aborted it: only a statement on its own can be run again.
        if (inTransaction) throw err;
        return (await this.#execute(await this.#prepared(text), params, inTransaction)).rows;
      }
    } catch (err) {
      // As PGlite's query() marks its errors; the PGlite thread sends their plain fields across.
      if (err instanceof Error) Object.assign(err, { query: text, params, queryOptions: undefined });
      throw err;
    }
  }

  async #prepared(text: string): Promise<Prepared> {
    const known = this.#byText.get(text);
    if (known !== undefined) {
      this.#byText.delete(text);
      this.#byText.set(text, known);
      return known;
    }
    const name = `vetrina_${this.#nextName++}`;
    const described = await this.#pglite.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    this.#byText.set(text, prepared);
    const oldest = this.#byText.size > this.#capacity ? this.#byText.keys().next() : undefined;
    if (oldest !== undefined && oldest.done !== true) await this.#forget(oldest.value);
    return prepared;
  }

  /** Runs a prepared statement, or with `text` the unnamed statement parsed from it in the same call. */
  async #execute(prepared: Prepared, params: readonly unknown[], inTransaction: boolean, text?: string): Promise<{ rows: Record<string, unknown>[]; command: string | undefined }> {
    const pglite = this.#pglite;
    // As PGlite's query() serializes a parameter: by the type PostgreSQL gave it, else its text.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = prepared.paramTypes[i];
      const serializer = type === undefined ? undefined : pglite.serializers[type];
      return serializer === undefined ? String(value) : serializer(value);
    });
    const ran = await pglite.execProtocol(
      concat([
        ...(text === undefined ? [] : [serialize.parse({ text })]),
        serialize.bind({ statement: prepared.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      // As PGlite's query(): written through to the file system only outside a transaction.
      { syncToFs: !inTransaction },
    );
    const result = parse.parseResults(ran.messages, pglite.parsers)[0];
    return { rows: (result?.rows ?? []) as Record<string, unknown>[], command: result?.command };
  }

  #closeAll(): Promise<void> {
    const names = [...this.#byText.values()].map((p) => p.name);
    this.#byText.clear();
    return this.#close(names);
  }

  async #forget(text: string): Promise<void> {
    const prepared = this.#byText.get(text);
    if (prepared === undefined) return;
    this.#byText.delete(text);
    await this.#close([prepared.name]);
  }

  /** Close is allowed even in an aborted transaction; a name left behind costs memory, never a wrong answer. */
  async #close(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.#pglite.execProtocol(concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]), { syncToFs: false, throwOnError: false });
  }
}
