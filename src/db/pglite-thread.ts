// The thread that owns PGlite. Its statements run WASM code synchronously for as long as they
// take; here they hold this thread, never the API's event loop. The protocol is in
// pglite-protocol.ts; the other side is pglite-database.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ROWS_PER_PART, serializeError, type Reply, type Request } from './pglite-protocol.ts';
import { PreparedStatements } from './pglite-statements.ts';

const port = parentPort;
if (port === null) throw new Error('pglite-thread.ts runs as a worker thread');
const dataDir = (workerData as { dataDir: string | undefined }).dataDir;

/** Sent as a transaction's rejection to make PGlite roll it back; never leaves this thread. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  /** PGlite's transaction(): settles once COMMIT or ROLLBACK has run. */
  settled: Promise<unknown>;
}

const post = (reply: Reply) => port.postMessage(reply);

async function start(): Promise<PGlite> {
  // pg_trgm serves the product search's indexes (migration 008); PGlite loads contrib extensions only when asked.
  const extensions = { pg_trgm };
  return dataDir === undefined ? await PGlite.create({ extensions }) : await PGlite.create(dataDir, { extensions });
}

/**
 * ANALYZE's sample is 300 rows per unit of this target. PostgreSQL's default (100, 30,000 rows)
 * took 0.4-0.7 s a table of 100,000 products here, one statement holding the database for every
 * account; 10 takes 40-50 ms, and the planner on PGlite needs statistics of the right size, not
 * fine histograms (queue-statistics.ts). Only ANALYZE reads it.
 */
const STATISTICS_TARGET = 10;

/**
 * PGlite has no WAL writer or checkpointer: the statement whose WAL first reaches a new 16 MiB
 * segment creates its file, and by default fills it with zeros first. Measured under another
 * account's exports that was 53-59 ms for a 1-row insert (bench/results/isolation.md), the
 * database held for every account meanwhile. Off, the file gets its size from its last byte;
 * PGlite runs with fsync off, so the zeros bought no durability here.
 */
const SESSION_SETTINGS = `SET default_statistics_target = ${STATISTICS_TARGET}; SET wal_init_zero = off`;

let pglite: PGlite;
try {
  pglite = await start();
  await pglite.exec(SESSION_SETTINGS);
} catch (err) {
  post({ id: 0, ok: false, error: serializeError(err) });
  port.close();
  throw err;
}

const statements = new PreparedStatements(pglite);
const transactions = new Map<number, OpenTransaction>();
/** Requests whose rows are going out in parts, each waiting for its 'next'. */
const awaitingNext = new Map<number, () => void>();
let nextId = 1;

function runnerOf(tx: number | undefined): Pick<Transaction, 'exec'> {
  if (tx === undefined) return pglite;
  return openTransaction(tx).tx;
}

function openTransaction(tx: number): OpenTransaction {
  const open = transactions.get(tx);
  if (open === undefined) throw new Error('Transaction is closed');
  return open;
}

/** A statement of the API: prepared once per text (pglite-statements.ts), in its transaction if it names one. */
function query(tx: number | undefined, text: string, params: unknown[] | undefined): Promise<Record<string, unknown>[]> {
  if (tx !== undefined) {
    const open = openTransaction(tx);
    if (open.tx.closed) throw new Error('Transaction is closed');
  }
  return statements.query(text, params, tx !== undefined);
}

/** A script (migrations): may change the tables, so no statement prepared before it is kept. */
async function exec(tx: number | undefined, text: string): Promise<{ rows: unknown[] }[]> {
  const runner = runnerOf(tx);
  await statements.forgetAll(tx !== undefined);
  return (await runner.exec(text)).map((result) => ({ rows: result.rows }));
}

/** Opens a transaction and answers once PGlite has begun it (its lock taken, BEGIN run). */
function begin(): Promise<number> {
  return new Promise((answer, fail) => {
    const id = nextId++;
    const settled = pglite
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollback(ROLLBACK)), settled });
            answer(id);
          }),
      )
      .finally(() => transactions.delete(id));
    // Before its callback ran (PGlite closed, BEGIN failed) nobody else hears of the failure.
    settled.catch((err: unknown) => {
      if (err !== ROLLBACK) fail(err);
    });
  });
}

async function end(tx: number, commit: boolean): Promise<void> {
  const open = transactions.get(tx);
  if (open === undefined) throw new Error('Transaction is closed');
  open.end(commit);
  try {
    await open.settled;
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
}

/** Sends all but the last ROWS_PER_PART rows in parts, one after the other is taken in; returns the last. */
async function inParts(id: number, rows: unknown[]): Promise<unknown[]> {
  let sent = 0;
  for (; rows.length - sent > ROWS_PER_PART; sent += ROWS_PER_PART) {
    const taken = new Promise<void>((resolve) => awaitingNext.set(id, resolve));
    post({ id, part: rows.slice(sent, sent + ROWS_PER_PART) });
    await taken;
  }
  return sent === 0 ? rows : rows.slice(sent);
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return await inParts(request.id, await query(request.tx, request.text, request.params));
    case 'next':
      return undefined;
    case 'exec':
      return await exec(request.tx, request.text);
    case 'begin':
      return await begin();
    case 'end':
      return await end(request.tx, request.commit);
    case 'close':
      if (!pglite.closed) await pglite.close();
      return undefined;
  }
}

port.on('message', (request: Request) => {
  if (request.op === 'next') {
    awaitingNext.get(request.id)?.();
    awaitingNext.delete(request.id);
    return;
  }
  handle(request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (err: unknown) => post({ id: request.id, ok: false, error: serializeError(err) }),
  );
});
post({ id: 0, ok: true, value: undefined });
