import pg from 'pg';
import { DatabaseUnavailableError, isConnectionError, type Database, type SqlRunner, type Transaction } from './database.ts';

export interface PostgresDatabase extends Database {
  readonly pool: pg.Pool;
}

function runnerOf(client: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    async query<Row extends object>(text: string, params?: readonly unknown[]) {
      const result = await client.query<Row>(text, params ? [...params] : undefined);
      return result.rows;
    },
  };
}

export function openPostgres(connectionString: string, poolSize: number): PostgresDatabase {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server emits here; without a listener it would crash the process.
  pool.on('error', () => {});
  // pg-pool listens only while a client is idle: one checked out for a transaction that loses its
  // server (a failover, pg_terminate_backend) emits 'error' with no listener and the process exits.
  // Its statements reject on their own, and the transaction below turns that into a 503.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const root = runnerOf(pool);
  return {
    dialect: 'postgres',
    pool,
    query: root.query,
    async transaction(work) {
      // A deadlock or serialization failure rolled everything back; running the work again is safe.
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(work);
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
    try {
      await client.query('BEGIN');
      const result = await work({
        ...runnerOf(client),
        exec: async (sql) => {
          await client.query(sql);
        },
      });
      committing = true;
      await client.query('COMMIT');
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
