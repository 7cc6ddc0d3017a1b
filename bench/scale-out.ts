// Scale-out benchmark, PostgreSQL only: the same queued products drained by one, then two,
// `vetrina worker` processes (each row on a fresh database), and what a product costs in the
// database once stored. Products are accepted first with no worker running, so the drain is the
// workers' own work; the sources answer from the shared cache (a miss reaches a closed loopback
// port and fails fast), and content is written by the template engine.
//
//   BENCH_DATABASE_URL=postgres://… node bench/scale-out.ts     (BENCH_WRITE=1 writes results/scale-out.md)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { openPostgres } from '../src/db/postgres-database.ts';
import { fillSourceCache } from './fill-source-cache.ts';
import { benchEan } from './bench-codes.ts';
import { factId, type Fact, type FactKey } from '../src/domain/facts.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import { createServerDatabase } from '../test/helpers/databases.ts';
import { SERVER_URL } from './targets.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
// The service's default for the template engine (two fetches of 400, each stored as one batch).
const GENERATION_CONCURRENCY = process.env.BENCH_GENERATION_CONCURRENCY ?? '800';
const DB_POOL_SIZE = process.env.BENCH_DB_POOL_SIZE ?? '20';
const PER_CALL = 100;
const COUNTRIES = ['it', 'de'];

function codes(n: number): string[] {
  return Array.from({ length: n }, (_, i) => benchEan('81', i));
}

/** A food database's answer for one code: names in both languages, brand, quantity, categories, ingredients. */
function factsFor(code: string, i: number, at: string): Fact[] {
  const fact = (key: FactKey, value: string, language: string | null): Fact => ({
    id: factId('open_food_facts', key, { language, index: 0 }),
    key,
    value,
    language,
    source: 'open_food_facts',
    licence: 'ODbL-1.0',
    fetchedAt: at,
    url: `https://world.openfoodfacts.org/product/${code}`,
  });
  return [
    fact('name', `Biscotti al burro ${i % 97}`, 'it'),
    fact('name', `Butterkekse ${i % 97}`, 'de'),
    fact('brand', ['Molino Rossi', 'Alpenhof', 'Casa Verde'][i % 3] ?? 'Casa Verde', null),
    fact('quantity', `${250 + (i % 4) * 250} g`, null),
    fact('kind', 'food', null),
    fact('category', 'Biscotti', 'it'),
    fact('category', 'Kekse', 'de'),
    fact('ingredients', 'Farina di frumento, burro 18%, zucchero, uova, sale.', 'it'),
    fact('allergens', 'glutine, latte, uova', 'it'),
  ];
}

/** Migrates, fills the cache and accepts every product through the API, with no worker running. */
async function queueProducts(url: string): Promise<{ acceptSeconds: number; emptyBytes: number }> {
  const db = openPostgres(url, 10);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', SOURCES: 'open_food_facts' });
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: { db } });
  const [empty] = await db.query<{ bytes: string }>('SELECT pg_database_size(current_database())::text AS bytes');
  const all = codes(PRODUCTS);
  await fillSourceCache(db, all, factsFor);
  const { token } = await createAccount(db, { name: 'bench', credits: 2_000_000_000, imageStandardization: false });
  const app = await buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const t0 = performance.now();
  const batches: string[][] = [];
  for (let i = 0; i < all.length; i += PER_CALL) batches.push(all.slice(i, i + PER_CALL));
  const caller = async () => {
    for (let batch = batches.shift(); batch !== undefined; batch = batches.shift()) {
      const res = await fetch(`${address}/api/v1/products/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ codes: batch.join(','), countries: COUNTRIES }),
      });
      if (res.status !== 202) throw new Error(`create answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, caller));
  const acceptSeconds = (performance.now() - t0) / 1000;
  await app.close();
  await container.close({ graceful: false });
  await db.close();
  return { acceptSeconds, emptyBytes: Number(empty?.bytes ?? 0) };
}

