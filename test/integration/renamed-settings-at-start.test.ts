import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { startServer, stopAllServers } from '../helpers/cli-server.ts';

// An operator upgrading with the generation queue's old setting names in their environment: the
// service starts, honours them, and says once which names to change.

after(stopAllServers);

describe('vetrina serve with old setting names', () => {
  test('starts, logs one warning naming every old name, and lets a new name win over its old one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vetrina-renamed-settings-'));
    const server = await startServer({ DATA_DIR: dir, JOB_EXPIRE_SECONDS: '900', WORKER_BATCH_SIZE: '10', GENERATION_FETCH_SIZE: '20' });
    try {
      await server.waitFor(/"msg":"workers started"/);
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; generationsAtOnce?: number; fetchSize?: number });
      const warnings = lines.filter((line) => line.msg.includes('deprecated setting names'));
      assert.equal(warnings.length, 1, server.output());
      assert.equal(warnings[0]?.level, 40, 'a warning');
      assert.match(warnings[0]?.msg ?? '', /JOB_EXPIRE_SECONDS \(now GENERATION_TIMEOUT_SECONDS\)/);
      assert.match(warnings[0]?.msg ?? '', /WORKER_BATCH_SIZE \(now GENERATION_FETCH_SIZE, which is set and wins\)/);
      const started = lines.find((line) => line.msg === 'workers started');
      assert.deepEqual([started?.generationsAtOnce, started?.fetchSize], [800, 20], server.output());
    } finally {
      assert.equal(await server.stop(), 0);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
