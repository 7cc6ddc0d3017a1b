// Agent-model benchmark: raw products through the LLM engines, API → queue → worker → model calls
// against a fake OpenAI-compatible provider on loopback with a fixed latency → stored, on PGlite
// and on PostgreSQL. The fake answers every step correctly at once after the latency, so what is
// measured is how well the service keeps AGENT_CONCURRENCY model calls busy, not a model.
// The fake caches prompts as its provider documents (test/fakes/llm/prompt-cache.ts), so the run
// also measures how much of the input the provider's prompt cache serves, and what the calls would
// cost at the provider's list prices with and without it (BENCH_PROVIDER=openai or anthropic).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type AcceptTimes, type CallerWork, sendCreates } from './create-callers.ts';
import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import type { Database } from '../src/db/database.ts';
import { buildApp } from '../src/http/app.ts';
import { startWorkers } from '../src/jobs/worker.ts';
import { createAccount } from '../src/services/accounts.ts';
import { FIRST_STEPS } from '../src/generation/ai/call-model.ts';
import { answerFromCacheOnly } from './fill-source-cache.ts';
import { codes, factsFor } from './pipeline-products.ts';
import { startBenchProvider } from './provider-thread.ts';
import { SqlTrace } from './sql-trace.ts';
import { backendsCpu, backendsCpuSince, databaseOf, processCpu } from './backend-cpu.ts';
import { openTarget, targetNames, type TargetName } from './targets.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 1000);
const COUNTRIES = (process.env.BENCH_COUNTRIES ?? 'it,de')
  .split(',')
  .map((c) => c.trim().toLowerCase())
  .filter((c) => c !== '');
const AGENT_CONCURRENCY = Number(process.env.BENCH_AGENT_CONCURRENCY ?? 32);
// Which provider's wire format and cache the fake speaks, and the model named: an OpenAI-compatible
// server (the default), OpenAI's Responses API, or Anthropic's Messages API.
const PROVIDER = process.env.BENCH_PROVIDER ?? 'openai-compatible';
if (PROVIDER !== 'openai-compatible' && PROVIDER !== 'openai' && PROVIDER !== 'anthropic') throw new Error(`BENCH_PROVIDER ${PROVIDER}: openai-compatible, openai or anthropic`);
const MODEL = process.env.BENCH_MODEL ?? { 'openai-compatible': 'bench-writer', openai: 'gpt-5-mini', anthropic: 'claude-sonnet-4-5' }[PROVIDER];

/**
 * List prices in US$ per million tokens, as the providers published them (anthropic.com/pricing,
 * openai.com/api/pricing) in September 2025, the latest this bench's author could read: check them
 * before quoting a cost. Anthropic bills a cache write (5-minute TTL) at 1.25× the input price and
 * a read at 0.1×; OpenAI bills no write and a read at 0.1× (GPT-5 family) or 0.5× (GPT-4o).
 */
