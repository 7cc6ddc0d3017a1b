import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness } from '../helpers/harness.ts';
import { untilWaitingOnLock } from '../helpers/lock-waits.ts';
import { findGeneration } from '../../src/db/generations.ts';
import { listContent } from '../../src/db/content.ts';
import { startWorkers } from '../../src/jobs/worker.ts';
import { OFFLINE_ENV } from '../helpers/offline-env.ts';

// On a PostgreSQL server, separate `vetrina worker` processes share one queue (the generations
// table): every generation is done by exactly one of them. PGlite is one process's database, so
// this runs on the server only.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const server = databaseTargets().find((t) => t.name === 'postgres');

interface WorkerProcess {
  child: ChildProcessWithoutNullStreams;
  finished: Set<string>;
  started: Promise<void>;
}

function startWorker(databaseUrl: string, onFinished: () => void): WorkerProcess {
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...OFFLINE_ENV,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    GENERATION_POLL_SECONDS: '0.5',
    // At most 2 × 2 generations in flight per process, fetched 2 at a time, so one process cannot take the whole queue at once.
    GENERATION_CONCURRENCY: '4',
    GENERATION_FETCH_SIZE: '2',
  };
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, ['bin/vetrina.js', 'worker'], { cwd: ROOT, env });
  const finished = new Set<string>();
  let resolveStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (resolveStarted = resolve));
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg?: string; generationId?: string; outcome?: string };
      if (entry.msg === 'workers started') resolveStarted();
      if (entry.msg === 'generation finished' && entry.outcome === 'completed' && entry.generationId) {
        assert.ok(!finished.has(entry.generationId), `generation ${entry.generationId} finished twice in one worker`);
        finished.add(entry.generationId);
        onFinished();
      }
    }
  });
  return { child, finished, started };
}

describe('workers in separate processes [postgres]', { skip: server === undefined ? 'TEST_DATABASE_URL is not set' : false }, () => {
  test('two worker processes share the queue; every product is generated exactly once', { timeout: 120_000 }, async () => {
    if (server === undefined) return;
    const h = await startHarness(server, { workers: false });
    const workers: WorkerProcess[] = [];
    try {
      const url = h.database.url;
      assert.ok(url);
      const progress = new EventTarget();
      const { id, token } = await h.account(1000);
      const generationIds: string[] = [];
      const productIds: string[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await h.post('/api/v1/products/create', token, {
          sku: `MUG-${i}`,
          title: `Tazza in ceramica ${i}`,
          description: 'Ceramica smaltata. Lavabile in lavastoviglie.',
          countries: ['it'],
          agent_model: 'v1',
        });
        assert.equal(res.statusCode, 202, res.body);
        const productId = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
        productIds.push(productId);
        generationIds.push(...(await h.generationIdsOf([productId])));
      }

      // The products stay locked until both processes hold generations: a process's fetch claims
      // its generation rows and then waits on the lock to mark their products processing, so the
      // other process's fetch skips those rows and must claim others. A process has one fetch under
      // way at a time, so two claim statements waiting on the lock means both processes hold at
      // least one. (Counting the rows held, 4 for two fetches of 2, once hung: a fetch can take
      // fewer.) Otherwise one process could drain the queue before the other's first poll.
      await h.container.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM products WHERE id = ANY ($1::uuid[]) FOR UPDATE', [productIds]);
        for (let i = 0; i < 2; i++) workers.push(startWorker(url, () => progress.dispatchEvent(new Event('finished'))));
        await Promise.all(workers.map((w) => w.started));
        await untilWaitingOnLock(h.container.db, 2, 'WITH due AS (%SELECT g.id FROM generations g%');
      });

      const done = () => workers.reduce((n, w) => n + w.finished.size, 0);
      while (done() < generationIds.length) await once(progress, 'finished', { signal: AbortSignal.timeout(60_000) });

      const [a, b] = workers;
      assert.ok(a && b);
      assert.deepEqual(
        [...a.finished].filter((g) => b.finished.has(g)),
        [],
        'no generation ran in both processes',
      );
      assert.deepEqual(new Set([...a.finished, ...b.finished]), new Set(generationIds));
      assert.ok(a.finished.size > 0 && b.finished.size > 0, `both processes took work (${a.finished.size} + ${b.finished.size})`);
      assert.deepEqual(await h.balance(id), { credits: 970, ledger: 970 });

      for (const w of workers) w.child.kill('SIGTERM');
      const codes = await Promise.all(workers.map((w) => once(w.child, 'exit').then(([code]) => code as number | null)));
      assert.deepEqual(codes, [0, 0]);
    } finally {
      for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
      await h.close();
    }
  });
});

describe('a worker process killed mid-generation [postgres]', { skip: server === undefined ? 'TEST_DATABASE_URL is not set' : false }, () => {
  test('SIGKILL during a generation: another worker takes it over once its claim lapses and completes it exactly once', { timeout: 120_000 }, async () => {
    if (server === undefined) return;
    // The healthy worker (this one) keeps the default lease; the doomed process's is short (a quarter of its 2 s expiry), so it lapses soon after the kill.
    const h = await startHarness(server, { workers: false });
    const env: Record<string, string | undefined> = {
      ...process.env,
      ...OFFLINE_ENV,
      DATABASE_URL: h.database.url,
      LOG_LEVEL: 'silent',
      GENERATION_POLL_SECONDS: '0.5',
      GENERATION_TIMEOUT_SECONDS: '2',
    };
    delete env.NODE_TEST_CONTEXT;
    const doomed = spawn(process.execPath, ['test/helpers/slow-worker.ts'], { cwd: ROOT, env });
    try {
      const { id, token } = await h.account(10);
      const res = await h.post('/api/v1/products/create', token, {
        sku: 'KILL-1',
        title: 'Tazza in ceramica',
        description: 'Ceramica smaltata. Lavabile in lavastoviglie.',
        countries: ['it', 'fr'],
      });
      assert.equal(res.statusCode, 202);
      const productId = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      const [generationId] = await h.generationIdsOf([productId]);
      assert.ok(generationId);

      // Wait for the doomed process to be inside the generation, then kill it without warning.
      let seen = '';
      await new Promise<void>((resolve, reject) => {
        doomed.stdout.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes('"generation started"')) resolve();
        });
        doomed.once('exit', (code) => reject(new Error(`worker exited early (${code}): ${seen}`)));
      });
      doomed.kill('SIGKILL');
      await once(doomed, 'exit');
      const atKill = await findGeneration(h.container.db, generationId);
      assert.equal(atKill?.state, 'processing');
      // Its lease is short: on a busy machine the doomed process may itself have lost it once and
      // claimed again before the kill, an attempt counted each time. Those are its attempts.
      const doomedAttempts = atKill?.attempts ?? 0;
      assert.ok(doomedAttempts >= 1);

      // A healthy worker takes the generation over once the dead one's lease lapses.
      await startWorkers({ ...h.container, events: h.events });
      assert.equal((await h.settled([generationId], 60_000)).get(generationId), 'completed');

      const generation = await findGeneration(h.container.db, generationId);
      assert.equal(generation?.state, 'completed');
      // The dead worker's attempts and the one that completed.
      assert.equal(generation?.attempts, doomedAttempts + 1);
      assert.equal((await listContent(h.container.db, productId)).length, 2);
      assert.deepEqual(await h.balance(id), { credits: 4, ledger: 4 });
    } finally {
      if (doomed.exitCode === null && doomed.signalCode === null) doomed.kill('SIGKILL');
      await h.close();
    }
  });
});
