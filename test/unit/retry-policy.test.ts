import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '../../src/domain/webhooks.ts';
import { backoffPolicy, schedulePolicy } from '../../src/queue/retry-policy.ts';
import { generationRetryPolicy } from '../../src/pipeline/generation-claim.ts';

/** The waits a user would see after each failed attempt, until the policy gives up. */
function waits(policy: { maxAttempts: number; delayAfter(attempts: number): number | null }): (number | null)[] {
  return Array.from({ length: policy.maxAttempts }, (_, i) => policy.delayAfter(i + 1));
}

describe('retry policies', () => {
  test("a generation's retries wait 5 s, 10 s, 20 s … doubling up to ten minutes, and none follows the last attempt", () => {
    const policy = backoffPolicy({ delaySeconds: 5, maxDelaySeconds: 600, maxAttempts: 10 });
    assert.equal(policy.maxAttempts, 10);
    assert.deepEqual(waits(policy), [5, 10, 20, 40, 80, 160, 320, 600, 600, null]);
    assert.equal(policy.delayAfter(11), null, 'past the last attempt');
  });

  test('the generation policy follows GENERATION_RETRIES and GENERATION_RETRY_DELAY_SECONDS, capped at ten minutes', () => {
    assert.deepEqual(waits(generationRetryPolicy({ retryLimit: 3, retryDelaySeconds: 5 })), [5, 10, 20, null]);
    assert.deepEqual(waits(generationRetryPolicy({ retryLimit: 2, retryDelaySeconds: 3600 })), [600, 600, null]);
    assert.deepEqual(waits(generationRetryPolicy({ retryLimit: 0, retryDelaySeconds: 5 })), [null], 'no retries: the first attempt is the last');
  });

  test("a webhook delivery's eight attempts over about a day: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then given up", () => {
    const policy = schedulePolicy(DEFAULT_RETRY_SCHEDULE_SECONDS);
    assert.equal(policy.maxAttempts, 8);
    assert.deepEqual(waits(policy), [5, 300, 1800, 7200, 18_000, 36_000, 36_000, null]);
    assert.equal(policy.delayAfter(9), null);
    const total = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    assert.ok(total > 24 * 3600 && total < 30 * 3600);
  });

  test('an overridden schedule is followed as written, a wait of 0 included', () => {
    assert.deepEqual(waits(schedulePolicy([0, 60])), [0, 60, null]);
  });
});