const LIST_PRICES: Readonly<Record<string, { input: number; cacheRead: number; cacheWrite: number; output: number }>> = {
  'anthropic:claude-sonnet-4-5': { input: 3, cacheRead: 0.3, cacheWrite: 3.75, output: 15 },
  'openai:gpt-5-mini': { input: 0.25, cacheRead: 0.025, cacheWrite: 0.25, output: 2 },
  'openai:gpt-5-nano': { input: 0.05, cacheRead: 0.005, cacheWrite: 0.05, output: 0.4 },
  'openai:gpt-4o': { input: 2.5, cacheRead: 1.25, cacheWrite: 2.5, output: 10 },
};
const PRICES = LIST_PRICES[`${PROVIDER}:${MODEL}`];
const PRICES_AS_OF = '2025-09';
/** OpenAI's Batch API and Anthropic's Message Batches both bill 50 % of the list prices (cache reads and writes included at Anthropic). */
const BATCH_DISCOUNT = 0.5;
// Generations at once in a process and a fetch's size; unset, the service's own defaults (config.ts).
const QUEUE_ENV = {
  ...(process.env.BENCH_GENERATION_CONCURRENCY === undefined ? {} : { GENERATION_CONCURRENCY: process.env.BENCH_GENERATION_CONCURRENCY }),
  ...(process.env.BENCH_GENERATION_FETCH_SIZE === undefined ? {} : { GENERATION_FETCH_SIZE: process.env.BENCH_GENERATION_FETCH_SIZE }),
};
const QUEUE = loadConfig({
  AGENT_V2_MODEL: 'openai-compatible:any',
  AGENT_V2_BASE_URL: 'http://127.0.0.1:1/v1',
  AGENT_CONCURRENCY: String(AGENT_CONCURRENCY),
  ...QUEUE_ENV,
}).worker;
const GENERATIONS_AT_ONCE = QUEUE.concurrency * QUEUE.batchSize;
// A product sent as raw data is one product per create call, so callers overlap instead.
const CALLERS = Number(process.env.BENCH_CALLERS ?? 10);
// BENCH_CODES_PER_CALL=100 sends EAN codes instead, that many a call, answered from a filled source cache
// (a shop's bulk submission): the run then starts with all its jobs queued at once, not trickling in.
const CODES_PER_CALL = process.env.BENCH_CODES_PER_CALL === undefined ? null : Number(process.env.BENCH_CODES_PER_CALL);
// The service's own poll by default; BENCH_WAKE=off leaves the workers to find jobs by polling only (as before #16).
const POLL_SECONDS = process.env.BENCH_POLL_SECONDS ?? '2';
const WAKE = process.env.BENCH_WAKE !== 'off';
const VERBOSE = process.env.BENCH_VERBOSE === '1';
// The callers in a thread of their own (their own event loop), rather than on the service's.
const CALLER_THREAD = process.env.BENCH_CALLER_THREAD === '1';
// The fake provider in a thread of its own, as a real provider is on a machine of its own.
const PROVIDER_THREAD = process.env.BENCH_PROVIDER_THREAD === '1';
// BENCH_WORKER_PROCESSES=N runs the workers as N `vetrina worker` processes (PostgreSQL only), each
// with AGENT_CONCURRENCY ÷ N calls and BENCH_GENERATION_CONCURRENCY generations; this process then
// serves only the API (and the fake provider's thread), as a deployment with worker processes would.
const WORKER_PROCESSES = Number(process.env.BENCH_WORKER_PROCESSES ?? 0);
// BENCH_TRACE=1 counts every SQL statement (the service's and the queue's) and prints them a product.
const TRACE = process.env.BENCH_TRACE === '1' ? new SqlTrace() : null;

if (GENERATIONS_AT_ONCE < AGENT_CONCURRENCY) {
  throw new Error(`generations at once (${GENERATIONS_AT_ONCE}) must be at least AGENT_CONCURRENCY (${AGENT_CONCURRENCY})`);
}

interface Configuration {
  name: 'v1_per_product' | 'v1_per_country' | 'v2';
  label: string;
  agentModel: 'v1' | 'v2';
  env: Record<string, string>;
  /** Model calls one product needs one after another when nothing waits for a slot. */
  sequentialCalls: number;
}

const CONFIGURATIONS: Configuration[] = [
  { name: 'v1_per_product', label: 'v1, one call per product', agentModel: 'v1', env: { AGENT_V1_CALL: 'per_product' }, sequentialCalls: 1 },
  // The countries' calls run side by side.
  { name: 'v1_per_country', label: 'v1, one call per country', agentModel: 'v1', env: { AGENT_V1_CALL: 'per_country' }, sequentialCalls: 1 },
  // Draft, then the critic, per country side by side; the careful writer never needs a repair.
  { name: 'v2', label: 'v2, critic on, 2 repair rounds', agentModel: 'v2', env: { AGENT_CRITIC: 'on', AGENT_REPAIR_ROUNDS: '2' }, sequentialCalls: 2 },
];

function chosenConfigurations(): Configuration[] {
  const only = process.env.BENCH_ROWS?.split(',').map((r) => r.trim());
  return only === undefined ? CONFIGURATIONS : CONFIGURATIONS.filter((c) => only.includes(c.name));
}

