import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DrainPace } from '../../src/http/drain-pace.ts';

const MiB = 1024 * 1024;

test("a second's worth is taken in at once; past it, each read waits its share of the rate", () => {
  let now = 5_000;
  const pace = new DrainPace(MiB, () => now);
  assert.equal(pace.took('192.0.2.1', MiB / 2), 0);
  assert.equal(pace.took('192.0.2.1', MiB / 2), 0);
  // 1.25 MiB owed at 1 MiB/s: 250 ms past the free second.
  assert.equal(pace.took('192.0.2.1', MiB / 4), 250);
  now += 250;
  assert.equal(pace.took('192.0.2.1', MiB / 4), 250);
});

test('over a long drain, the bytes taken in never run ahead of the rate by more than the free second', () => {
  let now = 0;
  const pace = new DrainPace(4 * MiB, () => now);
  let taken = 0;
  // A client sending 40 MiB as fast as it can: each 64 KiB read waits what the pace says.
  while (taken < 40 * MiB) {
    const wait = pace.took('198.51.100.7', 64 * 1024);
    taken += 64 * 1024;
    now += wait;
    assert.ok(taken <= 4 * MiB * (now / 1000 + 1) + 64 * 1024, `${taken} bytes by ${now} ms`);
  }
  // 40 MiB at 4 MiB/s, the first 4 MiB free: 9 s.
  assert.ok(now >= 9_000 - 16 && now <= 9_000, `${now} ms`);
});

test('addresses are paced apart: a client owing seconds does not slow another; IPv6 by its /64', () => {
  const now = 0;
  const pace = new DrainPace(MiB, () => now);
  assert.equal(pace.took('192.0.2.1', 10 * MiB), 9_000);
  assert.equal(pace.took('192.0.2.2', MiB), 0);
  assert.equal(pace.took('2001:db8:1:2::a', 3 * MiB), 2_000);
  assert.equal(pace.took('2001:db8:1:2:ffff::b', MiB), 3_000);
  assert.equal(pace.took('2001:db8:1:3::a', MiB), 0);
  assert.equal(pace.took('::ffff:192.0.2.1', 0), 9_000);
});

test('a client that has paid what it owed starts again with its free second', () => {
  let now = 0;
  const pace = new DrainPace(MiB, () => now);
  assert.equal(pace.took('192.0.2.1', 3 * MiB), 2_000);
  now += 3_000;
  assert.equal(pace.took('192.0.2.1', MiB), 0);
});

test('two refused bodies of one client are taken in at once; a third is refused until one ends; other clients are not counted', () => {
  const pace = new DrainPace(MiB);
  assert.equal(pace.mayStart('192.0.2.1'), true);
  assert.equal(pace.mayStart('::ffff:192.0.2.1'), true);
  assert.equal(pace.mayStart('192.0.2.1'), false);
  assert.equal(pace.mayStart('192.0.2.2'), true);
  pace.ended('192.0.2.1');
  assert.equal(pace.mayStart('192.0.2.1'), true);
  assert.equal(pace.mayStart('192.0.2.1'), false);
});
