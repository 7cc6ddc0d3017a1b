import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { servingAccount } from '../../src/db/account-lane.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

const pglite = databaseTargets().find((t) => t.name === 'pglite');

// PGlite is one session: without turns, a statement waits behind every statement sent before it,
// whatever account sent them. These tests hold a backlog of one account's statements and show
// another account's work served right after the one statement running.
describe('the embedded database takes statements in turns across accounts [pglite]', () => {
  let h: Harness;

  before(async () => {
    if (pglite === undefined) throw new Error('no PGlite target');
    h = await startHarness(pglite, { workers: false });
    await h.container.db.query('CREATE SEQUENCE served_order');
  });

  after(async () => {
    await h.close();
  });

  /** Sends `count` statements as `accountId`'s at once, each taking its place in the order served. */
  function backlog(accountId: string, count: number): Promise<number>[] {
    return servingAccount(accountId, () =>
      Array.from({ length: count }, () => h.container.db.query<{ n: string }>("SELECT nextval('served_order') AS n").then(([row]) => Number(row?.n))),
    );
  }

  test("one account's statement is served after the statement running, not after another account's backlog", async () => {
    const [start] = await h.container.db.query<{ n: string }>("SELECT nextval('served_order') AS n");
    const first = Number(start?.n) + 1;
    const a = backlog('account-a', 200);
    const [b] = backlog('account-b', 1);
    const served = await Promise.all(a);
    // A's first was running when B's came; B's is next.
    assert.equal(await b, first + 1);
    assert.deepEqual(
      served,
      Array.from({ length: 200 }, (_, i) => (i === 0 ? first : first + i + 1)),
      "A's statements run in the order A sent them",
    );
  });

  test("another account's API request is answered while an account's backlog and untagged work are still waiting", async () => {
    const a = await h.account();
    const b = await h.account();
    let doneOfA = 0;
    let doneUntagged = 0;
    const backlogOfA = backlog(a.id, 300).map((p) => p.then(() => (doneOfA += 1)));
    // Work for no account (a sweep's statements): one line of its own, which B's statements join
    // if its request is not counted as B's once authenticated.
    const untagged = Array.from({ length: 300 }, () => h.container.db.query("SELECT nextval('served_order')").then(() => (doneUntagged += 1)));
    const res = await h.get('/api/v1/account', b.token);
    const doneWhenBAnswered = { a: doneOfA, untagged: doneUntagged };
    assert.equal(res.statusCode, 200);
    await Promise.all([...backlogOfA, ...untagged]);
    // B's request takes a few statements (its token, its account), each waiting for at most a turn of each other lane.
    assert.ok(
      doneWhenBAnswered.a < 30 && doneWhenBAnswered.untagged < 30,
      `B was answered after ${doneWhenBAnswered.a} of A's 300 statements and ${doneWhenBAnswered.untagged} of 300 untagged ones`,
    );
  });

  test("a transaction holds its turn: its statements go through, another account's waits for its COMMIT", async () => {
    await h.container.db.query('CREATE TABLE turn_marks (mark text)');
    let seenByB: { mark: string }[] | undefined;
    let waitingB: Promise<void> | undefined;
    await servingAccount('account-a', () =>
      h.container.db.transaction(async (tx) => {
        await tx.query("INSERT INTO turn_marks VALUES ('first')");
        waitingB = servingAccount('account-b', () =>
          h.container.db.query<{ mark: string }>('SELECT mark FROM turn_marks ORDER BY mark').then((rows) => {
            seenByB = rows;
          }),
        );
        // More of A's statements after B's was sent: they are the transaction's, so they do not wait for B's turn.
        for (let i = 0; i < 20; i += 1) await tx.query('SELECT 1');
        await tx.query("INSERT INTO turn_marks VALUES ('second')");
        assert.equal(seenByB, undefined, "B's statement ran inside A's open transaction");
      }),
    );
    await waitingB;
    assert.deepEqual(seenByB, [{ mark: 'first' }, { mark: 'second' }]);
  });
});
