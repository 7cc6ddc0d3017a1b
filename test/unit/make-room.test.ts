import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeRoom } from '../../src/http/make-room.ts';

test('below its bound a table is left as it is, passed entries included', () => {
  const table = new Map([['192.0.2.1', 1]]);
  makeRoom(table, 2, () => true);
  assert.deepEqual([...table.keys()], ['192.0.2.1']);
});

test('at its bound the passed entries go first; if none has passed, the oldest go until one more fits', () => {
  const passed = new Map([
    ['192.0.2.1', 5],
    ['192.0.2.2', 1],
    ['192.0.2.3', 6],
  ]);
  makeRoom(passed, 3, (until) => until <= 2);
  assert.deepEqual([...passed.keys()], ['192.0.2.1', '192.0.2.3']);
  const running = new Map([
    ['192.0.2.1', 5],
    ['192.0.2.2', 7],
    ['192.0.2.3', 6],
  ]);
  makeRoom(running, 3, (until) => until <= 2);
  assert.deepEqual([...running.keys()], ['192.0.2.2', '192.0.2.3']);
});
