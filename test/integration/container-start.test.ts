import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { OFFLINE_ENV } from '../helpers/offline-env.ts';
import { onlyJson, runCli } from '../helpers/run-cli.ts';

// A start that fails half-way must close everything it opened: above all the PGlite data directory
// and its lock, or another process starting on that directory is refused as long as this one lives
// (a supervisor that retries the start in-process, a test runner).

const logger = pino({ level: 'silent' });

describe('a container start that fails [pglite data directory]', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vetrina-start-'));
    env = { ...OFFLINE_ENV, DATA_DIR: join(dir, 'data'), MEDIA_DIR: join(dir, 'media'), LOG_LEVEL: 'silent' };
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Another process can start on the data directory: this one, still running, no longer holds it. */
  async function assertAnotherProcessCanStart(account: string): Promise<void> {
    const created = onlyJson(await runCli(['accounts', 'create', '--name', account, '--credits', '1', '--json'], { DATA_DIR: env.DATA_DIR }));
    assert.equal(created.name, account);
  }

  test('failing right after the database opened (an unknown source) releases the data directory', async () => {
    await assert.rejects(createContainer(loadConfig({ ...env, SOURCES: 'catalogue,nowhere' }), { logger }), /unknown source "nowhere"/);
    await assertAnotherProcessCanStart('after-early-failure');
  });

  test('failing at the last step (an agent model that cannot load) stops the queue and releases the data directory', async () => {
    const loaded = loadConfig({ ...env, AGENT_V1_MODEL: 'openai-compatible:qwen3:8b', AGENT_V1_BASE_URL: 'http://127.0.0.1:9/v1' });
    assert.ok(loaded.agents.v1);
    // Configuration refuses this model; a config built by hand reaches the model loader, the last thing a start does.
    const broken: Config = { ...loaded, agents: { ...loaded.agents, v1: { ...loaded.agents.v1, baseUrl: undefined } } };
    await assert.rejects(createContainer(broken, { logger }), /needs a base URL/);
    await assertAnotherProcessCanStart('after-late-failure');
  });
});
