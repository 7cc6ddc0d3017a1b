import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/db/database.ts';
import type { OpenedDatabase } from '../../src/db/open.ts';
import { openPGlite } from '../../src/db/pglite-database.ts';
import { openPostgres } from '../../src/db/postgres-database.ts';

export interface TestDatabase extends OpenedDatabase {
  /** The connection string of this test's own database on a server; undefined on PGlite. */
  url: string | undefined;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<TestDatabase>;
}

/** A server database as a test opens it: `db` the service's pool; closing drops it. */
export function onServerDatabase(database: { url: string; drop(): Promise<void> }, db: Database): TestDatabase {
  return {
    db,
    url: database.url,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/** A database of its own on the server at `serverUrl`, for one test file or benchmark; dropped after. */
export async function createServerDatabase(serverUrl: string, prefix = 'vetrina_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Each test file gets a database of its own: in-memory PGlite, or a throwaway database on the server. */
export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: 'pglite',
      async open() {
        const db = await openPGlite(undefined);
        return { db, url: undefined, close: () => db.close() };
      },
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    targets.push({
      name: 'postgres',
      async open() {
        const database = await createServerDatabase(serverUrl);
        // A test may send more requests at once than the pool has connections; on a loaded machine
        // the last may wait longer than the service's 5 s for one, and answer 503 where the test
        // counts 202s and 402s. The reliability suite's servers wait as long (DB_POOL_TIMEOUT_SECONDS).
        return onServerDatabase(database, openPostgres(database.url, 10, { connectionTimeoutMs: 300_000 }));
      },
    });
  }
  return targets;
}
