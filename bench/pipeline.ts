// End-to-end pipeline benchmark: 10,000 products through the real path, API → queue → sources
// (answered from the shared cache) → template engine → stored, on PGlite and on PostgreSQL.
// The cache is filled first, as after a catalogue warm-up; a cache miss fails the run, so the
// number is the service's own work, not a remote API's latency.
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import type { Database } from '../src/db/database.ts';
import { answerFromCacheOnly } from './fill-source-cache.ts';
import { codes, factsFor } from './pipeline-products.ts';
import { buildApp } from '../src/http/app.ts';
import { startWorkers } from '../src/jobs/worker.ts';
import { createAccount } from '../src/services/accounts.ts';
import { openTarget, targetNames, type TargetName } from './targets.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PER_CALL = 100;
const CALLERS = 4;
const COUNTRIES = ['it', 'de'];
// Generations at once. Unset: 32 one by one (the setting this benchmark measured before batching), the service's default batched.
const GENERATION_CONCURRENCY = process.env.BENCH_GENERATION_CONCURRENCY;
// Unset: the service's own default.
const GENERATION_FETCH_SIZE = process.env.BENCH_GENERATION_FETCH_SIZE;
/**
 * `one`: every generation on its own path (as before batching, 4 a fetch), the comparator;
 * `batched`: a fetch's template generations as one batch, with the service's defaults.
 */
type Mode = 'one' | 'batched';
const MODES = (process.env.BENCH_MODES ?? 'one,batched').split(',').map((m) => m.trim()) as Mode[];

async function finished(db: Database): Promise<{ completed: number; failed: number }> {
  const rows = await db.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM generations WHERE state IN ('completed', 'failed') GROUP BY state`);
  return { completed: rows.find((r) => r.state === 'completed')?.n ?? 0, failed: rows.find((r) => r.state === 'failed')?.n ?? 0 };
}

interface Row {
  target: TargetName;
  mode: Mode;
  fetches: number;
  batchSize: number;
  load: string;
  accepted: number;
  acceptSeconds: number;
  totalSeconds: number;
  completed: number;
  failed: number;
  peakRssMiB: number;
}

async function run(name: TargetName, mode: Mode): Promise<Row> {
  const { opened, close } = await openTarget(name);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DB_POOL_SIZE: '20',
    ...(mode === 'one' ? { GENERATION_CONCURRENCY: GENERATION_CONCURRENCY ?? '32' } : GENERATION_CONCURRENCY === undefined ? {} : { GENERATION_CONCURRENCY }),
    ...(mode === 'one' ? { GENERATION_FETCH_SIZE: '4' } : GENERATION_FETCH_SIZE === undefined ? {} : { GENERATION_FETCH_SIZE }),
    GENERATION_POLL_SECONDS: '0.5',
    SOURCES: 'open_food_facts',
  });
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: opened });
  const all = codes(PRODUCTS);
  await answerFromCacheOnly(container, all, factsFor);
  const { token } = await createAccount(container.db, { name: 'bench', credits: 2_000_000_000, imageStandardization: false });
  const app = await buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 100);

  const t0 = performance.now();
  // Without `engines` the workers run every generation on its own.
  await startWorkers(mode === 'one' ? { ...container, engines: undefined } : container);
  const batches: string[][] = [];
  for (let i = 0; i < all.length; i += PER_CALL) batches.push(all.slice(i, i + PER_CALL));
  let accepted = 0;
  const caller = async () => {
    for (let batch = batches.shift(); batch !== undefined; batch = batches.shift()) {
      const res = await fetch(`${address}/api/v1/products/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ codes: batch.join(','), countries: COUNTRIES }),
      });
      if (res.status !== 202) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      accepted += batch.length;
      if (process.env.BENCH_VERBOSE === '1') process.stderr.write(`${name}: ${accepted} accepted at ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, caller));
  const acceptSeconds = (performance.now() - t0) / 1000;
  let done = await finished(container.db);
  while (done.completed + done.failed < all.length) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    done = await finished(container.db);
  }
  const totalSeconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  await app.close();
  await container.close({ graceful: false });
  await close();
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return {
    target: name,
    mode,
    fetches: config.worker.concurrency,
    batchSize: config.worker.batchSize,
    load,
    accepted,
    acceptSeconds,
    totalSeconds,
    completed: done.completed,
    failed: done.failed,
    peakRssMiB: peakRss / 2 ** 20,
  };
}

const rows: Row[] = [];
for (const name of targetNames()) for (const mode of MODES) rows.push(await run(name, mode));

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`;
const head =
  '| database | generations | fetches × generations a fetch | products | accepted in s | all stored in s | products/s end to end | ÷ one by one | completed | failed | peak RSS MiB | load average after |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|';
const rate = (r: Row) => r.completed / r.totalSeconds;
const lines = rows.map((r) => {
  const one = rows.find((o) => o.target === r.target && o.mode === 'one');
  const ratio = one === undefined || one === r ? '' : `${(rate(r) / rate(one)).toFixed(2)}×`;
  return `| ${r.target} | ${r.mode === 'one' ? 'one by one' : 'batched'} | ${r.fetches} × ${r.batchSize} | ${r.accepted} | ${r.acceptSeconds.toFixed(1)} | ${r.totalSeconds.toFixed(1)} | ${rate(r).toFixed(0)} | ${ratio} | ${r.completed} | ${r.failed} | ${r.peakRssMiB.toFixed(0)} | ${r.load} |`;
});
const report =
  `## Pipeline: API → queue → sources (cache) → template engine → stored\n\n${machine}; ${PRODUCTS} products, ${PER_CALL} codes per call from ${CALLERS} callers, ` +
  `${COUNTRIES.length} countries each, API and workers in one process. "one by one": each generation on its own path ` +
  `(claim, reads, store: about 15 statements a product), the comparator; "batched": the generations of a fetch as one batch.\n\n${[head, ...lines].join('\n')}\n`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/pipeline.md', import.meta.url), report);
