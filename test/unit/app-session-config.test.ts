import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('APP_SESSION_IDLE_MINUTES', () => {
  test('defaults to 30 minutes', () => {
    assert.equal(loadConfig({}).appSessionIdleSeconds, 30 * 60);
    assert.equal(loadConfig({ APP_SESSION_IDLE_MINUTES: '' }).appSessionIdleSeconds, 30 * 60, 'empty counts as unset');
  });

  test('is read in whole minutes, from 5 up to the 12-hour end of every session', () => {
    assert.equal(loadConfig({ APP_SESSION_IDLE_MINUTES: '5' }).appSessionIdleSeconds, 300);
    assert.equal(loadConfig({ APP_SESSION_IDLE_MINUTES: '45' }).appSessionIdleSeconds, 45 * 60);
    assert.equal(loadConfig({ APP_SESSION_IDLE_MINUTES: '720' }).appSessionIdleSeconds, 720 * 60);
  });

  test('a bad value stops the start with an error naming the setting', () => {
    for (const bad of ['0', '4', '-5', '721', '7.5', 'thirty', '30m']) {
      assert.throws(
        () => loadConfig({ APP_SESSION_IDLE_MINUTES: bad }),
        (err: unknown) => err instanceof ConfigError && /APP_SESSION_IDLE_MINUTES: must be a whole number of minutes from 5 to 720/.test(err.message),
        bad,
      );
    }
  });
});