// Product names as catalogues write them, in their own language: the scripted writer copies the
// name into the key features of every country, and a record keeps it as it is (“Pesto alla
// genovese” in the German record, “Westfälischer Pumpernickel” in the Italian one). The language
// check masks the facts' names before it judges a text, so no record is repaired for them.
const FOODS: Array<{ title: string; description: (quantity: string) => string; quantities: string[] }> = [
  {
    title: 'Cantuccini toscani',
    description: (q) => `Biscotti alle mandorle cotti due volte, secondo la ricetta toscana. Confezione da ${q}.`,
    quantities: ['200 g', '350 g', '500 g'],
  },
  { title: 'Passata di pomodoro', description: (q) => `Passata di pomodoro italiano, solo pomodoro e sale. Bottiglia da ${q}.`, quantities: ['500 g', '690 g'] },
  { title: 'Fusilli trafilati al bronzo', description: (q) => `Pasta di semola di grano duro trafilata al bronzo. Pacco da ${q}.`, quantities: ['500 g', '1 kg'] },
  { title: 'Grissini stirati a mano', description: (q) => `Grissini torinesi stirati a mano con olio extravergine di oliva. Confezione da ${q}.`, quantities: ['125 g', '250 g'] },
  { title: 'Pesto alla genovese', description: (q) => `Pesto alla genovese con basilico, pinoli e formaggio grattugiato. Vasetto da ${q}.`, quantities: ['90 g', '190 g'] },
  { title: 'Caffè espresso per moka', description: (q) => `Miscela di arabica e robusta, tostatura scura, macinata per moka. Pacchetto da ${q}.`, quantities: ['250 g', '500 g'] },
  {
    title: 'Müsli mit Haselnüssen und Äpfeln',
    description: (q) => `Kernige Haferflocken mit Rosinen, Haselnüssen und Apfelstücken. Packung mit ${q}.`,
    quantities: ['500 g', '750 g', '1 kg'],
  },
  { title: 'Westfälischer Pumpernickel', description: (q) => `Westfälisches Vollkornbrot aus Roggenschrot, lange gebacken. Packung mit ${q}.`, quantities: ['250 g', '500 g'] },
  { title: 'Mozzarella fior di latte', description: (q) => `Mozzarella di latte vaccino, fresca e morbida. Busta da ${q}.`, quantities: ['125 g', '250 g'] },
  { title: 'Apfelmus ohne Zuckerzusatz', description: (q) => `Apfelmus aus süßen Äpfeln, ohne Zuckerzusatz. Glas mit ${q}.`, quantities: ['360 g', '710 g'] },
];
const BRANDS = ['Molino Rossi', 'Dolce Vita', 'Alpenhof', 'Casa Verde', 'Bontà Italiane', 'Nordkorn', 'Terra Mia'];

/**
 * The i-th raw product of the run: title, brand and a description with its quantity; no code, so no
 * source is asked. Its article number makes every product's data its own from its first fact, as in
 * a catalogue: a provider's prompt cache then serves only what products really share.
 */
function rawProduct(i: number): { title: string; brand: string; description: string } {
  const food = FOODS[i % FOODS.length] ?? FOODS[0];
  if (food === undefined) throw new Error('no foods');
  const quantity = food.quantities[Math.floor(i / FOODS.length) % food.quantities.length] ?? '500 g';
  return { title: `${food.title}, art. ${1000 + i}`, brand: BRANDS[i % BRANDS.length] ?? 'Casa Verde', description: food.description(quantity) };
}

interface Settled {
  completed: number;
  failed: number;
  calls: number;
  /** Every input token, cached ones included. */
  tokensIn: number;
  /** Of tokensIn, read from the provider's prompt cache. */
  tokensCached: number;
  /** Of tokensIn, written to it (Anthropic). */
  tokensCacheWrite: number;
  tokensOut: number;
  rounds: number;
  engineMs: number;
  /** Country records stored with a validation message (text withheld or reported): 0 when the writer is as careful as it should be. */
  flaggedRecords: number;
}

async function settledCount(db: Database): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM generations WHERE state IN ('completed', 'failed')`);
  return row?.n ?? 0;
}

async function settled(db: Database): Promise<Settled> {
  const [row] = await db.query<{
    completed: number;
    failed: number;
    calls: number;
    tokens_in: number;
    tokens_in_cached: number;
    tokens_in_cache_write: number;
    tokens_out: number;
    rounds: number;
    engine_ms: number;
  }>(
    `SELECT count(*) FILTER (WHERE state = 'completed')::int AS completed,
            count(*) FILTER (WHERE state = 'failed')::int AS failed,
            coalesce(sum((usage->>'calls')::int), 0)::int AS calls,
            coalesce(sum((usage->>'tokens_in')::bigint), 0)::float8 AS tokens_in,
            coalesce(sum((usage->>'tokens_in_cached')::bigint), 0)::float8 AS tokens_in_cached,
            coalesce(sum((usage->>'tokens_in_cache_write')::bigint), 0)::float8 AS tokens_in_cache_write,
            coalesce(sum((usage->>'tokens_out')::bigint), 0)::float8 AS tokens_out,
            coalesce(sum((usage->>'rounds')::int), 0)::int AS rounds,
            coalesce(avg((usage->>'latency_ms')::float8) FILTER (WHERE state = 'completed'), 0)::float8 AS engine_ms
       FROM generations WHERE state IN ('completed', 'failed')`,
  );
  const [flagged] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM product_content WHERE validation_issues <> '[]'::jsonb`);
  return {
    completed: row?.completed ?? 0,
    failed: row?.failed ?? 0,
    calls: row?.calls ?? 0,
    tokensIn: row?.tokens_in ?? 0,
    tokensCached: row?.tokens_in_cached ?? 0,
    tokensCacheWrite: row?.tokens_in_cache_write ?? 0,
    tokensOut: row?.tokens_out ?? 0,
    rounds: row?.rounds ?? 0,
    engineMs: row?.engine_ms ?? 0,
    flaggedRecords: flagged?.n ?? 0,
  };
}

