import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nestsDeeperThan } from '../../src/domain/json-depth.ts';

test('depth counts objects and arrays alike, up to the limit and one past it', () => {
  assert.equal(nestsDeeperThan('[[{"a":[1]}]]', 4), false);
  assert.equal(nestsDeeperThan('[[{"a":[[1]]}]]', 4), true);
  assert.equal(nestsDeeperThan('[1,2,{"a":3},[4]]', 2), false);
});

test('brackets inside strings, escaped quotes included, do not count', () => {
  assert.equal(nestsDeeperThan(JSON.stringify({ a: '[[[[[[' }), 1), false);
  assert.equal(nestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[\\" \\\\', b: '"{{{{' }), 1), false);
  // After an escaped backslash the quote closes the string, so the brackets after it count.
  assert.equal(nestsDeeperThan('{"a":"x\\\\","b":[[[1]]]}', 3), true);
});

test('a million levels are scanned without a stack', () => {
  assert.equal(nestsDeeperThan('['.repeat(1_000_000), 64), true);
});
