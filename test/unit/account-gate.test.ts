import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DatabaseUnavailableError } from '../../src/db/database.ts';
import { AccountGate } from '../../src/services/account-gate.ts';

/** A piece of work that runs until `finish` is called. */
function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish: () => finish() };
}

test('an account gate lets the limit in, the rest in arrival order, and other accounts past', async () => {
  const gate = new AccountGate(2);
  const started: string[] = [];
  const works = ['a1', 'a2', 'a3', 'a4'].map((name) => ({ name, ...held() }));
  const runs = works.map((w) =>
    gate.run('a', async () => {
      started.push(w.name);
      await w.done;
      return w.name;
    }),
  );
  const other = gate.run('b', async () => {
    started.push('b1');
    return 'b1';
  });
  assert.equal(await other, 'b1');
  assert.deepEqual(started, ['a1', 'a2', 'b1']);
  works[1]?.finish();
  assert.equal(await runs[1], 'a2');
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(started, ['a1', 'a2', 'b1', 'a3']);
  works[0]?.finish();
  works[2]?.finish();
  works[3]?.finish();
  assert.deepEqual(await Promise.all(runs), ['a1', 'a2', 'a3', 'a4']);
  assert.deepEqual(started, ['a1', 'a2', 'b1', 'a3', 'a4']);
});

test('a failing piece of work gives its place up', async () => {
  const gate = new AccountGate(1);
  await assert.rejects(
    gate.run('a', async () => {
      throw new Error('refused');
    }),
    /refused/,
  );
  assert.equal(await gate.run('a', async () => 'next'), 'next');
});

test('one that waits longer than allowed is unavailable, with nothing done, and the queue goes on', async () => {
  const gate = new AccountGate(1);
  const first = held();
  const running = gate.run('a', () => first.done, 10);
  let ran = false;
  await assert.rejects(
    gate.run(
      'a',
      async () => {
        ran = true;
      },
      10,
    ),
    (err: unknown) => err instanceof DatabaseUnavailableError && err.outcome === 'not_written',
  );
  assert.equal(ran, false);
  const next = gate.run('a', async () => 'next', 1000);
  first.finish();
  await running;
  assert.equal(await next, 'next');
});
