import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoundedMemo } from '../../src/bounded-memo.ts';

test('a bounded memo computes a key once, keeps a null answer, and starts again when full', () => {
  const memo = new BoundedMemo<string | null>(2);
  const computed: string[] = [];
  const lookUp = (key: string) =>
    memo.get(key, () => {
      computed.push(key);
      return key === 'none' ? null : key.toUpperCase();
    });
  assert.equal(lookUp('a'), 'A');
  assert.equal(lookUp('a'), 'A');
  assert.equal(lookUp('none'), null);
  assert.equal(lookUp('none'), null);
  assert.deepEqual(computed, ['a', 'none']);
  // Full at two keys: a third empties it, so 'a' is computed again (the same answer).
  assert.equal(lookUp('b'), 'B');
  assert.equal(lookUp('a'), 'A');
  assert.deepEqual(computed, ['a', 'none', 'b', 'a']);
});
