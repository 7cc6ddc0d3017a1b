import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('source circuit breaker settings', () => {
  test('default to 5 failures, a 5 s cooldown doubling up to 5 min', () => {
    assert.deepEqual(loadConfig({}).sources.breaker, { failures: 5, cooldownMs: 5_000, maxCooldownMs: 300_000 });
  });

  test('are read from SOURCE_BREAKER_*', () => {
    const config = loadConfig({ SOURCE_BREAKER_FAILURES: '2', SOURCE_BREAKER_COOLDOWN_SECONDS: '30', SOURCE_BREAKER_MAX_COOLDOWN_SECONDS: '600' });
    assert.deepEqual(config.sources.breaker, { failures: 2, cooldownMs: 30_000, maxCooldownMs: 600_000 });
  });

  test('a maximum cooldown below the first one fails at start, naming the setting', () => {
    assert.throws(
      () => loadConfig({ SOURCE_BREAKER_COOLDOWN_SECONDS: '60', SOURCE_BREAKER_MAX_COOLDOWN_SECONDS: '10' }),
      (err: unknown) => err instanceof ConfigError && /SOURCE_BREAKER_MAX_COOLDOWN_SECONDS: must be at least SOURCE_BREAKER_COOLDOWN_SECONDS/.test(err.message),
    );
    assert.throws(() => loadConfig({ SOURCE_BREAKER_FAILURES: '0' }), ConfigError);
  });
});
