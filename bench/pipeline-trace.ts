// Where a product's time goes in the workers: products are accepted first with the workers off,
// then drained while every SQL statement is timed and counted: the service's own (through its
// Database) and the queue's (pg-boss), per product, with a table per statement. Also the CPU the
// process spent per product while draining, and the template engine's own time per product.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/pipeline-trace.ts
//
// BENCH_PRODUCTS (default 2000), BENCH_TARGETS, BENCH_WORKER_CONCURRENCY (default 8).
import { loadavg } from 'node:os';
import pino from 'pino';
import type { Db } from 'pg-boss';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import type { Database, SqlRunner, Transaction } from '../src/db/database.ts';
import { startWorkers } from '../src/jobs/worker.ts';
import { createAccount } from '../src/services/accounts.ts';
import type { ContentEngine } from '../src/services/ports.ts';
import { createSourceChain } from '../src/sources/source-chain.ts';
import { buildApp } from '../src/http/app.ts';
import { fillSourceCache } from './fill-source-cache.ts';
import { codes, factsFor } from './pipeline-products.ts';
import { openTarget, targetNames } from './targets.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
const WORKER_CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY ?? '8';
// Unset: the service's own default.
const WORKER_BATCH_SIZE = process.env.BENCH_WORKER_BATCH_SIZE;

interface Sample {
  text: string;
  ms: number;
  who: 'service' | 'queue';
}
let samples: Sample[] = [];
let tracing = false;

function label(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 100);
}

function record(who: Sample['who'], text: string, ms: number): void {
  if (tracing) samples.push({ who, text: label(text), ms });
}

function traced<R extends SqlRunner>(runner: R): R {
  return {
    ...runner,
    async query(text: string, params?: readonly unknown[]) {
      const start = performance.now();
      try {
        return await runner.query(text, params);
      } finally {
        record('service', text, performance.now() - start);
      }
    },
  } as R;
}

function tracedDatabase(db: Database): Database {
  return {
    ...traced(db),
    dialect: db.dialect,
    close: () => db.close(),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => {
      record('service', 'BEGIN … COMMIT (transaction)', 0);
      return db.transaction((tx) => work(traced(tx)));
    },
  };
}

/** pg-boss's own statements: its Db object is shared by its manager, so wrapping the method counts them all. */
function traceQueue(db: Db): void {
  const original = db.executeSql.bind(db);
  db.executeSql = async (text, values) => {
    const start = performance.now();
    try {
      return await original(text, values);
    } finally {
      record('queue', text, performance.now() - start);
    }
  };
}

/** The engine's own time, summed. */
function timedEngine(engine: ContentEngine, spent: { ms: number; n: number }): ContentEngine {
  return {
    ...engine,
    async generate(input) {
      const start = performance.now();
      try {
        return await engine.generate(input);
      } finally {
        spent.ms += performance.now() - start;
        spent.n += 1;
      }
    },
  };
}

for (const name of targetNames()) {
  const { opened, close } = await openTarget(name);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DB_POOL_SIZE: '20',
    WORKER_CONCURRENCY,
    ...(WORKER_BATCH_SIZE === undefined ? {} : { WORKER_BATCH_SIZE }),
    QUEUE_POLL_SECONDS: '0.5',
    SOURCES: 'open_food_facts',
  });
  const db = tracedDatabase(opened.db);
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: { ...opened, db } });
  traceQueue(container.boss.getDb());
  container.sources = createSourceChain({
    db: container.db,
    sources: [{ name: 'open_food_facts', cached: true, codeTypes: ['ean'], lookup: () => Promise.reject(new Error('benchmark cache miss')) }],
    cacheTtlSeconds: 3600,
    notFoundTtlSeconds: 3600,
  });
  const engineTime = { ms: 0, n: 0 };
  container.engine = timedEngine(container.engine, engineTime);
  const all = codes(PRODUCTS);
  await fillSourceCache(container.db, all, factsFor);
  const { token } = await createAccount(container.db, { name: 'bench', credits: 2_000_000_000, imageStandardization: false });
  const app = await buildApp(container);
  for (let i = 0; i < all.length; i += 100) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/products/create',
      headers: { authorization: `Bearer ${token}` },
      payload: { codes: all.slice(i, i + 100).join(','), countries: ['it', 'de'] },
    });
    if (res.statusCode !== 202) throw new Error(res.body);
  }
  samples = [];
  tracing = true;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await startWorkers(container);
  for (;;) {
    const [row] = await opened.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM generations WHERE state IN ('completed', 'failed')`);
    if ((row?.n ?? 0) >= all.length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  tracing = false;
  const per = (n: number) => (n / all.length).toFixed(2);
  const byText = new Map<string, { who: string; n: number; ms: number }>();
  for (const s of samples) {
    const e = byText.get(s.text) ?? { who: s.who, n: 0, ms: 0 };
    e.n += 1;
    e.ms += s.ms;
    byText.set(s.text, e);
  }
  const service = samples.filter((s) => s.who === 'service');
  const queue = samples.filter((s) => s.who === 'queue');
  process.stdout.write(
    `\n### ${name}: ${all.length} products drained in ${seconds.toFixed(1)} s (${(all.length / seconds).toFixed(0)}/s), load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n\n` +
      `- statements a product: service ${per(service.length)}, queue ${per(queue.length)}\n` +
      `- process CPU a product: ${((cpu.user + cpu.system) / 1000 / all.length).toFixed(2)} ms (user ${(cpu.user / 1000 / all.length).toFixed(2)}, system ${(cpu.system / 1000 / all.length).toFixed(2)})\n` +
      `- template engine a product: ${(engineTime.ms / Math.max(1, engineTime.n)).toFixed(2)} ms (wall, inside the engine call)\n\n` +
      `| statement | by | a product | ms a product |\n|---|---|---:|---:|\n`,
  );
  for (const [text, e] of [...byText].sort((a, b) => b[1].n - a[1].n)) {
    process.stdout.write(`| \`${text.replace(/\|/g, '\\|')}\` | ${e.who} | ${per(e.n)} | ${per(e.ms)} |\n`);
  }
  await app.close();
  await container.close({ graceful: false });
  await close();
}