/** Tokens of the calls that would go through a provider batch API (a generation's first calls), the rest being interactive. */
interface StepTokens {
  in: number;
  cachedIn: number;
  cacheWriteIn: number;
  out: number;
}

interface Row extends Settled {
  /** Of the tokens, those of first calls (draft, generate, images, regenerate): what `processing: batch` sends through the batch API. */
  batchable: StepTokens;
  configuration: Configuration;
  target: TargetName;
  products: number;
  seconds: number;
  /** From the first create's 202 to the last product settled: the run as the issue of the first call saw it. */
  acceptedSeconds: number;
  /** Requests the fake provider answered (equals `calls` when nothing was retried). */
  served: number;
  /** Calls/s between the 10th and the 90th percentile of the calls' arrival times: without the start and the tail. */
  steadyCallsPerSecond: number;
  /** From the first create's 202 to the first model call's arrival at the provider (negative: it arrived before the answer did). */
  firstCallMs: number;
  /** From the first call's arrival to the last call's answer: the span the provider was worked. */
  callSpanSeconds: number;
  promptVersions: string[];
  peakRssMiB: number;
}

async function run(configuration: Configuration, target: TargetName): Promise<Row> {
  const fake = await startBenchProvider(LATENCY_MS, PROVIDER_THREAD, PROVIDER === 'anthropic' ? 'anthropic' : 'openai');
  const { arrivals } = fake;
  const { opened, url, close } = await openTarget(target);
  const limits = { REQUESTS_PER_MINUTE: '1000000', TOKENS_PER_MINUTE: '1000000000' };
  const serviceEnv: Record<string, string> = {
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DB_POOL_SIZE: process.env.BENCH_DB_POOL_SIZE ?? '20',
    GENERATION_CONCURRENCY: String(GENERATIONS_AT_ONCE),
    GENERATION_FETCH_SIZE: String(QUEUE.batchSize),
    GENERATION_POLL_SECONDS: POLL_SECONDS,
    SOURCES: 'catalogue',
    AGENT_CONCURRENCY: String(AGENT_CONCURRENCY),
    AGENT_V1_MODEL: `${PROVIDER}:${MODEL}`,
    AGENT_V1_BASE_URL: fake.baseURL,
    AGENT_V1_API_KEY: 'bench-key',
    AGENT_V2_MODEL: `${PROVIDER}:${MODEL}`,
    AGENT_V2_BASE_URL: fake.baseURL,
    AGENT_V2_API_KEY: 'bench-key',
    ...Object.fromEntries(
      Object.entries(limits).flatMap(([key, value]) => [
        [`AGENT_V1_${key}`, value],
        [`AGENT_V2_${key}`, value],
      ]),
    ),
    ...configuration.env,
  };
  const config = loadConfig(serviceEnv);
  const database = TRACE === null ? opened : { ...opened, db: TRACE.database(opened.db) };
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database });
  // Which calls' tokens a batch generation would send through the batch API: read off the step each call meters.
  const batchable: StepTokens = { in: 0, cachedIn: 0, cacheWriteIn: 0, out: 0 };
  const meterTokens = container.metrics.llmTokens.bind(container.metrics);
  container.metrics.llmTokens = (labels, tokens) => {
    if (FIRST_STEPS.has((labels as { step?: string }).step ?? '')) {
      batchable.in += tokens.in;
      batchable.cachedIn += tokens.cachedIn;
      batchable.cacheWriteIn += tokens.cacheWriteIn;
      batchable.out += tokens.out;
    }
    meterTokens(labels, tokens);
  };
  const eans = codes(PRODUCTS);
  if (CODES_PER_CALL !== null) await answerFromCacheOnly(container, eans, factsFor);
  const { token } = await createAccount(container.db, { name: 'bench', credits: 2_000_000_000, imageStandardization: false });
  const app = await buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 100);

  TRACE?.reset();
  const t0 = performance.now();
  const elapsed = () => ((performance.now() - t0) / 1000).toFixed(1);
  let children: ChildProcess[] = [];
  if (WORKER_PROCESSES > 0) {
    if (url === undefined) throw new Error('BENCH_WORKER_PROCESSES needs PostgreSQL: worker processes cannot share a PGlite directory');
    // Codes are answered from the filled cache, as answerFromCacheOnly does here: a miss reaches a closed loopback port and fails at once.
    const sources: Record<string, string> = CODES_PER_CALL === null ? {} : { SOURCES: 'open_food_facts', OPEN_FOOD_FACTS_URL: 'http://127.0.0.1:9/' };
    children = await startWorkerProcesses(url, { ...serviceEnv, ...sources, AGENT_CONCURRENCY: String(AGENT_CONCURRENCY / WORKER_PROCESSES) });
  } else {
    const workers = await startWorkers(WAKE ? container : { ...container, wakeup: undefined });
    // A worker process loads the language detector and compiles its checks in the background when it
    // starts, long before a shop's first create; without this wait the run's first creates would
    // share the event loop with that work.
    await workers.warmedUp;
  }
  const bodies =
    CODES_PER_CALL === null
      ? Array.from({ length: PRODUCTS }, (_, i) => JSON.stringify({ ...rawProduct(i), countries: COUNTRIES, agent_model: configuration.agentModel }))
      : Array.from({ length: Math.ceil(PRODUCTS / CODES_PER_CALL) }, (_, i) =>
          JSON.stringify({ codes: eans.slice(i * CODES_PER_CALL, (i + 1) * CODES_PER_CALL).join(','), countries: COUNTRIES, agent_model: configuration.agentModel }),
        );
  // The run is timed from the first create sent: a worker process starts long before a shop's first create.
  const sentAt = performance.now();
  const cpuAtStart = process.cpuUsage();
  const server = url === undefined ? null : databaseOf(url);
  const backendsAtStart = server === null ? null : backendsCpu(server);
  const childrenCpu = () => children.reduce((ms, child) => ms + (child.pid === undefined ? 0 : processCpu(child.pid)), 0);
  const childrenAtStart = childrenCpu();
  const { firstAcceptedAt, lastAcceptedAt } = await callers(address, token, bodies);
  if (VERBOSE) process.stderr.write(`${configuration.name} [${target}]: ${PRODUCTS} accepted at ${elapsed()} s\n`);
  // A cheap count every 25 ms, so the run's end is known to within that, not to a poll of the totals.
  let count = await settledCount(container.db);
  let lastReport = performance.now();
  while (count < PRODUCTS) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    count = await settledCount(container.db);
    if (VERBOSE && performance.now() - lastReport > 5000) {
      lastReport = performance.now();
      process.stderr.write(`${configuration.name} [${target}]: ${count} settled, ${arrivals.length} calls at ${elapsed()} s\n`);
    }
  }
  const settledAt = performance.now();
  const seconds = (settledAt - sentAt) / 1000;
  const done = await settled(container.db);
  const backendMs = server === null || backendsAtStart === null ? null : backendsCpuSince(server, backendsAtStart);
  const childrenMs = childrenCpu() - childrenAtStart;
  clearInterval(sampler);
  if (TRACE !== null) process.stderr.write(TRACE.report(`${configuration.name} [${target}], a product`, PRODUCTS, seconds * 1000));
  if (VERBOSE) {
    // How long the first AGENT_CONCURRENCY calls took to start: the slots' ramp, which a run of a few rounds pays again at its tail.
    const filled = (arrivals[AGENT_CONCURRENCY - 1] ?? Number.NaN) - (arrivals[0] ?? Number.NaN);
    const accepted = (lastAcceptedAt ?? Number.NaN) - (firstAcceptedAt ?? Number.NaN);
    process.stderr.write(
      `${configuration.name} [${target}]: first ${AGENT_CONCURRENCY} calls over ${filled.toFixed(0)} ms; ${PRODUCTS} creates accepted over ${accepted.toFixed(0)} ms\n`,
    );
    // Calls arriving in each quarter of the latency from the first: a gap shows slots left empty.
    const first = arrivals[0] ?? 0;
    const buckets: number[] = [];
    for (const at of arrivals) {
      const b = Math.floor((at - first) / (LATENCY_MS / 4));
      buckets[b] = (buckets[b] ?? 0) + 1;
    }
    const cpu = process.cpuUsage(cpuAtStart);
    process.stderr.write(
      `${configuration.name} [${target}]: this process's CPU from the first create ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e3 / PRODUCTS).toFixed(1)} ms a product (its threads' included)${
        children.length === 0 ? '' : `; the ${children.length} worker processes ${(childrenMs / PRODUCTS).toFixed(1)} ms a product`
      }${backendMs === null ? '' : `; PostgreSQL's backends ${(backendMs / PRODUCTS).toFixed(1)} ms a product`}\n`,
    );
    process.stderr.write(`${configuration.name} [${target}]: arrivals a quarter-latency: ${Array.from(buckets, (n) => n ?? 0).join(' ')}\n`);
    // A slot's handoff: from an answer leaving the provider to the call that took its slot arriving
    // (the k-th answer frees the slot the (k + AGENT_CONCURRENCY)-th call takes, the calls being alike).
    const handoffs = arrivals
      .slice(AGENT_CONCURRENCY)
      .map((at, k) => at - ((arrivals[k] ?? at) + LATENCY_MS))
      .sort((a, b) => a - b);
    const q = (p: number) => (handoffs[Math.min(handoffs.length - 1, Math.floor(p * handoffs.length))] ?? Number.NaN).toFixed(0);
    process.stderr.write(`${configuration.name} [${target}]: slot handoff ms p10 ${q(0.1)}, p50 ${q(0.5)}, p90 ${q(0.9)}, max ${q(1)}\n`);
  }
  await stopWorkerProcesses(children);
  const versions = await container.db.query<{ v: string }>(`SELECT DISTINCT usage->>'prompt_version' AS v FROM generations WHERE usage IS NOT NULL ORDER BY 1`);
  await app.close();
  await container.close({ graceful: false });
  await close();
  await fake.close();
  return {
    configuration,
    target,
    products: PRODUCTS,
    seconds,
    acceptedSeconds: (settledAt - (firstAcceptedAt ?? sentAt)) / 1000,
    served: arrivals.length,
    steadyCallsPerSecond: steadyRate(arrivals),
    firstCallMs: (arrivals[0] ?? Number.NaN) - (firstAcceptedAt ?? Number.NaN),
    callSpanSeconds: ((arrivals.at(-1) ?? Number.NaN) + LATENCY_MS - (arrivals[0] ?? Number.NaN)) / 1000,
    promptVersions: versions.map((r) => r.v),
    peakRssMiB: peakRss / 2 ** 20,
    batchable,
    ...done,
  };
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// After "workers started", what a worker process loads in the background (the language detector,
// the checks' patterns) takes a few seconds on a slow machine; a real worker has long done it
// before a shop's first create.
const WORKER_WARM_UP_MS = 5000;

