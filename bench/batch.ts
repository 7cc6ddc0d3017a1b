// Batch processing, exactly once: PRODUCTS v1 creates with `"processing": "batch"` go through a
// fake Anthropic's Message Batches API (its wire format, test/fakes/llm/anthropic-server.ts) from
// a `vetrina worker` process that is killed (SIGKILL) once every request is stored as submitted and
// before any result exists; a fresh worker process on the same PostgreSQL database then retrieves
// the results. Reported: requests submitted per custom_id, requests the provider answered, products
// settled and charged, and what the tokens cost at Anthropic's list prices interactive vs batch.
//
//   node bench/batch.ts            (BENCH_PRODUCTS=1000, BENCH_PROVIDER=anthropic | openai,
//                                   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { openPostgres } from '../src/db/postgres-database.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import { startFakeAnthropic } from '../test/fakes/llm/anthropic-server.ts';
import { startFakeOpenAiCompatible } from '../test/fakes/llm/openai-compatible-server.ts';
import { productWriter } from '../test/fakes/llm/product-writer.ts';
import { createServerDatabase, onServerDatabase } from '../test/helpers/databases.ts';
import { OFFLINE_ENV } from '../test/helpers/offline-env.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PROVIDER = process.env.BENCH_PROVIDER === 'openai' ? 'openai' : 'anthropic';
/** List prices, US$ per million tokens (2025-09, as bench/agents.ts has them); both batch APIs bill 50 % of each. */
const MODELS = {
  anthropic: { model: 'anthropic:claude-sonnet-4-5', key: 'ANTHROPIC_API_KEY', prices: { input: 3, cacheRead: 0.3, cacheWrite: 3.75, output: 15 }, api: 'Message Batches API' },
  openai: { model: 'openai:gpt-5-mini', key: 'OPENAI_API_KEY', prices: { input: 0.25, cacheRead: 0.025, cacheWrite: 0.25, output: 2 }, api: 'Batch API' },
} as const;
const { model: MODEL, key: KEY, prices: PRICES, api: API } = MODELS[PROVIDER];
const BATCH_DISCOUNT = 0.5;

const fake = await (PROVIDER === 'openai' ? startFakeOpenAiCompatible : startFakeAnthropic)({ script: productWriter(), apiKey: 'bench-key', holdBatches: true });
const server = await createServerDatabase(SERVER, 'vetrina_bench_batch');
const env: Record<string, string> = {
  ...OFFLINE_ENV,
  AGENT_V1_MODEL: MODEL,
  AGENT_V1_BASE_URL: fake.baseURL,
  AGENT_V2_MODEL: MODEL,
  AGENT_V2_BASE_URL: fake.baseURL,
  [KEY]: 'bench-key',
  MODEL_BATCH_WINDOW_MS: '1000',
  MODEL_BATCH_POLL_MS: '500',
  // Every batch generation holds a generation slot while it waits: all of them may wait at once.
  GENERATION_CONCURRENCY: String(PRODUCTS),
  GENERATION_FETCH_SIZE: '100',
  // A lease of 10 s: the killed worker's claims lapse soon after.
  GENERATION_TIMEOUT_SECONDS: '40',
  GENERATION_POLL_SECONDS: '0.5',
  AGENT_CHECK_AT_START: 'off',
  // The bench's one caller sends every create.
  RATE_LIMIT_PER_MINUTE: '100000',
};
const config = loadConfig({ ...env, DATABASE_URL: server.url, LOG_LEVEL: 'silent' });
const database = onServerDatabase(server, openPostgres(server.url, 10));
const container = await createContainer(config, { logger: pino({ level: 'silent' }), database });
const app = await buildApp(container);
const db = container.db;

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['bin/vetrina.js', 'worker'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env, DATABASE_URL: server.url, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
    if (process.env.BENCH_VERBOSE === '1') process.stderr.write(`worker ${child.pid}: ${line.slice(0, 300)}\n`);
  });
  return child;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql, params);
  return row?.n ?? 0;
}

async function until(what: string, ready: () => Promise<boolean>, limitMs = 600_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(200);
  }
}

