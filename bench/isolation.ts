// Isolation under hostile load: while account A runs each hostile load in turn, account B's
// `GET /api/v1/account` and 1-code create latencies (p50, p99) and the service process's
// event-loop delay p99, beside the same figures with A idle; on PGlite and on PostgreSQL.
//
// The service runs as its own process (`vetrina serve`, workers included), so the event-loop
// delay is the service's alone: it is read from its /metrics (prom-client's histogram, which
// resets at each read, so one read before and one after a phase give that phase's figure).
// Every address is loopback; the "failing" webhook endpoints are a port nothing listens on.
//
//   node bench/isolation.ts                         # PGlite (+ PostgreSQL with TEST_DATABASE_URL)
//   BENCH_SCALE=0.1 node bench/isolation.ts         # a tenth of every size, for a quick look
//   BENCH_PHASES=idle,wide,exports …                # only those phases
//   BENCH_WRITE=1 …                                 # writes bench/results/isolation.md
//   BENCH_SERVICE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' …   # Node options for the service alone
//   BENCH_SERVICE_LOG=/tmp/service.log …            # the service's info log (vacuums, …) to that file
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/open.ts';
import { createAccount } from '../src/services/accounts.ts';
import { createServerDatabase } from '../test/helpers/databases.ts';
import { validEans } from '../test/helpers/codes.ts';
import { machine, seedProducts } from './catalogue.ts';
import type { ProbeSamples, ProbeWork } from './isolation-probe.ts';
import { SERVER_URL, type TargetName, targetNames } from './targets.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 20);
const PRODUCTS = Math.round(100_000 * SCALE);
/** The wide upload's columns: 120,000, at a tenth at most. */
const WIDE_COLUMNS = Math.round(120_000 * Math.max(SCALE, 0.1));
/** Only these phases (idle, wide, narrow, exports, search, webhooks), e.g. `idle,wide,exports`; all when unset. */
const PHASES = process.env.BENCH_PHASES?.split(',').map((p) => p.trim()) ?? null;
/** B's create codes a phase (a round takes more than 50 ms: 20 s phases use about 300). */
const CODES_A_PHASE = 5_000;
const METRICS_TOKEN = 'bench-isolation-metrics-token';
const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface Service {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A port that was free a moment ago (for the service and for the endpoint nothing listens on). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  server.close();
  await once(server, 'close');
  return port;
}

async function startService(env: Record<string, string>): Promise<Service> {
  const port = await freePort();
  const nodeArgs = process.env.BENCH_SERVICE_ARGS?.split(' ').filter((arg) => arg !== '') ?? [];
  const logPath = process.env.BENCH_SERVICE_LOG;
  const log = logPath === undefined ? undefined : await open(logPath, 'a');
  const child = spawn(process.execPath, [...nodeArgs, 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: log === undefined ? 'warn' : 'info',
      METRICS_TOKEN,
      RATE_LIMIT_PER_MINUTE: '1000000',
      SOURCES: 'catalogue',
    },
    stdio: ['ignore', log?.fd ?? 'ignore', 'inherit'],
  });
  child.once('exit', () => void log?.close());
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}) before it listened`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** The event-loop delay p99 since the last read, in ms (each read resets prom-client's histogram). */
async function loopDelayP99(service: Service): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith('vetrina_nodejs_eventloop_lag_p99_seconds'));
  return Number(line?.split(' ').at(-1) ?? Number.NaN) * 1000;
}

/** Starts B's probe on a thread of its own (bench/isolation-probe.ts); `stop` ends it and gives its samples. */
function startProbe(work: ProbeWork): { stop(): Promise<ProbeSamples> } {
  const worker = new Worker(new URL('./isolation-probe.ts', import.meta.url), { workerData: work });
  const answer = new Promise<ProbeSamples>((resolve, reject) => {
    worker.once('message', (message: { samples?: ProbeSamples; error?: string }) => {
      if (message.samples !== undefined) resolve(message.samples);
      else reject(new Error(`B's probe failed: ${message.error ?? 'no answer'}`));
    });
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const samples = await answer;
      await worker.terminate();
      return samples;
    },
  };
}

