import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import pino from 'pino';
import { createContainer } from '../../src/container.ts';
import { findGeneration } from '../../src/db/generations.ts';
import { createTemplateEngine } from '../../src/generation/template/engine.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import type { ContentEngine } from '../../src/domain/generation-ports.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { startServer, stopAllServers } from '../helpers/cli-server.ts';

const PRODUCT = { title: 'Borraccia termica 500 ml', brand: 'Laken', description: 'Acciaio inossidabile. Mantiene il freddo 24 ore.', countries: ['it'] };

/**
 * An engine that signals when a generation starts and holds it until the test lets it go, or
 * until its run is told to stop, as a real engine's calls stop.
 */
function gatedEngine() {
  const real = createTemplateEngine();
  const started = new EventEmitter();
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const engine: ContentEngine = {
    name: 'gated',
    async generate(input) {
      started.emit('started');
      const stopped = new Promise<void>((resolve) => {
        if (input.signal?.aborted === true) resolve();
        input.signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      await Promise.race([released, stopped]);
      return real.generate(input);
    },
  };
  return { engine, started, release };
}

async function createOne(h: Harness, token: string): Promise<string> {
  return (await h.createQueued(token, PRODUCT)).generationId;
}

for (const target of databaseTargets()) {
  describe(`graceful shutdown [${target.name}]`, () => {
    test('an in-flight generation finishes before the workers stop', async () => {
      const gate = gatedEngine();
      const h = await startHarness(target, { engine: gate.engine, env: { SHUTDOWN_TIMEOUT_SECONDS: '20' } });
      try {
        const { id, token } = await h.account(10);
        const startedSignal = once(gate.started, 'started');
        const generationId = await createOne(h, token);
        await startedSignal;

        // The process's own close, as on SIGTERM: the worker first, then the queue; the database stays open for the checks.
        const stopping = h.container.close({ graceful: true });
        gate.release();
        await stopping;
        assert.equal((await findGeneration(h.container.db, generationId))?.state, 'completed');
        assert.deepEqual(await h.balance(id), { credits: 5, ledger: 5 });
      } finally {
        gate.release();
        await h.close();
      }
    });

    test('a generation still running at the shutdown timeout is given back to another worker, charged once', async () => {
      const gate = gatedEngine();
      const h = await startHarness(target, { engine: gate.engine, env: { SHUTDOWN_TIMEOUT_SECONDS: '1' } });
      try {
        const { id, token } = await h.account(10);
        const startedSignal = once(gate.started, 'started');
        const generationId = await createOne(h, token);
        await startedSignal;

        // The first process stops while its generation hangs: after the timeout its run is told to
        // stop, and the worker hands the generation back rather than settling it: a run cut off by
        // a stop is no failed attempt.
        const gaveBack = once(h.events, 'handed_back', { signal: AbortSignal.timeout(30_000) });
        await h.container.close({ graceful: true });
        const [handedBack] = (await gaveBack) as [{ generationId: string; handedBack: boolean }];
        assert.deepEqual(handedBack, { generationId, handedBack: true });
        const left = await findGeneration(h.container.db, generationId);
        // Unsettled, held by nobody and due at once: the next worker to fetch takes it.
        assert.deepEqual([left?.state, left?.attempts, left?.claimed_until, left?.not_before], ['processing', 0, null, null]);
        assert.deepEqual(await h.balance(id), { credits: 5, ledger: 5 });

        // Another worker process on the same database picks it up and completes it.
        const events = new EventEmitter();
        const second = await createContainer(h.config, { logger: pino({ level: 'silent' }), database: h.database });
        try {
          const settled = once(events, 'settled', { signal: AbortSignal.timeout(30_000) });
          await startWorkers({ ...second, events });
          const [outcome] = (await settled) as [{ generationId: string; outcome: string }];
          assert.deepEqual(outcome, { generationId, outcome: 'completed' });
        } finally {
          await second.close({ graceful: false });
        }
        assert.deepEqual(await h.balance(id), { credits: 5, ledger: 5 });
        const done = await findGeneration(h.container.db, generationId);
        assert.deepEqual([done?.state, done?.attempts], ['completed', 1]);
        const ledger = await h.container.db.query<{ kind: string }>('SELECT kind FROM credit_ledger WHERE account_id = $1 ORDER BY created_at, kind', [id]);
        assert.deepEqual(
          ledger.map((r) => r.kind),
          ['grant', 'charge'],
        );
      } finally {
        gate.release();
        await h.close();
      }
    });
  });
}

describe('vetrina serve stopped with SIGTERM while clients stall', () => {
  after(stopAllServers);

  test('a client that announced a body it never sends, and one that never ends its headers, do not hold the shutdown', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vetrina-stall-'));
    // The default REQUEST_TIMEOUT_SECONDS (30 s) is left as it is: the stop must not wait for it.
    const server = await startServer({ DATA_DIR: join(dir, 'data') });
    const sockets: Socket[] = [];
    try {
      const token = /vt_[A-Za-z0-9_-]+/.exec(server.output())?.[0] ?? assert.fail(`no default token printed:\n${server.output()}`);
      const { port } = new URL(server.url);
      const open = async (head: string) => {
        const socket = connect(Number(port), '127.0.0.1');
        socket.on('error', () => {});
        sockets.push(socket);
        await once(socket, 'connect');
        socket.write(head);
      };
      await open(`POST /api/v1/products/create HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      await open('GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      // The server has the stalled upload once its log shows the request coming in.
      while (!/"method":"POST","url":"\/api\/v1\/products\/create"/.test(server.output())) await delay(50);
      const code = await server.stop();
      assert.equal(code, 0, server.output());
      assert.match(server.output(), /"msg":"stopped"/);
      assert.doesNotMatch(server.output(), /shutdown took too long/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