const startedAt = Date.now();
const { account, token } = await createAccount(db, { name: `bench-batch-${process.pid}`, credits: 1_000_000, imageStandardization: false });
for (let sent = 0; sent < PRODUCTS; sent += 20) {
  await Promise.all(
    Array.from({ length: Math.min(20, PRODUCTS - sent) }, async (_, i) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/products/create',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          title: `Spaghetti n.${sent + i}`,
          brand: 'Barilla',
          description: 'Pasta di semola di grano duro, 500 g.',
          countries: ['it', 'de'],
          agent_model: 'v1',
          processing: 'batch',
        }),
      });
      if (res.statusCode !== 202) throw new Error(`create: ${res.statusCode} ${res.body}`);
    }),
  );
}
const chargedAfterCreate = await count('SELECT credits::int AS n FROM account_balances WHERE account_id = $1', [account.id]);

const first = startWorker();
await until(
  'every request stored as submitted',
  async () => (await count(`SELECT count(*)::int AS n FROM model_batch_requests r JOIN model_batches b ON b.id = r.batch_id WHERE b.state = 'submitted'`)) === PRODUCTS,
);
const submittedAt = Date.now();
first.kill('SIGKILL');
await once(first, 'exit');
const answeredBeforeKill = await count(`SELECT count(*)::int AS n FROM model_batch_requests WHERE state <> 'pending'`);

const second = startWorker();
fake.releaseBatches();
await until(
  'every product settled',
  async () => (await count(`SELECT count(*)::int AS n FROM generations WHERE account_id = $1 AND state IN ('completed', 'failed')`, [account.id])) === PRODUCTS,
);
const settledAt = Date.now();
second.kill('SIGTERM');
await once(second, 'exit');

const submissions = [...fake.batchSubmissions.values()];
const completed = await count(`SELECT count(*)::int AS n FROM generations WHERE account_id = $1 AND state = 'completed'`, [account.id]);
const charges = await count(`SELECT count(*)::int AS n FROM credit_ledger WHERE account_id = $1 AND delta < 0`, [account.id]).catch(() => Number.NaN);
const balanceNow = await count('SELECT credits::int AS n FROM account_balances WHERE account_id = $1', [account.id]);
const [tokens] = await db.query<{ tin: number; cached: number; written: number; out: number }>(
  `SELECT sum((usage->>'tokens_in')::int)::int AS tin, sum(coalesce((usage->>'tokens_in_cached')::int, 0))::int AS cached,
     sum(coalesce((usage->>'tokens_in_cache_write')::int, 0))::int AS written, sum((usage->>'tokens_out')::int)::int AS out
   FROM generations WHERE account_id = $1`,
  [account.id],
);
const t = tokens ?? { tin: 0, cached: 0, written: 0, out: 0 };
const interactive = ((t.tin - t.cached - t.written) * PRICES.input + t.cached * PRICES.cacheRead + t.written * PRICES.cacheWrite + t.out * PRICES.output) / 1e6;
const batch = interactive * BATCH_DISCOUNT;
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');

const lines = [
  `products ${PRODUCTS}; batches submitted ${fake.batches.length}; custom_ids ${submissions.length}, submitted once ${submissions.filter((n) => n === 1).length}, more than once ${submissions.filter((n) => n > 1).length}`,
  `requests the provider answered ${fake.requests.length} (interactive calls: ${fake.requests.length - submissions.length}); answered before the kill ${answeredBeforeKill}`,
  `products completed ${completed}; debits ${Number.isNaN(charges) ? 'n/a' : charges}; balance unchanged after the create: ${balanceNow === chargedAfterCreate}`,
  `${MODEL}: tokens in ${t.tin} (cache read ${t.cached}, cache write ${t.written}), out ${t.out}: US$ ${interactive.toFixed(2)} interactive, US$ ${batch.toFixed(2)} batch at list prices`,
  `create→submitted ${((submittedAt - startedAt) / 1000).toFixed(1)} s, kill→all settled ${((settledAt - submittedAt) / 1000).toFixed(1)} s; load average ${load}`,
];
console.log(lines.join('\n'));
if (process.env.BENCH_WRITE === '1') {
  const section = `\n## Batch processing: ${PRODUCTS} products through a fake ${API} (${PROVIDER}), worker killed between submission and retrieval (${new Date().toISOString().slice(0, 10)})\n\n\`node bench/batch.ts\` on PostgreSQL; one \`vetrina worker\` process SIGKILLed once every request was stored as submitted, a fresh one started on the same database.\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
  await appendFile(new URL('results/agents.md', import.meta.url), section);
}
await app.close();
await container.close({ graceful: false });
await database.close();
await fake.close();
