import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { migrate } from '../../src/db/migrate.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openPostgres, type PostgresDatabase } from '../../src/db/postgres-database.ts';
import { findActiveToken } from '../../src/db/tokens.ts';
import { createServerDatabase } from '../helpers/databases.ts';

// The busiest statements go as named prepared statements, which a pooler in transaction mode can
// carry only from PgBouncer 1.21 on (max_prepared_statements); DB_PREPARED_STATEMENTS=off sends
// every statement unnamed, so nothing named is left on a server connection.
const serverUrl = process.env.TEST_DATABASE_URL;

describe('named prepared statements [postgres]', { skip: serverUrl === undefined ? 'TEST_DATABASE_URL is not set' : false }, () => {
  let database: { url: string; drop(): Promise<void> };
  before(async () => {
    if (serverUrl === undefined) return;
    database = await createServerDatabase(serverUrl, 'vetrina_prepared');
    const db = openPostgres(database.url, 1);
    await migrate(db);
    await db.close();
  });
  after(async () => {
    await database?.drop();
  });

  async function namedAfterATokenRead(db: PostgresDatabase): Promise<string[]> {
    return db.transaction(async (tx) => {
      // Twice: the second read reuses the statement the first one prepared.
      for (let i = 0; i < 2; i++) assert.equal(await findActiveToken(tx, '0123456789abcdef'), undefined);
      const rows = await tx.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
      return rows.map((r) => r.name);
    });
  }

  test('on (the default): the token read is prepared once on its connection, under one name', async () => {
    const db = openPostgres(database.url, 1);
    try {
      const names = await namedAfterATokenRead(db);
      assert.equal(names.length, 1);
      assert.match(names[0] ?? '', /^vetrina_[0-9a-f]{40}$/);
    } finally {
      await db.close();
    }
  });

  test('off: nothing is prepared under a name, and the statement still answers', async () => {
    const db = openPostgres(database.url, 1, { preparedStatements: false });
    try {
      assert.deepEqual(await namedAfterATokenRead(db), []);
    } finally {
      await db.close();
    }
  });
});

describe('DB_PREPARED_STATEMENTS', () => {
  test('on by default; off and on are the only values', () => {
    assert.equal(loadConfig({}).dbPreparedStatements, true);
    assert.equal(loadConfig({ DB_PREPARED_STATEMENTS: 'off' }).dbPreparedStatements, false);
    assert.throws(() => loadConfig({ DB_PREPARED_STATEMENTS: 'no' }), ConfigError);
  });
});
