import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { servingAccount } from '../../src/db/account-lane.ts';
import { DatabaseUnavailableError } from '../../src/db/database.ts';
import { accountShareOfPool, openPostgres, type PostgresDatabase } from '../../src/db/postgres-database.ts';
import { createServerDatabase } from '../helpers/databases.ts';

// The pool's connections go out in turns across accounts, and one account holds at most its share
// of them: another account's statement never waits behind that account's backlog.
const serverUrl = process.env.TEST_DATABASE_URL;

/** Opens `count` transactions of `account` that each hold a connection until `release` is called. */
function holdTransactions(db: PostgresDatabase, account: string, count: number) {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  let open = 0;
  const done = Array.from({ length: count }, () =>
    servingAccount(account, () =>
      db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        open += 1;
        await released;
      }),
    ),
  );
  return { release, done: Promise.all(done), open: () => open };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('connection turns across accounts [postgres]', { timeout: 60_000, skip: serverUrl === undefined ? 'TEST_DATABASE_URL is not set' : false }, () => {
  let database: { url: string; drop(): Promise<void> };
  before(async () => {
    if (serverUrl === undefined) return;
    database = await createServerDatabase(serverUrl, 'vetrina_turns');
  });
  after(async () => {
    await database?.drop();
  });

  test('an account holds all but a fifth of the pool; a pool of one is shared whole', () => {
    assert.deepEqual([1, 2, 4, 5, 10, 20].map(accountShareOfPool), [1, 1, 3, 4, 8, 16]);
  });

  test("one account's held transactions and queued statements leave another account a connection at once", async () => {
    const db = openPostgres(database.url, 5, { connectionTimeoutMs: 60_000 });
    try {
      const held = holdTransactions(db, 'account-a', 10);
      await until(() => held.open() === 4);
      let aExtraDone = false;
      const aExtra = servingAccount('account-a', () => db.query('SELECT 1')).then(() => {
        aExtraDone = true;
      });
      // B's statement runs on the fifth connection while A's ten transactions and its statement wait.
      const rows = await servingAccount('account-b', () => db.query<{ answer: number }>('SELECT 42 AS answer'));
      assert.deepEqual(rows, [{ answer: 42 }]);
      assert.equal(held.open(), 4, 'A never held more than its share');
      assert.equal(aExtraDone, false, "A's own statement waits for A's turn");
      held.release();
      await held.done;
      await aExtra;
      assert.equal(held.open(), 10);
    } finally {
      await db.close();
    }
  });

  test('a statement that finds no connection in time is refused as unavailable with nothing written, and the pool goes on', async () => {
    const db = openPostgres(database.url, 2, { connectionTimeoutMs: 200 });
    try {
      const a = holdTransactions(db, 'account-a', 1);
      const b = holdTransactions(db, 'account-b', 1);
      await until(() => a.open() === 1 && b.open() === 1);
      const refused = await servingAccount('account-c', () => db.query('SELECT 1')).then(
        () => undefined,
        (err: unknown) => err,
      );
      assert.ok(refused instanceof DatabaseUnavailableError, `got ${String(refused)}`);
      assert.equal(refused.outcome, 'not_written');
      a.release();
      b.release();
      await Promise.all([a.done, b.done]);
      assert.deepEqual(await servingAccount('account-c', () => db.query<{ n: number }>('SELECT 1 AS n')), [{ n: 1 }]);
    } finally {
      await db.close();
    }
  });

  test("a statement sent outside a transaction from inside it does not wait for its own account's share", async () => {
    // A pool of 2 gives an account one connection, which its transaction holds.
    const db = openPostgres(database.url, 2, { connectionTimeoutMs: 2_000 });
    try {
      const rows = await servingAccount('account-a', () =>
        db.transaction(async (tx) => {
          await tx.query('SELECT 1');
          return db.query<{ n: number }>('SELECT 2 AS n');
        }),
      );
      assert.deepEqual(rows, [{ n: 2 }]);
    } finally {
      await db.close();
    }
  });
});
