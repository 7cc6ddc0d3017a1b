// Where a product's time goes in the workers: products are accepted first with the workers off,
// then drained while every SQL statement is timed and counted: the service's own (through its
// Database, the generation queue's and the webhook queue's included), per product, with a table per statement. Also the CPU the
// process spent per product while draining, one by one and batched, and the template engine's
// own CPU per product alone (its floor).
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_WRITE=1 node bench/pipeline-trace.ts
//
// BENCH_PRODUCTS (default 2000), BENCH_TARGETS, BENCH_MODES (one,batched), BENCH_GENERATION_CONCURRENCY,
// BENCH_GENERATION_FETCH_SIZE (batched row only). BENCH_WRITE=1 writes results/pipeline-trace.md.
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import type { Database, QueryOptions, SqlRunner, Transaction } from '../src/db/database.ts';
import { startWorkers } from '../src/jobs/worker.ts';
import { createAccount } from '../src/services/accounts.ts';
import type { ContentEngine } from '../src/domain/generation-ports.ts';
import { buildApp } from '../src/http/app.ts';
import { createTemplateEngine } from '../src/generation/template/engine.ts';
import { cleanFacts } from '../src/generation/plain-facts.ts';
import { tagFactLanguages } from '../src/generation/fact-languages.ts';
import { backendsCpu, backendsCpuSince, databaseOf } from './backend-cpu.ts';
import { answerFromCacheOnly } from './fill-source-cache.ts';
import { codes, factsFor } from './pipeline-products.ts';
import { openTarget, targetNames } from './targets.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
// As bench/pipeline.ts: `one` is every generation on its own path, 32 at once fetched 4 at a time
// (before batching), `batched` the service's defaults unless these are set.
const GENERATION_CONCURRENCY = process.env.BENCH_GENERATION_CONCURRENCY;
const GENERATION_FETCH_SIZE = process.env.BENCH_GENERATION_FETCH_SIZE;
type Mode = 'one' | 'batched';
const MODES = (process.env.BENCH_MODES ?? 'one,batched').split(',').map((m) => m.trim()) as Mode[];
let report = '';
const out = (text: string) => {
  report += text;
  process.stdout.write(text);
};

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
    async query(text: string, params?: readonly unknown[], options?: QueryOptions) {
      const start = performance.now();
      try {
        return await runner.query(text, params, options);
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

/** The template engine alone, one product after another: its CPU per product, the floor of the pipeline's own. */
async function engineAlone(engine: ContentEngine, n: number): Promise<number> {
  const inputs = await Promise.all(
    codes(n).map(async (code, i) => ({
      generationId: 'bench',
      product: { id: 'bench', code, codeType: 'ean' as const, sku: null, productHandle: null, title: null, brand: null, description: null, images: [] },
      facts: await tagFactLanguages(cleanFacts(factsFor(code, i, new Date().toISOString())).facts),
      notes: null,
      agentModel: 'v1' as const,
      targets: [
        { country: 'it', language: 'it' },
        { country: 'de', language: 'de' },
      ],
      fields: null,
      existing: [],
    })),
  );
  for (const input of inputs.slice(0, 100)) await engine.generate(input);
  const cpu0 = process.cpuUsage();
  for (const input of inputs) await engine.generate(input);
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000 / n;
}

out(
  `## Pipeline trace: statements and CPU per product while the workers drain ${PRODUCTS} queued products\n\n` +
    `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${new Date().toISOString()}; ` +
    `template engine alone (the same products, one after another): ${(await engineAlone(createTemplateEngine(), 1000)).toFixed(2)} ms CPU a product.\n`,
);

for (const name of targetNames())
  for (const mode of MODES) {
    const { opened, url, close } = await openTarget(name);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      DB_POOL_SIZE: '20',
      ...(mode === 'one'
        ? { GENERATION_CONCURRENCY: GENERATION_CONCURRENCY ?? '32', GENERATION_FETCH_SIZE: '4' }
        : {
            ...(GENERATION_CONCURRENCY === undefined ? {} : { GENERATION_CONCURRENCY }),
            ...(GENERATION_FETCH_SIZE === undefined ? {} : { GENERATION_FETCH_SIZE }),
          }),
      GENERATION_POLL_SECONDS: '0.5',
      SOURCES: 'open_food_facts',
    });
    const db = tracedDatabase(opened.db);
    const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: { ...opened, db } });
    const all = codes(PRODUCTS);
    await answerFromCacheOnly(container, all, factsFor);
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
    const server = url === undefined ? null : databaseOf(url);
    const backends0 = server === null ? null : backendsCpu(server);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await startWorkers(mode === 'one' ? { ...container, engines: undefined } : container);
    for (;;) {
      const [row] = await opened.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM generations WHERE state IN ('completed', 'failed')`);
      if ((row?.n ?? 0) >= all.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const backendMs = server === null || backends0 === null ? null : backendsCpuSince(server, backends0);
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
    out(
      `\n### ${name}, ${mode === 'one' ? 'one by one' : 'batched'} (${config.worker.concurrency} fetches × ${config.worker.batchSize} generations): ` +
        `drained in ${seconds.toFixed(1)} s (${(all.length / seconds).toFixed(0)}/s), load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}\n\n` +
        `- statements a product: service ${per(service.length)}, queue ${per(queue.length)}\n` +
        `- process CPU a product: ${((cpu.user + cpu.system) / 1000 / all.length).toFixed(2)} ms (user ${(cpu.user / 1000 / all.length).toFixed(2)}, system ${(cpu.system / 1000 / all.length).toFixed(2)})` +
        `${name === 'pglite' ? ', the database included' : ''}\n` +
        (backendMs === null ? '' : `- PostgreSQL backends' CPU a product: ${(backendMs / all.length).toFixed(2)} ms\n`) +
        '\n' +
        `| statement | by | a product | ms a product |\n|---|---|---:|---:|\n`,
    );
    for (const [text, e] of [...byText].sort((a, b) => b[1].n - a[1].n)) {
      // Statements run once a batch are rare per product with large batches: their time still counts.
      if (e.n / all.length >= 0.005 || e.ms / all.length >= 0.01) out(`| \`${text.replace(/\|/g, '\\|')}\` | ${e.who} | ${(e.n / all.length).toFixed(3)} | ${per(e.ms)} |\n`);
    }
    await app.close();
    await container.close({ graceful: false });
    await close();
  }
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/pipeline-trace.md', import.meta.url), report);