/** `rows` CSV rows of `columns` cells each, as a stream (never held whole). */
function csvStream(rows: number, columns: number, cell: (row: number, column: number) => string): Readable {
  return Readable.from(
    (function* () {
      // In pieces of about 64 KiB, as a file is read and sent (fs.createReadStream's reads). One
      // piece a row, 1.7 million of them, cost this process's thread (and B's probe, which shares
      // its cores) far more than the service.
      let piece = `${Array.from({ length: columns }, (_, c) => (c === 0 ? 'ean' : `col_${c}`)).join(',')}\n`;
      for (let r = 0; r < rows; r += 1) {
        piece += `${Array.from({ length: columns }, (_, c) => cell(r, c)).join(',')}\n`;
        if (piece.length >= 64 * 1024) {
          yield piece;
          piece = '';
        }
      }
      if (piece !== '') yield piece;
    })(),
  );
}

async function upload(service: Service, token: string, body: Readable): Promise<number> {
  const res = await fetch(`${service.url}/api/v1/catalogue/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: Readable.toWeb(body) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  await res.arrayBuffer();
  return res.status;
}

/** Reads a response's body to its end, keeping none of it. */
async function discard(res: Response): Promise<void> {
  if (res.body === null) return;
  for await (const _chunk of res.body) {
    // dropped
  }
}

interface Phase {
  /** What BENCH_PHASES names it by. */
  key: string;
  name: string;
  run(ctx: Context): Promise<string>;
}

interface Context {
  service: Service;
  a: string;
  b: string;
  aEans: string[];
  bProductCode: string;
  receiver: Receiver;
}

const phases: Phase[] = [
  { key: 'idle', name: 'A idle', run: async () => new Promise((resolve) => setTimeout(() => resolve(''), PHASE_SECONDS * 1000)) },
  {
    key: 'wide',
    name: `A uploads 20 rows of ${WIDE_COLUMNS.toLocaleString('en')} columns, 10 a second`,
    // One upload is refused within a second: repeated for the phase, so B's figures rest on more than
    // a call or two; 10 a second, the most the default RATE_LIMIT_PER_MINUTE (600) lets one account
    // send (the bench lifts the limit for B's calls). The body is made once: making it for every
    // upload took a core of this machine from the service.
    run: async ({ service, a, aEans }) => {
      const rows: Buffer[] = [];
      for await (const chunk of csvStream(20, WIDE_COLUMNS, (r, c) => (c === 0 ? (aEans[r] ?? '') : 'x'))) rows.push(Buffer.from(chunk as string));
      const body = Buffer.concat(rows);
      const until = performance.now() + PHASE_SECONDS * 1000;
      const statuses = new Set<number>();
      let uploads = 0;
      while (performance.now() < until) {
        const next = new Promise((resolve) => setTimeout(resolve, 100));
        statuses.add(await upload(service, a, Readable.from([body])));
        uploads += 1;
        await next;
      }
      return `${uploads} uploads, status ${[...statuses].join(', ')}`;
    },
  },
  {
    key: 'narrow',
    name: `A uploads ${Math.round(100 * SCALE)} MiB of narrow rows`,
    run: async ({ service, a, aEans }) => {
      const rows = Math.round((100 * 2 ** 20 * SCALE) / 60);
      const started = performance.now();
      return `status ${await upload(
        service,
        a,
        csvStream(rows, 3, (r, c) => (c === 0 ? (aEans[r % aEans.length] ?? '') : c === 1 ? `Prodotto numero ${r}` : 'Descrizione breve')),
      )} after ${((performance.now() - started) / 1000).toFixed(1)} s`;
    },
  },
  {
    key: 'exports',
    name: `A exports ${PRODUCTS.toLocaleString('en')} products 10 times at once`,
    run: async ({ service, a }) => {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const res = await fetch(`${service.url}/api/v1/products/export?country=it`, { headers: { authorization: `Bearer ${a}` } });
          // Read and dropped as it comes: kept whole, two exports' 360 MB cost this process (and B's
          // probe, whose thread shares its cores) more than the service.
          await discard(res);
          return { status: res.status, seconds: (performance.now() - started) / 1000 };
        }),
      );
      // What the pace costs A: how long its exports that ran took, to their last byte.
      const took = answers.filter((answer) => answer.status === 200).map((answer) => answer.seconds.toFixed(1));
      return `statuses ${[...new Set(answers.map((answer) => answer.status))].join(', ')}; the ${took.length} that ran took ${took.join(' and ')} s`;
    },
  },
  {
    key: 'search',
    name: 'A searches one letter, 4 at a time',
    run: async ({ service, a }) => {
      const until = performance.now() + PHASE_SECONDS * 1000;
      let calls = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (performance.now() < until) {
            await (await fetch(`${service.url}/api/v1/products?search=a`, { headers: { authorization: `Bearer ${a}` } })).arrayBuffer();
            calls += 1;
          }
        }),
      );
      return `${calls} searches`;
    },
  },
  {
    key: 'webhooks',
    name: 'A fans publication states out to 20 failing endpoints',
    run: async ({ service, a, b, bProductCode, receiver }) => {
      const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
      const list = (await (await fetch(`${service.url}/api/v1/products?per_page=200`, { headers: headers(a) })).json()) as { data: { data: { id: string }[] } };
      const ids = list.data.data.slice(0, 100).map((p) => p.id);
      let deliveries = 0;
      for (let call = 0; call < 8; call += 1) {
        const state = call % 2 === 0 ? 'ready' : 'online';
        const res = await fetch(`${service.url}/api/v1/inventories/set-publication-state`, {
          method: 'PUT',
          headers: headers(a),
          body: JSON.stringify({ ids: ids.join(','), publication_state: state }),
        });
        await res.arrayBuffer();
        deliveries += ids.length * 20;
      }
      // B's own events meanwhile: how long each takes to reach B's working receiver.
      const delays: number[] = [];
      const until = performance.now() + PHASE_SECONDS * 1000;
      for (let i = 0; performance.now() < until; i += 1) {
        const sent = performance.now();
        const arrived = receiver.next();
        const res = await fetch(`${service.url}/api/v1/inventories/set-publication-state`, {
          method: 'PUT',
          headers: headers(b),
          body: JSON.stringify({ ids: bProductCode, publication_state: i % 2 === 0 ? 'ready' : 'online' }),
        });
        await res.arrayBuffer();
        await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 30_000))]);
        delays.push(performance.now() - sent);
      }
      return `${deliveries.toLocaleString('en')} deliveries queued for A; B's deliveries p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms`;
    },
  },
];

