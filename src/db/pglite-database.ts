import { Worker } from 'node:worker_threads';
import { currentLane } from './account-lane.ts';
import type { Database, SqlRunner, Transaction } from './database.ts';
import { FairQueue } from './fair-queue.ts';
import { deserializeError, type Reply, type Request } from './pglite-protocol.ts';
import { attachTokenCache, TokenCache } from './token-cache.ts';

/** Request without its id: what a caller asks for. */
type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

export type PGliteDatabase = Database;

const CLOSED_MESSAGE = 'PGlite is closed';

/**
 * PGlite runs in a thread of its own (pglite-thread.ts): a statement runs WASM code synchronously
 * for as long as it takes, and on the API's thread a 200,000-row INSERT or a 50,000-row read held
 * every other account's requests, /health included, for seconds. Here the API's thread only
 * sends the statement and reads back its rows.
 */
class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void; parts?: unknown[][] }>();
  #nextId = 1;
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;
  readonly ready: Promise<void>;

  constructor(dataDir: string | undefined) {
    this.#worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData: { dataDir } });
    // The thread keeps the process alive only while a request is in flight (opening is the first),
    // as PGlite on the main thread did: a test or a CLI that ends without closing must still exit.
    this.ready = new Promise((resolve, reject) => this.#pending.set(0, { resolve: () => resolve(), reject }));
    this.#worker.on('message', (reply: Reply) => this.#receive(reply));
    this.#worker.on('error', (err) => this.#stop(err));
    this.#worker.on('exit', (code) => this.#stop(new Error(`the PGlite thread exited (code ${code})`)));
  }

  #receive(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (pending === undefined) return;
    if ('part' in reply) {
      pending.parts ??= [];
      pending.parts.push(reply.part);
      this.#worker.postMessage({ op: 'next', id: reply.id } satisfies Request);
      return;
    }
    this.#settled(reply.id);
    if (reply.ok) pending.resolve(pending.parts === undefined ? reply.value : [...pending.parts, reply.value as unknown[]].flat());
    else pending.reject(deserializeError(reply.error));
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  /** Every statement still waiting fails as a lost connection does (isConnectionError knows the message). */
  #stop(cause: Error): void {
    this.#stopped ??= new Error(CLOSED_MESSAGE, { cause });
    for (const [id, pending] of this.#pending) {
      this.#settled(id);
      pending.reject(this.#stopped);
    }
  }

  call(ask: Ask): Promise<unknown> {
    if (this.#stopped !== undefined) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ ...ask, id });
      } catch (err) {
        // A parameter a structured clone cannot carry (a function): this statement's error alone.
        this.#settled(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#stopped === undefined) await this.call({ op: 'close' }).catch(() => {});
      this.#stopped ??= new Error(CLOSED_MESSAGE);
      // Once PGlite has closed in it, the thread's exit holds nothing of this thread's event loop,
      // and a caller awaiting close() with nothing else to wait for would be dropped mid-await (a
      // benchmark closing its servers was): the process stays alive until the thread has exited.
      const alive = setInterval(() => {}, 60_000);
      try {
        await this.#worker.terminate();
      } finally {
        clearInterval(alive);
      }
    })();
    return this.#closing;
  }
}

function runnerOf(thread: PGliteThread, tx: number | undefined): Transaction {
  return {
    async query<Row extends object>(text: string, params?: readonly unknown[]) {
      return (await thread.call({ op: 'query', text, ...(tx === undefined ? {} : { tx }), ...(params === undefined ? {} : { params: [...params] }) })) as Row[];
    },
    async exec(text: string) {
      await thread.call({ op: 'exec', text, ...(tx === undefined ? {} : { tx }) });
    },
  };
}

/**
 * Statements (a transaction counting as one) sent to the thread at once. PGlite is one session
 * and runs what it is sent in arrival order, so whatever is sent waits behind everything sent
 * before it: with one at a time, another account's statement waits for the one running, never
 * for an account's backlog. Raising it saves the thread the idle moment between two statements
 * (a round trip through the API's thread, not measured on its own) at the cost of that fairness.
 */
const IN_FLIGHT = 1;

/** Embedded PostgreSQL (WASM) in a thread of its own. `dataDir` undefined means in memory (tests). */
export async function openPGlite(dataDir: string | undefined): Promise<PGliteDatabase> {
  const thread = new PGliteThread(dataDir);
  try {
    await thread.ready;
  } catch (err) {
    await thread.close();
    throw err;
  }
  const root: SqlRunner = runnerOf(thread, undefined);
  // Statements wait on this side, in a lane per account and a line per request or job (account-lane.ts), and go to the thread in turns.
  const turns = new FairQueue(IN_FLIGHT);
  // Only this process can reach this database, so a token read may be reused (token-cache.ts).
  const tokens = new TokenCache<unknown>();
  const db: PGliteDatabase = {
    dialect: 'pglite',
    query: <Row extends object>(text: string, params?: readonly unknown[]) => {
      const lane = currentLane();
      return turns.run(lane.account, () => root.query<Row>(text, params), lane.line);
    },
    // PGlite's own transaction() in the thread: it holds PGlite's lock, so every other statement
    // waits until COMMIT or ROLLBACK, and this transaction's statements run in the order sent.
    // Here it is one turn from BEGIN to its end, its own statements going straight to the thread:
    // queued behind other lanes they would wait for the turn their transaction holds.
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const lane = currentLane();
      return turns.run(
        lane.account,
        async () => {
          const tx = (await thread.call({ op: 'begin' })) as number;
          const runner = runnerOf(thread, tx);
          attachTokenCache(runner, tokens);
          let result: T;
          try {
            result = await work(runner);
          } catch (err) {
            await thread.call({ op: 'end', tx, commit: false }).catch(() => {});
            throw err;
          }
          await thread.call({ op: 'end', tx, commit: true });
          return result;
        },
        lane.line,
      );
    },
    close: () => thread.close(),
  };
  attachTokenCache(db, tokens);
  return db;
}
