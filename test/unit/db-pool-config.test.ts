import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('DB_POOL_TIMEOUT_SECONDS', () => {
  test('defaults to 5 seconds, and is read in whole seconds up to 600', () => {
    assert.equal(loadConfig({}).dbPoolTimeoutMs, 5000);
    assert.equal(loadConfig({ DB_POOL_TIMEOUT_SECONDS: '30' }).dbPoolTimeoutMs, 30_000);
    assert.equal(loadConfig({ DB_POOL_TIMEOUT_SECONDS: '600' }).dbPoolTimeoutMs, 600_000);
  });

  test('a bad value stops the start with an error naming the setting', () => {
    for (const bad of ['0', '601', '-1', 'soon']) {
      assert.throws(
        () => loadConfig({ DB_POOL_TIMEOUT_SECONDS: bad }),
        (err: unknown) => err instanceof ConfigError && /DB_POOL_TIMEOUT_SECONDS/.test(err.message),
        bad,
      );
    }
  });
});
