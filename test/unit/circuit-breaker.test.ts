import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCircuitBreaker } from '../../src/sources/circuit-breaker.ts';
import { ManualClock } from '../fakes/manual-clock.ts';

const SETTINGS = { failures: 3, cooldownMs: 5_000, maxCooldownMs: 20_000 };

function openBreaker() {
  const clock = new ManualClock();
  const breaker = createCircuitBreaker(SETTINGS, clock);
  for (let i = 0; i < SETTINGS.failures; i++) {
    assert.equal(breaker.admit(), 'call');
    breaker.failed();
  }
  return { clock, breaker };
}

describe('circuit breaker', () => {
  test('stays closed below the threshold, and an answer in between starts the count again', () => {
    const clock = new ManualClock();
    const breaker = createCircuitBreaker(SETTINGS, clock);
    assert.equal(breaker.failed(), null);
    assert.equal(breaker.failed(), null);
    assert.equal(breaker.succeeded(), null);
    assert.equal(breaker.failed(), null);
    assert.equal(breaker.failed(), null);
    assert.deepEqual(breaker.snapshot(), { state: 'closed', failures: 2, until: null });
    assert.equal(breaker.admit(), 'call');
  });

  test('opens after N failures in a row and skips every call until the cooldown ends', () => {
    const clock = new ManualClock();
    const breaker = createCircuitBreaker(SETTINGS, clock);
    breaker.failed();
    breaker.failed();
    assert.equal(breaker.failed(), 'opened');
    assert.deepEqual(breaker.snapshot(), { state: 'open', failures: 3, until: clock.now() + 5_000 });
    assert.equal(breaker.admit(), 'skip');
    clock.advance(4_999);
    assert.equal(breaker.admit(), 'skip');
    clock.advance(1);
    assert.equal(breaker.admit(), 'probe');
    assert.equal(breaker.snapshot().state, 'half_open');
  });

  test('half-open lets one probe through at a time; its answer closes the breaker', () => {
    const { clock, breaker } = openBreaker();
    clock.advance(5_000);
    assert.equal(breaker.admit(), 'probe');
    assert.equal(breaker.admit(), 'skip', 'a second caller does not probe while the first is out');
    assert.equal(breaker.succeeded(), 'closed');
    assert.deepEqual(breaker.snapshot(), { state: 'closed', failures: 0, until: null });
    assert.equal(breaker.admit(), 'call');
  });

  test('a call let through before the breaker opened that fails late does not reopen it while the probe is out', () => {
    const { clock, breaker } = openBreaker();
    clock.advance(5_000);
    assert.equal(breaker.admit(), 'probe');
    assert.equal(breaker.failed('call'), null, 'the late call says nothing about the probe');
    assert.equal(breaker.snapshot().state, 'half_open');
    assert.equal(breaker.succeeded(), 'closed', "the probe's answer still closes it");
  });

  test('a failed probe opens it again for twice as long, up to the cap', () => {
    const { clock, breaker } = openBreaker();
    const cooldowns: number[] = [];
    for (let i = 0; i < 4; i++) {
      const until = breaker.snapshot().until ?? Number.NaN;
      cooldowns.push(until - clock.now());
      clock.advance(until - clock.now());
      assert.equal(breaker.admit(), 'probe');
      assert.equal(breaker.failed('probe'), 'reopened');
    }
    assert.deepEqual(cooldowns, [5_000, 10_000, 20_000, 20_000]);
  });

  test('after closing, the next opening starts again from the first cooldown', () => {
    const { clock, breaker } = openBreaker();
    clock.advance(5_000);
    assert.equal(breaker.admit(), 'probe');
    assert.equal(breaker.failed('probe'), 'reopened');
    clock.advance(10_000);
    assert.equal(breaker.admit(), 'probe');
    breaker.succeeded();
    for (let i = 0; i < SETTINGS.failures; i++) breaker.failed();
    assert.equal(breaker.snapshot().until, clock.now() + 5_000);
  });

  test('a probe that ends without a verdict lets the next caller probe', () => {
    const { clock, breaker } = openBreaker();
    clock.advance(5_000);
    assert.equal(breaker.admit(), 'probe');
    breaker.released();
    assert.equal(breaker.admit(), 'probe');
    assert.equal(breaker.snapshot().state, 'half_open');
  });
});
