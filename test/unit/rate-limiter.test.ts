import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRateLimiter, WaitTooLongError } from '../../src/sources/rate-limiter.ts';
import { parseRetryAfter } from '../../src/sources/remote-source-http.ts';
import { ManualClock } from '../fakes/manual-clock.ts';

/** Lets every pending promise callback run, so a granted acquire shows up as granted. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Starts acquires and records, in order, which were granted. */
function track(limiter: ReturnType<typeof createRateLimiter>, count: number, signal?: AbortSignal) {
  const granted: number[] = [];
  const done = Array.from({ length: count }, (_, i) => limiter.acquire(signal).then(() => void granted.push(i)));
  return { granted, done };
}

describe('rate limiter', () => {
  test('a caller that will not wait that long is told at once, and the next caller still gets its turn', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 100, clock });
    limiter.pauseFor(300);
    await assert.rejects(limiter.acquire(undefined, 0, { maxWaitMs: 120_000 }), (err: unknown) => err instanceof WaitTooLongError && err.waitMs === 300_000);
    let granted = false;
    const patient = limiter.acquire().then(() => {
      granted = true;
    });
    await clock.untilSleeping();
    clock.advance(300_000);
    await patient;
    assert.equal(granted, true);
  });

  test('a tokens-per-minute limit holds back a request whose tokens would overflow the window', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 100, tokensPerMinute: 1000, clock });
    await limiter.acquire(undefined, 600);
    let second = false;
    const done = limiter.acquire(undefined, 600).then(() => {
      second = true;
    });
    await clock.untilSleeping();
    await settle();
    assert.equal(second, false, '600 + 600 tokens exceed 1,000 a minute');
    clock.advance(60_000);
    await done;
    assert.equal(second, true, 'the first request has left the window');
  });

  test('settling a grant with the real token count frees what the estimate over-reserved', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 100, tokensPerMinute: 1000, clock });
    const grant = await limiter.acquire(undefined, 900);
    grant.settle(200);
    let granted = false;
    await limiter.acquire(undefined, 700).then(() => {
      granted = true;
    });
    assert.equal(granted, true, '200 used + 700 asked fit in 1,000 without waiting');
  });

  test('a request larger than the whole token limit is not stuck forever: it goes once the window is empty', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 100, tokensPerMinute: 1000, clock });
    await limiter.acquire(undefined, 5000);
    let second = false;
    const done = limiter.acquire(undefined, 5000).then(() => {
      second = true;
    });
    await clock.untilSleeping();
    await settle();
    assert.equal(second, false);
    clock.advance(60_000);
    await done;
    assert.equal(second, true);
  });

  test('grants up to the per-minute limit at once and the rest once the window has passed, in arrival order', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 3, clock });
    const { granted, done } = track(limiter, 5);
    await clock.untilSleeping();
    await settle();
    assert.deepEqual(granted, [0, 1, 2], 'the first three at once');

    clock.advance(59_999);
    await settle();
    assert.deepEqual(granted, [0, 1, 2], 'no slot frees before a minute has passed');

    clock.advance(1);
    await Promise.all(done);
    assert.deepEqual(granted, [0, 1, 2, 3, 4], 'a minute later the whole window is free again');
  });

  test('a window is sliding: requests spread over the minute free their slots one by one', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 2, clock });
    await limiter.acquire();
    clock.advance(30_000);
    await limiter.acquire();
    const third = track(limiter, 1);
    await clock.untilSleeping();
    clock.advance(30_000);
    await Promise.all(third.done);
    assert.deepEqual(third.granted, [0], 'granted when the first request is a minute old, not two');
  });

  test('an absurd pause (a Retry-After of years) is capped at an hour, so the source comes back', () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 10, clock });
    limiter.pauseFor(99_999_999_999);
    assert.equal(limiter.pauseRemainingMs(), 3600 * 1000);
  });

  test('pauseFor holds back every later request until the pause ends', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 100, clock });
    await limiter.acquire();
    limiter.pauseFor(120);
    assert.equal(limiter.pauseRemainingMs(), 120_000);

    const { granted, done } = track(limiter, 2);
    await clock.untilSleeping();
    clock.advance(119_000);
    await settle();
    assert.deepEqual(granted, []);
    assert.equal(limiter.pauseRemainingMs(), 1_000);

    clock.advance(1_000);
    await Promise.all(done);
    assert.deepEqual(granted, [0, 1]);
    assert.equal(limiter.pauseRemainingMs(), 0);
  });

  test('a pause set while a caller already waits lengthens its wait; a shorter one does not shorten it', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 100, clock });
    limiter.pauseFor(10);
    const { granted, done } = track(limiter, 1);
    await clock.untilSleeping();
    limiter.pauseFor(30);
    limiter.pauseFor(5);
    clock.advance(10_000);
    await clock.untilSleeping();
    await settle();
    assert.deepEqual(granted, [], 'still paused after the first pause ended');
    clock.advance(20_000);
    await Promise.all(done);
    assert.deepEqual(granted, [0]);
  });

  test('an aborted waiter gives up without taking a slot, and the queue moves on', async () => {
    const clock = new ManualClock();
    const limiter = createRateLimiter({ requestsPerMinute: 1, clock });
    await limiter.acquire();
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal);
    const next = track(limiter, 1);
    await clock.untilSleeping();
    controller.abort(new Error('caller gave up'));
    await assert.rejects(aborted, /caller gave up/);

    await clock.untilSleeping();
    clock.advance(60_000);
    await Promise.all(next.done);
    assert.deepEqual(next.granted, [0], 'the slot went to the next caller');
  });

  test('an already aborted signal is refused at once', async () => {
    const limiter = createRateLimiter({ requestsPerMinute: 1, clock: new ManualClock() });
    await assert.rejects(limiter.acquire(AbortSignal.abort(new Error('too late'))), /too late/);
    await limiter.acquire();
  });
});

describe('Retry-After', () => {
  test('reads delta-seconds and HTTP dates; anything else is unknown', () => {
    const now = Date.parse('2026-11-01T10:00:00.000Z');
    assert.equal(parseRetryAfter('120', now), 120);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('Sun, 01 Nov 2026 10:01:30 GMT', now), 90);
    assert.equal(parseRetryAfter('Sun, 01 Nov 2026 09:00:00 GMT', now), 0, 'a date in the past means now');
    assert.equal(parseRetryAfter('soon', now), null);
    assert.equal(parseRetryAfter('-5', now), null);
    assert.equal(parseRetryAfter(null, now), null);
  });
});