/** N `vetrina worker` processes on the bench database, resolved once each has said its workers started and warmed up. */
async function startWorkerProcesses(databaseUrl: string, env: Record<string, string>): Promise<ChildProcess[]> {
  const children = Array.from({ length: WORKER_PROCESSES }, () =>
    spawn(process.execPath, ['bin/vetrina.js', 'worker'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', AGENT_CHECK_AT_START: 'off' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve, reject) => {
          child.once('exit', (code) => reject(new Error(`a worker process exited with ${code} before it started`)));
          const lines = createInterface({ input: child.stdout ?? process.stdin });
          lines.on('line', (line) => {
            if (process.env.BENCH_VERBOSE === '1' && /"level":[456]0/.test(line)) process.stderr.write(`worker: ${line.slice(0, 300)}\n`);
            if (line.includes('"workers started"')) resolve();
          });
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, WORKER_WARM_UP_MS));
  return children;
}

async function stopWorkerProcesses(children: readonly ChildProcess[]): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? once(child, 'exit') : Promise.resolve())));
}

/** Epoch milliseconds to this thread's performance.now(). */
const local = (epochMs: number | undefined) => (epochMs === undefined ? undefined : epochMs - performance.timeOrigin);

/** The creates from CALLERS clients, on this event loop or (BENCH_CALLER_THREAD=1) on a thread of their own, as a shop's clients would be. */
async function callers(address: string, token: string, bodies: readonly string[]): Promise<{ firstAcceptedAt: number | undefined; lastAcceptedAt: number | undefined }> {
  const work: CallerWork = { address, token, bodies, callers: CALLERS };
  let times: AcceptTimes;
  if (CALLER_THREAD) {
    const thread = new Worker(new URL('./create-callers.ts', import.meta.url), { workerData: work });
    const [answer] = (await once(thread, 'message')) as [{ times?: AcceptTimes; error?: string }];
    await thread.terminate();
    if (answer.times === undefined) throw new Error(answer.error ?? 'the callers thread answered nothing');
    times = answer.times;
  } else {
    times = await sendCreates(work);
  }
  return { firstAcceptedAt: local(times.first), lastAcceptedAt: local(times.last) };
}

