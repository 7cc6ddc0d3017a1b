import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FailedAuthLimit } from '../../src/http/failed-auth-limit.ts';

test('a window of one minute: the limit is reached, then lifts when the window ends', () => {
  let now = 1_000_000;
  const limit = new FailedAuthLimit(2, () => now);
  limit.recordFailure('192.0.2.1');
  assert.equal(limit.retryAfterSeconds('192.0.2.1'), null);
  limit.recordFailure('192.0.2.1');
  assert.equal(limit.retryAfterSeconds('192.0.2.1'), 60);
  now += 45_500;
  assert.equal(limit.retryAfterSeconds('192.0.2.1'), 15);
  now += 14_500;
  assert.equal(limit.retryAfterSeconds('192.0.2.1'), null);
});

test('IPv6 clients are counted by their /64; IPv4-mapped addresses as IPv4', () => {
  const limit = new FailedAuthLimit(2);
  limit.recordFailure('2001:db8:1:2::a');
  limit.recordFailure('2001:db8:1:2:ffff::b');
  assert.notEqual(limit.retryAfterSeconds('2001:db8:1:2::c'), null);
  assert.equal(limit.retryAfterSeconds('2001:db8:1:3::a'), null);
  limit.recordFailure('::ffff:192.0.2.9');
  limit.recordFailure('192.0.2.9');
  assert.notEqual(limit.retryAfterSeconds('192.0.2.9'), null);
});