interface Receiver {
  url: string;
  next(): Promise<void>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  let waiting: (() => void) | null = null;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(204).end();
      waiting?.();
      waiting = null;
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    next: () => new Promise<void>((resolve) => (waiting = resolve)),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

interface Row {
  target: TargetName;
  phase: string;
  account: number[];
  create: number[];
  loop: number;
  /** The event-loop delay p99 of B's probe thread itself. */
  probeLoop: number;
  note: string;
}

async function runTarget(target: TargetName): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vetrina-isolation-'));
  const server = target === 'postgres' && SERVER_URL !== undefined ? await createServerDatabase(SERVER_URL, 'vetrina_bench') : null;
  const dbEnv: Record<string, string> = server === null ? { DATA_DIR: dir } : { DATABASE_URL: server.url };
  const receiver = await startReceiver();
  const deadPort = await freePort();
  try {
    // Accounts and A's catalogue of products, written before the service starts.
    const config = loadConfig({ ...dbEnv, LOG_LEVEL: 'silent' });
    const opened = await openDatabase(config, 'bench');
    const a = await createAccount(opened.db, { name: 'tenant-a', credits: 2_000_000_000, imageStandardization: false });
    const b = await createAccount(opened.db, { name: 'tenant-b', credits: 2_000_000_000, imageStandardization: false });
    await seedProducts(opened.db, a.account.id, PRODUCTS);
    // Seeding leaves a dead version of every product (the records' trigger updates it); a running
    // instance would long have vacuumed them (autovacuum; on PGlite, src/jobs/pglite-vacuum.ts) and
    // analysed the tables (src/jobs/queue-statistics.ts), which otherwise happens in the idle phase.
    for (const table of ['products', 'product_content']) await opened.db.query(`VACUUM ANALYZE ${table}`);
    await opened.close();

    const receiverHost = new URL(receiver.url).host;
    const service = await startService({ ...dbEnv, FETCH_ALLOWED_HOSTS: `${receiverHost},127.0.0.1:${deadPort}` });
    try {
      const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
      for (let i = 0; i < 20; i += 1) {
        await fetch(`${service.url}/api/v1/webhooks`, { method: 'POST', headers: headers(a.token), body: JSON.stringify({ url: `http://127.0.0.1:${deadPort}/hook-${i}` }) });
      }
      await fetch(`${service.url}/api/v1/webhooks`, {
        method: 'POST',
        headers: headers(b.token),
        body: JSON.stringify({ url: receiver.url, events: ['product.publication_state_changed'] }),
      });
      const bProduct = await fetch(`${service.url}/api/v1/products/create`, {
        method: 'POST',
        headers: headers(b.token),
        body: JSON.stringify({ sku: 'B-1', title: 'Tazza', description: 'Ceramica.', countries: ['it'] }),
      });
      const bProductId = ((await bProduct.json()) as { data: { imported_products: { id: string }[] } }).data.imported_products[0]?.id ?? '';
      const context: Context = { service, a: a.token, b: b.token, aEans: validEans(Math.max(20, Math.min(PRODUCTS, 10_000)), 501), bProductCode: bProductId, receiver };
      const bEans = validEans(CODES_A_PHASE * phases.length, 502);
      const rows: Row[] = [];
      for (const phase of phases.filter((p) => PHASES === null || PHASES.includes(p.key))) {
        await loopDelayP99(service);
        const probe = startProbe({ url: service.url, token: b.token, eans: bEans.splice(-CODES_A_PHASE) });
        const note = await phase.run(context);
        const samples = await probe.stop();
        const loop = await loopDelayP99(service);
        rows.push({ target, phase: phase.name, account: samples.account, create: samples.create, loop, probeLoop: samples.ownLoopP99, note });
        process.stderr.write(
          `${target} · ${phase.name}: account p99 ${percentile(samples.account, 99).toFixed(1)} ms, create p99 ${percentile(samples.create, 99).toFixed(1)} ms, loop p99 ${loop.toFixed(1)} ms (probe's own ${samples.ownLoopP99.toFixed(1)} ms) ${note}\n`,
        );
      }
      return rows;
    } finally {
      await service.stop();
    }
  } finally {
    await receiver.close();
    await server?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const target of targetNames()) rows.push(...(await runTarget(target)));

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const table = [
  "| database | A's load | B account p50 / p99 ms | B create p50 / p99 ms | event-loop delay p99 ms | B's probe loop p99 ms | A's load did |",
  '| --- | --- | ---: | ---: | ---: | ---: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.target} | ${r.phase} | ${ms(percentile(r.account, 50))} / ${ms(percentile(r.account, 99))} | ${ms(percentile(r.create, 50))} / ${ms(percentile(r.create, 99))} | ${ms(r.loop)} | ${ms(r.probeLoop)} | ${r.note} |`,
  ),
].join('\n');
const report = `# Isolation under hostile load (bench/isolation.ts)

${machine()}. Scale ${SCALE} (A holds ${PRODUCTS.toLocaleString('en')} products); idle, wide-upload and search phases ${PHASE_SECONDS} s.
The service runs as its own process (API and workers); B calls its account, then a 1-code create, one after another with 50 ms between rounds, while A's load runs;
B's calls are made and timed on a thread of their own, as another tenant's client would be, apart from the loop that drives A's load.
Targets: B's p99 at most 2× its idle p99 and at most 100 ms; the event-loop delay p99 at most 50 ms.

${table}
`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/isolation.md', import.meta.url), report);
