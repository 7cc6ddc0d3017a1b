// Create-endpoint benchmark: 1 code and 100 codes per call, on PGlite and on PostgreSQL, beside a
// bare Fastify JSON route in the same run. Workers are off so the numbers are the API's own:
// validate, authenticate, charge, write products and generations, enqueue, all in one transaction.
import { writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { gs1CheckDigit } from '../src/domain/codes.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import { openTarget, SERVER_URL, type TargetName } from './targets.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  target: string;
  scenario: string;
  requestsPerSecond: number;
  productsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

let codeSeq = 0;
function nextCodes(n: number): string {
  const codes: string[] = [];
  for (let i = 0; i < n; i++) {
    codeSeq += 1;
    const body = `2${String(codeSeq).padStart(11, '0')}`;
    codes.push(`${body}${gs1CheckDigit(body)}`);
  }
  return codes.join(',');
}

async function load(url: string, token: string | null, codesPerCall: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    // Every request carries codes never sent before, so each one really creates products.
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ codes: nextCodes(codesPerCall), countries: ['it', 'de'] }) }) }],
  });
}

function row(target: string, scenario: string, result: autocannon.Result, productsPerCall: number): Row {
  return {
    target,
    scenario,
    requestsPerSecond: result.requests.average,
    productsPerSecond: result.requests.average * productsPerCall,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function bareFastify(): Promise<Row> {
  const app = Fastify({ logger: false });
  app.post('/bare', async (request, reply) => reply.code(202).send({ status: 'success', received: request.body }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await load(`${address}/bare`, null, 1);
  await app.close();
  return row('-', 'bare Fastify POST (JSON in/out, no DB)', result, 0);
}

async function vetrina(name: TargetName): Promise<Row[]> {
  const { opened, close } = await openTarget(name);
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_SIZE: '20' });
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: opened });
  const { token } = await createAccount(container.db, { name: 'bench', credits: 2_000_000_000, imageStandardization: false });
  const app = await buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const rows: Row[] = [];
  try {
    for (const codesPerCall of [1, 100]) {
      const result = await load(`${address}/api/v1/products/create`, token, codesPerCall);
      rows.push(row(name, `create, ${codesPerCall} code(s) per call, 2 countries`, result, codesPerCall));
    }
  } finally {
    await app.close();
    await container.close({ graceful: false });
    await close();
  }
  return rows;
}

function table(rows: Row[]): string {
  const head = '| database | scenario | requests/s | products/s | p50 ms | p99 ms | errors | non-2xx |\n|---|---|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) => `| ${r.target} | ${r.scenario} | ${r.requestsPerSecond.toFixed(0)} | ${r.productsPerSecond.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
  );
  return [head, ...lines].join('\n');
}

const rows: Row[] = [await bareFastify(), ...(await vetrina('pglite'))];
if (SERVER_URL !== undefined) rows.push(...(await vetrina('postgres')));

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`;
const report = `## Create endpoint\n\n${machine}; ${CONNECTIONS} connections, ${DURATION} s per row.\n\n${table(rows)}\n`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/create.md', import.meta.url), report);