function steadyRate(arrivals: readonly number[]): number {
  const from = Math.floor(arrivals.length * 0.1);
  const to = Math.floor(arrivals.length * 0.9);
  const start = arrivals[from];
  const end = arrivals[to];
  if (start === undefined || end === undefined || end <= start) return 0;
  return ((to - from) / (end - start)) * 1000;
}

const rows: Row[] = [];
for (const target of targetNames()) {
  for (const configuration of chosenConfigurations()) rows.push(await run(configuration, target));
}

/** The commit measured, marked when the checkout had local changes. */
function revision(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return changed ? `${commit} with local changes` : commit;
  } catch {
    return 'unknown';
  }
}

const latencySeconds = LATENCY_MS / 1000;
const idealCallsPerSecond = AGENT_CONCURRENCY / latencySeconds;
const cpu = cpus()[0]?.model ?? 'unknown CPU';
const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`;
const head =
  '| configuration | database | products | s to all settled | products/s | ideal products/s | model calls | calls/product | calls/s | steady calls/s | ideal calls/s | efficiency (steady) | from the first 202 (best in whole rounds) | efficiency from the first call | first call ms after the first 202 | engine s/product (floor) | tokens in/product | tokens out/product | completed | failed | repair rounds | records flagged | peak RSS MiB |\n' +
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
const percent = (callsPerSecond: number) => `${((100 * callsPerSecond) / idealCallsPerSecond).toFixed(0)} %`;
/**
 * The best calls/s a run can reach when its calls go in rounds of AGENT_CONCURRENCY: 200 one-call
 * products at 16 take 13 rounds, not 12.5, so at most 96 % of the ideal from the first 202.
 */
const wholeRoundsBound = (r: Row) => {
  const rounds = Math.ceil(r.products / Math.max(1, Math.floor(AGENT_CONCURRENCY / (r.calls / r.products / r.configuration.sequentialCalls)))) * r.configuration.sequentialCalls;
  return r.calls / (rounds * latencySeconds);
};
const lines = rows.map((r) => {
  const callsPerProduct = r.calls / r.products;
  const callsPerSecond = r.calls / r.seconds;
  const idealProducts = callsPerProduct === 0 ? 0 : idealCallsPerSecond / callsPerProduct;
  const calls = r.served === r.calls ? String(r.calls) : `${r.calls} (${r.served} served)`;
  return (
    `| ${r.configuration.label} | ${r.target} | ${r.products} | ${r.seconds.toFixed(1)} | ${(r.completed / r.seconds).toFixed(1)} | ${idealProducts.toFixed(1)} | ${calls} | ` +
    `${callsPerProduct.toFixed(2)} | ${callsPerSecond.toFixed(1)} | ${r.steadyCallsPerSecond.toFixed(1)} | ${idealCallsPerSecond.toFixed(1)} | ` +
    `${percent(callsPerSecond)} (${percent(r.steadyCallsPerSecond)}) | ${percent(r.calls / r.acceptedSeconds)} (${percent(wholeRoundsBound(r))}) | ${percent(r.served / r.callSpanSeconds)} | ${r.firstCallMs.toFixed(0)} | ` +
    `${(r.engineMs / 1000).toFixed(2)} (${(r.configuration.sequentialCalls * latencySeconds).toFixed(2)}) | ${(r.tokensIn / r.products).toFixed(0)} | ${(r.tokensOut / r.products).toFixed(0)} | ` +
    `${r.completed} | ${r.failed} | ${r.rounds} | ${r.flaggedRecords} | ${r.peakRssMiB.toFixed(0)} |`
  );
});
/** US$ for `tokens` at `perMillion` per million tokens. */
const dollars = (tokens: number, perMillion: number) => (tokens * perMillion) / 1e6;

/** Per configuration: input, cached and output tokens a product, and the provider's bill per 1,000 products with and without the cache. */
function cachingReport(): string {
  const money = (usd: number) => `$${usd.toFixed(2)}`;
  const per = (r: Row, tokens: number) => (tokens / r.products).toFixed(0);
  const rowsOut = rows.map((r) => {
    const thousand = 1000 / r.products;
    const share = r.tokensIn === 0 ? 0 : (100 * r.tokensCached) / r.tokensIn;
    let cost = '— | — | — | — | —';
    if (PRICES !== undefined) {
      const all: StepTokens = { in: r.tokensIn, cachedIn: r.tokensCached, cacheWriteIn: r.tokensCacheWrite, out: r.tokensOut };
      const rest: StepTokens = {
        in: all.in - r.batchable.in,
        cachedIn: all.cachedIn - r.batchable.cachedIn,
        cacheWriteIn: all.cacheWriteIn - r.batchable.cacheWriteIn,
        out: all.out - r.batchable.out,
      };
      const without = (t: StepTokens, factor: number) => (dollars(t.in, PRICES.input) + dollars(t.out, PRICES.output)) * factor * thousand;
      const withCache = (t: StepTokens, factor: number) =>
        (dollars(t.in - t.cachedIn - t.cacheWriteIn, PRICES.input) +
          dollars(t.cachedIn, PRICES.cacheRead) +
          dollars(t.cacheWriteIn, PRICES.cacheWrite) +
          dollars(t.out, PRICES.output)) *
        factor *
        thousand;
      // In batch, the first calls are billed at BATCH_DISCOUNT of every list price (cache reads and writes too); the follow-ups stay interactive.
      const batchWithout = without(r.batchable, BATCH_DISCOUNT) + without(rest, 1);
      const batchCached = withCache(r.batchable, BATCH_DISCOUNT) + withCache(rest, 1);
      const interactive = withCache(all, 1);
      cost = `${money(without(all, 1))} | ${money(interactive)} | ${(100 * (1 - interactive / without(all, 1))).toFixed(0)} % | ${money(batchWithout)} | ${money(batchCached)} | ${(100 * (1 - batchCached / interactive)).toFixed(0)} %`;
    }
    const batchShare = r.tokensIn === 0 ? 0 : (100 * r.batchable.in) / r.tokensIn;
    return `| ${r.configuration.label} | ${r.target} | ${r.products} | ${per(r, r.tokensIn)} | ${per(r, r.tokensCached)} | ${share.toFixed(1)} % | ${per(r, r.tokensCacheWrite)} | ${per(r, r.tokensOut)} | ${batchShare.toFixed(0)} % | ${cost} |`;
  });
  const prices =
    PRICES === undefined
      ? `no list price for ${PROVIDER}:${MODEL} (a server of your own): tokens only`
      : `list prices of ${PROVIDER}:${MODEL} as of ${PRICES_AS_OF}, US$ per million tokens: input ${PRICES.input}, cache read ${PRICES.cacheRead}, cache write ${PRICES.cacheWrite}, output ${PRICES.output}`;
  return (
    `### Prompt caching: ${PROVIDER}:${MODEL} (the fake's cache, four characters a token)\n\n` +
    `Tokens a product, summed over its calls (retries included) as the provider reported them: input (cached ones included), read from the cache (and its share of the input), written to it, output. ` +
    `Cost per 1,000 products at the ${prices}; "without cache" prices every input token at the input price. ` +
    `Batch: a generation with \`processing: batch\` sends its first calls (draft, generate, images, regenerate; "in batch" is their share of the input) through the provider's batch API at ${100 * BATCH_DISCOUNT} % of every list price (both providers), its follow-ups (critic, repairs, second chances) interactively; "batch saves" is against interactive with cache.\n\n` +
    '| configuration | database | products | input/product | cached/product | cached share | cache writes/product | output/product | in batch | per 1,000 without cache | per 1,000 with cache | saved | batch, without cache | batch, with cache | batch saves |\n' +
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n' +
    `${rowsOut.join('\n')}\n`
  );
}

