import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Teardown } from '../../src/teardown.ts';

const close = { graceful: true, deadline: 0 };

test('a close closes newest first and only once; after a cleanup fails, the next close starts at it', async () => {
  const closed: string[] = [];
  let poolFails = true;
  const teardown = new Teardown();
  teardown.add(() => {
    closed.push('database');
  });
  teardown.add(() => {
    if (poolFails) throw new Error('the pool would not close');
    closed.push('pool');
  });
  teardown.add(() => {
    closed.push('workers');
  });

  await assert.rejects(teardown.run(close), /the pool would not close/);
  assert.deepEqual(closed, ['workers']);
  poolFails = false;
  await teardown.run(close);
  assert.deepEqual(closed, ['workers', 'pool', 'database']);
  await teardown.run(close);
  assert.deepEqual(closed, ['workers', 'pool', 'database']);
});

test('two closes at once close each thing once, one after the other', async () => {
  const closed: string[] = [];
  const teardown = new Teardown();
  teardown.add(() => {
    closed.push('database');
  });
  teardown.add(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    closed.push('workers');
  });
  await Promise.all([teardown.run(close), teardown.run({ graceful: false, deadline: 0 })]);
  assert.deepEqual(closed, ['workers', 'database']);
});

test('a cleanup added while a close runs is closed too, before what opened earlier', async () => {
  const closed: string[] = [];
  const teardown = new Teardown();
  teardown.add(() => {
    closed.push('database');
  });
  teardown.add(async () => {
    teardown.add(() => {
      closed.push('late worker');
    });
    closed.push('pool');
  });
  await teardown.run(close);
  assert.deepEqual(closed, ['pool', 'late worker', 'database']);
});
