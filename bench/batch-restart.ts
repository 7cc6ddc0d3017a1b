// Batch processing, exactly once across a crash: BENCH_PRODUCTS (default 1,000) products created
// with `processing: batch`, a `vetrina worker` process that hands their calls to a fake provider's
// batch API (real wire format, on loopback) and is killed (SIGKILL) once every call is submitted
// and none answered, then a fresh worker process on the same PostgreSQL database that polls the
// batches, stores their answers and settles the products. Reports what the provider saw and what
// was settled and charged. BENCH_PROVIDER=anthropic (default) or openai.
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { openPostgres } from '../src/db/postgres-database.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import { startFakeAnthropic } from '../test/fakes/llm/anthropic-server.ts';
import { startFakeOpenAiCompatible } from '../test/fakes/llm/openai-compatible-server.ts';
import { productWriter } from '../test/fakes/llm/product-writer.ts';
import { createServerDatabase } from '../test/helpers/databases.ts';
import { OFFLINE_ENV } from '../test/helpers/offline-env.ts';
import { eventually, startWorker } from '../test/reliability/processes.ts';
import { SERVER_URL } from './targets.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const PROVIDER = process.env.BENCH_PROVIDER ?? 'anthropic';
if (PROVIDER !== 'anthropic' && PROVIDER !== 'openai') throw new Error('BENCH_PROVIDER: anthropic or openai');
if (SERVER_URL === undefined) throw new Error('needs BENCH_DATABASE_URL or TEST_DATABASE_URL: two worker processes share one PostgreSQL database');

const fake = await (PROVIDER === 'anthropic' ? startFakeAnthropic : startFakeOpenAiCompatible)({ script: productWriter(), apiKey: 'bench-key' });
// In progress until the first worker is gone: it submits, and is killed before anything is answered.
fake.batches.setDelayMs(24 * 3_600_000);
const model = PROVIDER === 'anthropic' ? 'anthropic:claude-sonnet-4-5' : 'openai:gpt-5-mini';
const env = {
  AGENT_V1_MODEL: model,
  AGENT_V1_BASE_URL: fake.baseURL,
  AGENT_V1_API_KEY: 'bench-key',
  AGENT_CHECK_AT_START: 'off',
  MODEL_BATCH_WINDOW_MS: '2000',
  MODEL_BATCH_MAX_REQUESTS: '400',
  MODEL_BATCH_POLL_SECONDS: '1',
  GENERATION_POLL_SECONDS: '1',
  SOURCES: 'catalogue',
};
const database = await createServerDatabase(SERVER_URL, 'vetrina_bench');
const db = openPostgres(database.url, 10);
const config = loadConfig({ ...OFFLINE_ENV, ...env, DATABASE_URL: database.url, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' });
const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: { db } });
const app = await buildApp(container);
const { token, account } = await createAccount(db, { name: 'bench', credits: 1_000_000, imageStandardization: false });

const t0 = performance.now();
const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
for (let i = 0; i < PRODUCTS; i++) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/products/create',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      title: `Spaghetti n.${i}`,
      brand: 'Barilla',
      description: `Pasta di semola di grano duro, formato ${i}. Confezione da 500 g.`,
      countries: ['it', 'de'],
      agent_model: 'v1',
      processing: 'batch',
    }),
  });
  if (res.statusCode !== 202) throw new Error(`create ${i}: ${res.statusCode} ${res.body}`);
}
const created = at();
const [charged] = await db.query<{ credits: number }>('SELECT credits FROM account_balances WHERE account_id = $1', [account.id]);

const count = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0]?.n ?? 0);
const first = await startWorker(database.url, env);
await eventually('every call submitted', async () => (await count(`SELECT count(*)::int AS n FROM model_batch_requests WHERE state = 'submitted'`)) === PRODUCTS, 600_000);
const submitted = at();
const batchesAtKill = fake.batches.list.length;
const requestsAtKill = fake.requests.length;
const waitingAtKill = await count(`SELECT count(*)::int AS n FROM generations WHERE state = 'queued'`);
first.child.kill('SIGKILL');
const killedWith = await first.exited;
fake.batches.setDelayMs(0);

const second = await startWorker(database.url, env);
await eventually('every product settled', async () => (await count(`SELECT count(*)::int AS n FROM generations WHERE state IN ('completed', 'failed')`)) === PRODUCTS, 900_000);
const settled = at();
second.child.kill('SIGTERM');
await second.exited;

const [outcome] = await db.query<{
  completed: number;
  failed: number;
  charges: number;
  refunds: number;
  credits: number;
  requests: number;
  answered: number;
  fallback: number;
  attempts: number;
}>(
  `SELECT (SELECT count(*)::int FROM generations WHERE state = 'completed') AS completed,
     (SELECT count(*)::int FROM generations WHERE state = 'failed') AS failed,
     (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1 AND kind = 'charge') AS charges,
     (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1 AND kind = 'refund') AS refunds,
     (SELECT credits FROM account_balances WHERE account_id = $1) AS credits,
     (SELECT count(*)::int FROM model_batch_requests) AS requests,
     (SELECT count(*)::int FROM model_batch_requests WHERE state = 'succeeded') AS answered,
     (SELECT count(*)::int FROM model_batch_requests WHERE state = 'fallback') AS fallback,
     (SELECT sum(attempts)::int FROM generations) AS attempts`,
  [account.id],
);
const batched = fake.requests.filter((r) => r.customId !== undefined);
const unique = new Set(batched.map((r) => r.customId)).size;
const interactive = fake.requests.length - batched.length;
const contentRecords = await count(`SELECT count(*)::int AS n FROM product_content`);

await app.close();
await container.close({ graceful: false });
await db.close();
await database.drop();
await fake.close();

const report =
  `${PRODUCTS} products (v1, one call for it and de, \`processing: batch\`), fake ${model} batch API on loopback, PostgreSQL; worker 1 killed with ${killedWith} once every call was submitted; worker 2 started on the same database.\n\n` +
  '| | |\n|---|---:|\n' +
  `| creates accepted (API in the bench process) | ${created} |\n` +
  `| every call submitted by worker 1 | ${submitted} |\n` +
  `| batches created at the provider at the kill / in all | ${batchesAtKill} / ${fake.batches.list.length} |\n` +
  `| model requests the provider had answered at the kill | ${requestsAtKill} |\n` +
  `| generations waiting in the queue at the kill | ${waitingAtKill} |\n` +
  `| all settled by worker 2 | ${settled} |\n` +
  `| requests the provider answered in batches / distinct custom_ids / interactively | ${batched.length} / ${unique} / ${interactive} |\n` +
  `| calls stored: answered / fell back to interactive | ${outcome?.answered} / ${outcome?.fallback} (of ${outcome?.requests}) |\n` +
  `| generations completed / failed | ${outcome?.completed} / ${outcome?.failed} |\n` +
  `| records stored (2 countries a product) | ${contentRecords} |\n` +
  `| charges / refunds in the ledger | ${outcome?.charges} / ${outcome?.refunds} |\n` +
  `| balance after the creates / at the end | ${charged?.credits} / ${outcome?.credits} |\n` +
  `| attempts counted over all generations | ${outcome?.attempts} |\n`;
process.stdout.write(`${report}\n`);
const exactlyOnce =
  batched.length === PRODUCTS && unique === PRODUCTS && interactive === 0 && outcome?.completed === PRODUCTS && outcome.charges === PRODUCTS && outcome.refunds === 0;
process.stdout.write(exactlyOnce ? 'exactly once: yes\n' : 'exactly once: NO\n');
process.exitCode = exactlyOnce ? 0 : 1;
