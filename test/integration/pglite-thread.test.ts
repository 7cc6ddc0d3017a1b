import assert from 'node:assert/strict';
import { existsSync, watch } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openPGlite } from '../../src/db/pglite-database.ts';
import type { DatabaseTarget } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

/**
 * Resolves once `name` exists in `dir`: a signal, not a poll. The watcher is running before the
 * first look, so a file made between the two is still seen (fs/promises' watch only starts
 * watching when first iterated, and under load a file could be made in that gap).
 */
function appeared(dir: string, name: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir, (_event, filename) => {
      if (filename !== name) return;
      watcher.close();
      resolve();
    });
    signal.addEventListener(
      'abort',
      () => {
        watcher.close();
        reject(signal.reason);
      },
      { once: true },
    );
    if (existsSync(join(dir, name))) {
      watcher.close();
      resolve();
    }
  });
}

// PGlite in a data directory on disk, so that a statement and the test can signal each other
// through files: the statement writes `started`, then runs until the test writes `release`.
describe('the embedded database runs beside the API [pglite]', () => {
  let dir: string;
  let h: Harness;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vetrina-pglite-thread-'));
    const target: DatabaseTarget = {
      name: 'pglite',
      async open() {
        const db = await openPGlite(dir);
        return { db, url: undefined, close: () => db.close() };
      },
    };
    h = await startHarness(target, { workers: false });
  });

  after(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  test("a statement that runs for long holds the database, not the API's other requests", async () => {
    let ended = false;
    // The cap only ends the statement if the API never answers (the test then fails, not hangs).
    const statement = h.container.db
      .query(
        `DO $$ BEGIN
           EXECUTE format('COPY (SELECT 1) TO %L', current_setting('data_directory') || '/started');
           WHILE pg_stat_file('release', true) IS NULL AND clock_timestamp() < statement_timestamp() + interval '60 seconds' LOOP
             PERFORM pg_sleep(0.01);
           END LOOP;
         END $$`,
      )
      .then(() => {
        ended = true;
      });
    await appeared(dir, 'started', AbortSignal.timeout(120_000));

    const res = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    assert.equal(ended, false, 'the API answered only after the statement had ended');

    await writeFile(join(dir, 'release'), '');
    await statement;
    assert.equal(ended, true);
  });

  test('an error keeps the fields callers read (SQLSTATE, constraint)', async () => {
    await h.container.db.query('CREATE TABLE thread_errors (id int PRIMARY KEY)');
    await h.container.db.query('INSERT INTO thread_errors VALUES (1)');
    await assert.rejects(h.container.db.query('INSERT INTO thread_errors VALUES (1)'), (err: Error & { code?: unknown; constraint?: unknown }) => {
      assert.equal(err.code, '23505');
      assert.equal(err.constraint, 'thread_errors_pkey');
      return true;
    });
  });

  test("a transaction's statements see each other and nothing else runs inside it", async () => {
    const account = await h.account();
    let outside: { name: string }[] = [];
    let waiting: Promise<void> | undefined;
    await h.container.db.transaction(async (tx) => {
      await tx.query("UPDATE accounts SET name = 'renamed in a transaction' WHERE id = $1", [account.id]);
      // Sent while the transaction is open: it waits for COMMIT, as on PGlite's own lock.
      waiting = h.container.db.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [account.id]).then((rows) => {
        outside = rows;
      });
      const inside = await tx.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [account.id]);
      assert.deepEqual(inside, [{ name: 'renamed in a transaction' }]);
      assert.deepEqual(outside, [], 'a statement from outside ran inside the open transaction');
    });
    await waiting;
    assert.deepEqual(outside, [{ name: 'renamed in a transaction' }]);
  });
});
