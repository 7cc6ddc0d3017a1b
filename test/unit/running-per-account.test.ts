import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RunningPerAccount } from '../../src/http/running-per-account.ts';

test('slots per account up to the cap; a slot given back twice counts once', () => {
  const running = new RunningPerAccount(2);
  const first = running.take('a');
  const second = running.take('a');
  assert.notEqual(first, null);
  assert.notEqual(second, null);
  assert.equal(running.take('a'), null);
  assert.notEqual(running.take('b'), null, 'another account has slots of its own');
  first?.();
  first?.();
  assert.notEqual(running.take('a'), null);
  assert.equal(running.take('a'), null, 'the double give-back freed one slot, not two');
});
