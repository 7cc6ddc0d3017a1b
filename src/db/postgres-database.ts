import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { DatabaseUnavailableError, isConnectionError, type Database, type QueryOptions, type SqlRunner, type Transaction } from './database.ts';
import { currentLane } from './account-lane.ts';
import { FairQueue } from './fair-queue.ts';
import { statementName } from './statement-names.ts';
import { unavailableAfter } from './turn-deadline.ts';

export interface PostgresDatabase extends Database {
  readonly pool: pg.Pool;
}

function runnerOf(client: pg.Pool | pg.PoolClient, preparedStatements: boolean): SqlRunner {
  return {
    async query<Row extends object>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const values = params ? [...params] : undefined;
      // pg parses a named statement once per connection and sends only its parameters afterwards.
      const result =
        preparedStatements && options?.prepared === true
          ? await client.query<Row>({ name: statementName(text), text, ...(values === undefined ? {} : { values }) })
          : await client.query<Row>(text, values);
      return result.rows;
    },
  };
}

export interface PostgresOptions {
  /** Whether QueryOptions.prepared statements are named (default true); off behind a pooler that cannot carry named statements. */
  preparedStatements?: boolean;
  /** How long a statement waits for a connection before it fails as unavailable (default 5 s). */
  connectionTimeoutMs?: number;
}

const holdingConnection = new AsyncLocalStorage<boolean>();

/**
 * How many of the pool's connections one account's work may hold at once: all but a fifth (at
 * least one), so that another account's statement finds a connection free instead of waiting for
 * one of the busy account's transactions to end. A pool of one is shared whole.
 */
export function accountShareOfPool(poolSize: number): number {
  return Math.max(1, poolSize - Math.ceil(poolSize / 5));
}

export function openPostgres(connectionString: string, poolSize: number, options: PostgresOptions = {}): PostgresDatabase {
  const preparedStatements = options.preparedStatements ?? true;
  const connectionTimeoutMs = options.connectionTimeoutMs ?? 5000;
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: connectionTimeoutMs });
  // An idle client that loses its server emits here; without a listener it would crash the process.
  pool.on('error', () => {});
  // pg-pool listens only while a client is idle: one checked out for a transaction that loses its
  // server (a failover, pg_terminate_backend) emits 'error' with no listener and the process exits.
  // Its statements reject on their own, and the transaction below turns that into a 503.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const root = runnerOf(pool, preparedStatements);
  // The pool's connections are handed out here, in turns across accounts (fair-queue.ts), not in
  // pg-pool's own first-come order: one account's backlog of statements and transactions once held
  // all of them, and every other account's next statement waited behind that backlog.
  const turns = new FairQueue(poolSize, accountShareOfPool(poolSize));
  const deadline = unavailableAfter(connectionTimeoutMs, 'when trying to connect: no database connection free in time');
  // Work that already holds a connection (a statement sent outside the transaction it runs in)
  // goes straight to the pool, as before turns existed: queued behind its own account's share it
  // could wait for itself. Such a connection is not counted here, so a task given its turn may
  // still wait in pg-pool, up to DB_POOL_TIMEOUT_SECONDS more. Work a transaction starts and does
  // not await would skip the turns too: nothing may do that.
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    if (holdingConnection.getStore() === true) return work();
    const lane = currentLane();
    return turns.run(lane.account, () => holdingConnection.run(true, work), lane.line, deadline);
  };
  return {
    dialect: 'postgres',
    connectionTimeoutMs,
    pool,
    query: (text, params, options) => inTurn(() => root.query(text, params, options)),
    async transaction(work) {
      // A deadlock or serialization failure rolled everything back; running the work again is safe.
      for (let attempt = 1; ; attempt++) {
        try {
          return await inTurn(() => once(work));
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
        }
      }
    },
    close: () => pool.end(),
  };

  async function once<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      throw isConnectionError(err) ? new DatabaseUnavailableError('cannot connect to the database', { outcome: 'not_written', cause: err }) : err;
    }
    let broken = false;
    // When the server ends the session between two statements, the next one fails with pg's
    // "not queryable", which says nothing of the cause; the loss itself is what the caller gets.
    let lost: Error | undefined;
    const onLost = (err: Error) => {
      lost ??= err;
    };
    client.on('error', onLost);
    // Until COMMIT is sent, a lost connection rolls the transaction back on the server; after, its
    // outcome is unknown (the caller must not be told that nothing was written).
    let committing = false;
    // Whether the work's last statement went with its COMMIT (queryThenCommit), which then succeeded.
    let committed = false;
    try {
      await client.query('BEGIN');
      const result = await work({
        ...runnerOf(client, preparedStatements),
        exec: async (sql) => {
          await client.query(sql);
        },
        async queryThenCommit<Row extends object>(text: string): Promise<Row[]> {
          if (committing) throw new Error('a statement after the transaction committed');
          committing = true;
          // Without parameters pg sends both as one simple query: one message, one round trip. If
          // the statement fails, the server skips the COMMIT and the transaction is rolled back below.
          const results: unknown = await client.query(`${text};\nCOMMIT`);
          committed = true;
          if (!Array.isArray(results) || results.length !== 2) throw new Error('a statement and COMMIT did not answer two results');
          return (results[0] as pg.QueryResult<Row>).rows;
        },
      });
      if (!committed) {
        if (committing) throw new Error('the statement sent with COMMIT did not commit');
        committing = true;
        await client.query('COMMIT');
      }
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      const cause = lost ?? err;
      if (!isConnectionError(cause)) throw cause;
      // Its connection is gone even when no 'error' reached this transaction: never reuse it.
      broken = true;
      throw committing
        ? new DatabaseUnavailableError('the database connection was lost during COMMIT', { outcome: 'unknown', cause })
        : new DatabaseUnavailableError('the database connection was lost before COMMIT', { outcome: 'not_written', cause });
    } finally {
      client.removeListener('error', onLost);
      // A client whose ROLLBACK failed is in an unknown state: destroy it rather than reuse it.
      client.release(broken || lost !== undefined);
    }
  }
}