const report =
  `## Agent models: API → queue → LLM engine (fake ${PROVIDER}:${MODEL} provider, ${LATENCY_MS} ms a call) → stored\n\n` +
  `${machine}; ${
    CODES_PER_CALL === null
      ? `${PRODUCTS} raw products (title, brand, description with a quantity; no code, so no source lookups), 1 per create call`
      : `${PRODUCTS} EAN codes (answered from a filled source cache), ${CODES_PER_CALL} a create call`
  } from ${CALLERS} callers, countries ${COUNTRIES.join(', ')}; GENERATION_POLL_SECONDS ${POLL_SECONDS}, workers ${WAKE ? 'woken when jobs commit' : 'polling only'}; AGENT_CONCURRENCY ${AGENT_CONCURRENCY}, ` +
  `${GENERATIONS_AT_ONCE} generations at once (${QUEUE.concurrency} fetches × ${QUEUE.batchSize}), ` +
  `rate limits far above the load; API and workers in one process, the callers ${CALLER_THREAD ? 'on a thread of their own' : 'on its event loop'}, the fake provider ${PROVIDER_THREAD ? 'on a thread of its own' : 'on its event loop'}; each row on a fresh database. ` +
  `Code ${revision()}, prompts ${[...new Set(rows.flatMap((r) => r.promptVersions))].join('; ')}.\n\n` +
  `Seconds to all settled: from the first create sent (the workers started and warmed up before it) to the last product settled. Ideal calls/s = AGENT_CONCURRENCY ÷ latency; ideal products/s = ideal calls/s ÷ calls per product; efficiency = calls/s ÷ ideal calls/s, ` +
  `over the whole run and, in brackets, in the steady state (between the 10th and the 90th percentile of the calls' arrival times at the provider); ` +
  `from the first 202: calls ÷ (the first create's 202 to the last product settled) ÷ ideal calls/s, with in brackets the best a run whose calls go in whole rounds of AGENT_CONCURRENCY can reach; ` +
  `from the first call: calls ÷ (first call's arrival to last call's answer) ÷ ideal calls/s. ` +
  `Engine s/product is the mean wall-clock time of one generation's engine, with in brackets its floor: the calls it makes one after another × latency.\n\n` +
  `${[head, ...lines].join('\n')}\n\n${cachingReport()}`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/agents.md', import.meta.url), report);
