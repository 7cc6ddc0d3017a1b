import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentLane, servingAccount } from '../../src/db/account-lane.ts';
import { DatabaseUnavailableError } from '../../src/db/database.ts';
import { accountTurns } from '../../src/services/account-turns.ts';

/** A piece of work that runs until `finish` is called. */
function held() {
  const { promise, resolve } = Promise.withResolvers<void>();
  return { done: promise, finish: () => resolve() };
}

/** Lets every settled piece's follow-ups (the next one's start) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const postgres = { dialect: 'postgres' as const, connectionTimeoutMs: 1_000 };

test("an account's turns let the limit in, the rest in arrival order, and other accounts past", async () => {
  const inTurn = accountTurns(2);
  const started: string[] = [];
  const works = ['a1', 'a2', 'a3', 'a4'].map((name) => ({ name, ...held() }));
  const runs = works.map((w) =>
    inTurn(postgres, 'a', async () => {
      started.push(w.name);
      await w.done;
      return w.name;
    }),
  );
  const other = inTurn(postgres, 'b', async () => {
    started.push('b1');
    return 'b1';
  });
  assert.equal(await other, 'b1');
  assert.deepEqual(started, ['a1', 'a2', 'b1']);
  works[1]?.finish();
  assert.equal(await runs[1], 'a2');
  await settle();
  assert.deepEqual(started, ['a1', 'a2', 'b1', 'a3']);
  works[0]?.finish();
  works[2]?.finish();
  works[3]?.finish();
  assert.deepEqual(await Promise.all(runs), ['a1', 'a2', 'a3', 'a4']);
  assert.deepEqual(started, ['a1', 'a2', 'b1', 'a3', 'a4']);
});

test('a failing piece of work gives its place up', async () => {
  const inTurn = accountTurns(1);
  await assert.rejects(
    inTurn(postgres, 'a', async () => {
      throw new Error('refused');
    }),
    /refused/,
  );
  assert.equal(await inTurn(postgres, 'a', async () => 'next'), 'next');
});

test('one that waits as long as a connection may be waited for is unavailable, with nothing done, and the turns go on', async () => {
  const inTurn = accountTurns(1);
  const impatient = { dialect: 'postgres' as const, connectionTimeoutMs: 10 };
  const first = held();
  const running = inTurn(impatient, 'a', () => first.done);
  let ran = false;
  await assert.rejects(
    inTurn(impatient, 'a', async () => {
      ran = true;
    }),
    (err: unknown) => err instanceof DatabaseUnavailableError && err.outcome === 'not_written' && /account's turn/.test(err.message),
  );
  assert.equal(ran, false);
  const next = inTurn(postgres, 'a', async () => 'next');
  first.finish();
  await running;
  assert.equal(await next, 'next');
});

test('on PGlite, whose own turns share its one connection, every piece runs at once', async () => {
  const inTurn = accountTurns(1);
  const pglite = { dialect: 'pglite' as const, connectionTimeoutMs: 1_000 };
  const started: string[] = [];
  const works = ['a1', 'a2', 'a3'].map((name) => ({ name, ...held() }));
  const runs = works.map((w) =>
    inTurn(pglite, 'a', async () => {
      started.push(w.name);
      await w.done;
    }),
  );
  assert.deepEqual(started, ['a1', 'a2', 'a3']);
  for (const w of works) w.finish();
  await Promise.all(runs);
});

test("a request that waited for its account's turn sends its statements in its own line, not in the line of the request before it", async () => {
  const inTurn = accountTurns(1);
  const first = held();
  const lines: string[] = [];
  const requests = [0, 1, 2].map((i) =>
    servingAccount('a', () => {
      const own = currentLane().line;
      return inTurn(postgres, 'a', async () => {
        if (i === 0) await first.done;
        lines.push(currentLane().line === own ? 'own line' : `line ${currentLane().line}`);
      });
    }),
  );
  first.finish();
  await Promise.all(requests);
  assert.deepEqual(lines, ['own line', 'own line', 'own line']);
});