function startWorker(url: string): ChildProcess {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    SOURCES: 'open_food_facts',
    OPEN_FOOD_FACTS_URL: 'http://127.0.0.1:9/',
    GENERATION_CONCURRENCY,
    DB_POOL_SIZE,
    GENERATION_POLL_SECONDS: '0.5',
  };
  for (const name of ['AGENT_V1_MODEL', 'AGENT_V2_MODEL', 'MEDIA_STORE', 'TEST_DATABASE_URL']) delete env[name];
  const child = spawn(process.execPath, ['bin/vetrina.js', 'worker'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  return child;
}

interface TableSize {
  table: string;
  bytes: number;
}

interface Row {
  processes: number;
  acceptSeconds: number;
  drainSeconds: number;
  completed: number;
  failed: number;
  productsPerSecond: number;
  load: string;
  sizes: TableSize[];
  databaseBytes: number;
  /** After migrations, before any product. */
  emptyBytes: number;
}

async function run(processes: number): Promise<Row> {
  if (SERVER_URL === undefined) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const database = await createServerDatabase(SERVER_URL, 'vetrina_bench');
  const db = openPostgres(database.url, 2);
  const workers: ChildProcess[] = [];
  try {
    const { acceptSeconds, emptyBytes } = await queueProducts(database.url);
    const loadBefore = loadavg()[0] ?? 0;
    const t0 = performance.now();
    for (let i = 0; i < processes; i++) workers.push(startWorker(database.url));
    let done = { completed: 0, failed: 0 };
    while (done.completed + done.failed < PRODUCTS) {
      const gone = workers.find((w) => w.exitCode !== null);
      if (gone !== undefined) throw new Error(`a worker process exited with ${gone.exitCode} before the queue was drained`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [row] = await db.query<{ completed: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM generations`,
      );
      done = { completed: row?.completed ?? 0, failed: row?.failed ?? 0 };
      if (performance.now() - t0 > 30 * 60_000) throw new Error(`not drained after 30 min: ${JSON.stringify(done)}`);
    }
    const wall = (performance.now() - t0) / 1000;
    const loadAfter = loadavg()[0] ?? 0;
    // From the first generation started to the last finished: the workers' own time, without process start.
    const [span] = await db.query<{ seconds: number }>(`SELECT extract(epoch FROM max(finished_at) - min(started_at))::float8 AS seconds FROM generations`);
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => (w.exitCode === null ? once(w, 'exit') : Promise.resolve())));
    const drainSeconds = span?.seconds ?? wall;
    const sizes = await db.query<{ table: string; bytes: string }>(
      `SELECT n.nspname || '.' || c.relname AS table, pg_total_relation_size(c.oid)::text AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
        ORDER BY pg_total_relation_size(c.oid) DESC`,
    );
    const [total] = await db.query<{ bytes: string }>('SELECT pg_database_size(current_database())::text AS bytes');
    return {
      processes,
      acceptSeconds,
      drainSeconds,
      completed: done.completed,
      failed: done.failed,
      productsPerSecond: done.completed / drainSeconds,
      load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
      sizes: sizes.map((s) => ({ table: s.table, bytes: Number(s.bytes) })),
      databaseBytes: Number(total?.bytes ?? 0),
      emptyBytes,
    };
  } finally {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await db.close();
    await database.drop();
  }
}

const rows: Row[] = [];
for (const n of PROCESSES) {
  rows.push(await run(n));
  process.stderr.write(`${n} process(es): ${rows.at(-1)?.productsPerSecond.toFixed(0)} products/s\n`);
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`;
const base = rows[0]?.productsPerSecond ?? 1;
const throughput = [
  '| worker processes | products | accepted in s (no worker running) | drained in s | products/s | vs first row | completed | failed | load avg (1 min) before → after |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.processes} | ${PRODUCTS} | ${r.acceptSeconds.toFixed(1)} | ${r.drainSeconds.toFixed(1)} | ${r.productsPerSecond.toFixed(0)} | ${(r.productsPerSecond / base).toFixed(2)}× | ${r.completed} | ${r.failed} | ${r.load} |`,
  ),
].join('\n');
const last = rows.at(-1);
const storage =
  last === undefined
    ? ''
    : [
        `\n### Database size after ${PRODUCTS} products × ${COUNTRIES.length} countries (last row's database)\n`,
        `Whole database: ${(last.databaseBytes / 2 ** 20).toFixed(1)} MiB, of which ${(last.emptyBytes / 2 ** 20).toFixed(1)} MiB before the first product (migrated schema): ` +
          `${((last.databaseBytes - last.emptyBytes) / PRODUCTS / 1024).toFixed(1)} KiB per product, the generations (the queue) and the source cache included.\n`,
        '| table | MiB | KiB per product |',
        '|---|---:|---:|',
        ...last.sizes.filter((s) => s.bytes >= 256 * 1024).map((s) => `| ${s.table} | ${(s.bytes / 2 ** 20).toFixed(1)} | ${(s.bytes / PRODUCTS / 1024).toFixed(2)} |`),
      ].join('\n');
const report =
  `## Scale-out: queued products drained by separate \`vetrina worker\` processes (PostgreSQL)\n\n${machine}; ${PRODUCTS} products accepted first ` +
  `(${PER_CALL} codes per call, countries ${COUNTRIES.join(', ')}), then drained by N worker processes, each GENERATION_CONCURRENCY ${GENERATION_CONCURRENCY}, ` +
  `DB_POOL_SIZE ${DB_POOL_SIZE}, template engine, sources from the cache; each row on a fresh database on the same server. "Drained in" runs from the ` +
  `first generation started to the last finished (process start left out). PostgreSQL, the workers and other work on the machine share its cores: ` +
  `the load column says how busy it was.\n\n${throughput}\n${storage}\n`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/scale-out.md', import.meta.url), report);
