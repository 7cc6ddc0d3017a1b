import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inScanTurn } from '../../src/services/account-scans.ts';

/** A read that lasts until `finish` is called, noting when it starts. */
function read(name: string, started: string[]) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test("on PostgreSQL an account's scanning reads run one at a time, in arrival order, and another account's run beside them", async () => {
  const postgres = { dialect: 'postgres' as const, connectionTimeoutMs: 5_000 };
  const started: string[] = [];
  const [a1, a2, b1] = [read('a1', started), read('a2', started), read('b1', started)];
  const first = inScanTurn(postgres, 'account-a', a1.work);
  const second = inScanTurn(postgres, 'account-a', a2.work);
  const other = inScanTurn(postgres, 'account-b', b1.work);
  await tick();
  assert.deepEqual(started, ['a1', 'b1']);
  b1.finish();
  assert.equal(await other, 'b1');
  a1.finish();
  assert.equal(await first, 'a1');
  await tick();
  assert.deepEqual(started, ['a1', 'b1', 'a2']);
  a2.finish();
  assert.equal(await second, 'a2');
});

test('on PGlite the reads are not held here: the database takes turns statement by statement', async () => {
  const pglite = { dialect: 'pglite' as const };
  const started: string[] = [];
  const [a1, a2] = [read('a1', started), read('a2', started)];
  const both = Promise.all([inScanTurn(pglite, 'account-a', a1.work), inScanTurn(pglite, 'account-a', a2.work)]);
  await tick();
  assert.deepEqual(started, ['a1', 'a2']);
  a1.finish();
  a2.finish();
  assert.deepEqual(await both, ['a1', 'a2']);
});
