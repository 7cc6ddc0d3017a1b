import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, renamedSettingsWarning } from '../../src/config.ts';

// The generation queue's settings were named after pg-boss's jobs and workers; an operator's old
// environment must keep working, and say so once at start.

describe('renamed generation queue settings', () => {
  test('an old name is honoured while its new name is unset, and named in the one warning line', () => {
    const config = loadConfig({ JOB_EXPIRE_SECONDS: '900', JOB_RETRY_LIMIT: '1', JOB_RETRY_DELAY_SECONDS: '7', QUEUE_POLL_SECONDS: '5' });
    assert.equal(config.worker.expireSeconds, 900);
    assert.equal(config.worker.retryLimit, 1);
    assert.equal(config.worker.retryDelaySeconds, 7);
    assert.equal(config.worker.pollSeconds, 5);
    assert.equal(
      renamedSettingsWarning(config),
      'deprecated setting names, read only while the new name is unset: JOB_RETRY_LIMIT (now GENERATION_RETRIES), ' +
        'JOB_RETRY_DELAY_SECONDS (now GENERATION_RETRY_DELAY_SECONDS), JOB_EXPIRE_SECONDS (now GENERATION_TIMEOUT_SECONDS), ' +
        'QUEUE_POLL_SECONDS (now GENERATION_POLL_SECONDS)',
    );
  });

  test('the new name wins when both are set, and the warning says the old one is ignored', () => {
    const config = loadConfig({ JOB_EXPIRE_SECONDS: '900', GENERATION_TIMEOUT_SECONDS: '120' });
    assert.equal(config.worker.expireSeconds, 120);
    assert.match(renamedSettingsWarning(config) ?? '', /JOB_EXPIRE_SECONDS \(now GENERATION_TIMEOUT_SECONDS, which is set and wins\)/);
  });

  test('without old names there is no warning', () => {
    assert.equal(renamedSettingsWarning(loadConfig({ GENERATION_TIMEOUT_SECONDS: '120' })), null);
  });

  test('WORKER_CONCURRENCY and WORKER_BATCH_SIZE keep their meaning: that many fetches of that size at once', () => {
    const worker = (env: Record<string, string>) => {
      const { concurrency, batchSize } = loadConfig(env).worker;
      return [concurrency, batchSize];
    };
    assert.deepEqual(worker({ WORKER_CONCURRENCY: '3' }), [3, 400]);
    assert.deepEqual(worker({ WORKER_CONCURRENCY: '1', WORKER_BATCH_SIZE: '10' }), [1, 10]);
    assert.deepEqual(worker({ WORKER_BATCH_SIZE: '50' }), [2, 50], 'two fetches, as before');
    const llm = { AGENT_V2_MODEL: 'openai-compatible:qwen3', AGENT_V2_BASE_URL: 'http://127.0.0.1:11434/v1', AGENT_CONCURRENCY: '32' };
    assert.deepEqual(worker({ ...llm, WORKER_CONCURRENCY: '2' }), [2, 32], 'twice the calls allowed, over two fetches');
    assert.deepEqual(worker({ ...llm, WORKER_BATCH_SIZE: '6' }), [8, 6]);
    assert.deepEqual(worker({ WORKER_CONCURRENCY: '3', GENERATION_CONCURRENCY: '10' }), [1, 10], 'the new name wins');
    assert.match(
      renamedSettingsWarning(loadConfig({ WORKER_CONCURRENCY: '3', WORKER_BATCH_SIZE: '10' })) ?? '',
      /WORKER_CONCURRENCY \(now GENERATION_CONCURRENCY\), WORKER_BATCH_SIZE \(now GENERATION_FETCH_SIZE\)/,
    );
  });

  test('a bad value under an old name is reported under that name', () => {
    assert.throws(
      () => loadConfig({ JOB_EXPIRE_SECONDS: 'soon' }),
      (err: unknown) => err instanceof ConfigError && /JOB_EXPIRE_SECONDS:/.test(err.message) && !/GENERATION_TIMEOUT_SECONDS/.test(err.message),
    );
    assert.throws(() => loadConfig({ WORKER_CONCURRENCY: '0' }), /WORKER_CONCURRENCY:/);
  });
});
