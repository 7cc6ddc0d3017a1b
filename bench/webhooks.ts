// Webhook delivery: 10,000 events (BENCH_EVENTS) written in transactions of 100, as state changes
// write them, spread over 1,000 products (10 events each, so per-product order is in play),
// delivered by the delivery worker to a receiver on loopback. Reported:
// events/s from the first commit to the last delivery, and the delay from each event's commit to
// its arrival at the receiver (p50, p99). Then a trickle of 500 events at 50/s, where the delay is
// the pipeline's own rather than the backlog's. Comparator in the same run: the same receiver
// posted to directly with the same concurrency, no database (the HTTP ceiling of this machine).
// Last, the same trickle while another account has 16,000 deliveries pending against 20 endpoints
// that answer 500: how much one account's failing receivers delay another's deliveries.
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { Agent, request } from 'undici';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { recordWebhookEvent } from '../src/db/webhook-events.ts';
import { parseAllowedHosts } from '../src/domain/address-policy.ts';
import { startWebhookWorker } from '../src/jobs/webhook-worker.ts';
import { createAccount } from '../src/services/accounts.ts';
import { registerWebhook } from '../src/services/register-webhook.ts';
import { machine } from './catalogue.ts';
import { openTarget, targetNames, type TargetName } from './targets.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PRODUCTS = Math.max(1, Math.floor(EVENTS / 10));
const PER_TRANSACTION = 100;
const TRICKLE_EVENTS = 500;
const TRICKLE_PER_SECOND = 50;
const DEFAULT_POLL_MS = loadConfig({}).webhooks.pollMs;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A receiver that answers 204 and notes when each event id arrived; paths under /failing are answered 500. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  let onArrival = () => {};
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/failing') === true) {
        res.writeHead(500).end();
        return;
      }
      arrivals.set(String(req.headers['webhook-id'] ?? randomUUID()), performance.now());
      res.writeHead(204).end();
      onArrival();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/in`,
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    arrivals,
    until: (count: number) =>
      new Promise<void>((resolve) => {
        onArrival = () => {
          if (arrivals.size >= count) resolve();
        };
        onArrival();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Row {
  target: string;
  scenario: string;
  events: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
}

/** A failing receiver's path: answered 500 at once. */
const FAILING = '/failing';
const FAILING_ENDPOINTS = 20;
/** The noisy account's backlog in the fairness scenario: 800 events × 20 failing endpoints. */
const BACKLOG_EVENTS = Number(process.env.BENCH_BACKLOG_EVENTS ?? 800);

async function run(target: TargetName, receiver: Receiver): Promise<Row[]> {
  const { opened, close } = await openTarget(target);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FETCH_ALLOWED_HOSTS: receiver.hostPort,
    WEBHOOK_SECRET_KEY: 'c'.repeat(64),
    ...(process.env.WEBHOOK_CONCURRENCY === undefined ? {} : { WEBHOOK_CONCURRENCY: process.env.WEBHOOK_CONCURRENCY }),
  });
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: opened });
  const register = async (accountId: string, url: string) => {
    const registered = await registerWebhook({ db: container.db, secrets: container.webhooks.secrets, allowedHosts: parseAllowedHosts(config.fetch.allowedHosts) }, accountId, {
      url,
      events: null,
      description: null,
    });
    if (registered.kind !== 'registered') throw new Error(registered.message);
  };
  try {
    const account = await createAccount(container.db, { name: `bench-${target}`, credits: 0, imageStandardization: false });
    await register(account.account.id, receiver.url);
    const products = Array.from({ length: PRODUCTS }, () => randomUUID());
    const committed = new Map<string, number>();
    let written = 0;
    const write = async (accountId: string, count: number, record = true) => {
      const ids = await container.db.transaction(async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < count; i++) {
          const productId = products[written++ % products.length];
          const id = await recordWebhookEvent(tx, { accountId, type: 'product.completed', productId, data: { product_id: productId, state: 'completed' } });
          if (id !== null) out.push(id);
        }
        return out;
      });
      const at = performance.now();
      if (record) for (const id of ids) committed.set(id, at);
    };

    const rows: Row[] = [];
    const measure = (scenario: string, ids: string[], started: number) => {
      const delays = ids.map((id) => (receiver.arrivals.get(id) ?? Number.NaN) - (committed.get(id) ?? Number.NaN)).sort((x, y) => x - y);
      const last = Math.max(...ids.map((id) => receiver.arrivals.get(id) ?? Number.NaN));
      rows.push({ target, scenario, events: ids.length, eventsPerSecond: ids.length / ((last - started) / 1000), p50: percentile(delays, 50), p99: percentile(delays, 99) });
    };
    const trickle = async (accountId: string) => {
      receiver.arrivals.clear();
      committed.clear();
      const started = performance.now();
      for (let i = 0; i < TRICKLE_EVENTS; i++) {
        await write(accountId, 1);
        const due = started + ((i + 1) * 1000) / TRICKLE_PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      await receiver.until(TRICKLE_EVENTS);
      return started;
    };

    // Burst: every event written first, as fast as the database takes them (the writer's rate is
    // the callers', one statement an event), then the worker started: its rate from start to the
    // last delivery. The delay counts from each event's commit, so it holds the whole backlog.
    receiver.arrivals.clear();
    const writeStarted = performance.now();
    for (let n = 0; n < EVENTS; n += PER_TRANSACTION) await write(account.account.id, Math.min(PER_TRANSACTION, EVENTS - n));
    const writeSeconds = (performance.now() - writeStarted) / 1000;
    const startWorker = () => {
      const worker = startWebhookWorker({
        db: container.db,
        webhooks: container.webhooks,
        logger: container.logger,
        retrySchedule: config.webhooks.retrySchedule,
        pollMs: config.webhooks.pollMs,
        concurrency: config.webhooks.concurrency,
      });
      container.onClose((options) => worker.stop({ graceful: false, timeoutMs: Math.max(0, options.deadline - Date.now()) }));
    };
    const burstStarted = performance.now();
    startWorker();
    await receiver.until(EVENTS);
    measure(`burst: ${EVENTS} events (${PRODUCTS} products) queued in ${writeSeconds.toFixed(1)} s, then delivered`, [...committed.keys()], burstStarted);

    // Trickle: one event per transaction at a steady rate.
    const trickleStarted = await trickle(account.account.id);
    measure(`trickle: ${TRICKLE_EVENTS} events at ${TRICKLE_PER_SECOND}/s`, [...committed.keys()], trickleStarted);

    // Fairness: another account's 20 endpoints all fail, with 16,000 deliveries pending against
    // them (first attempts, then retries as they come due), while this account trickles as before.
    const noisy = await createAccount(container.db, { name: `bench-noisy-${target}`, credits: 0, imageStandardization: false });
    for (let i = 0; i < FAILING_ENDPOINTS; i++) await register(noisy.account.id, `${receiver.base}${FAILING}-${i}`);
    for (let n = 0; n < BACKLOG_EVENTS; n += PER_TRANSACTION) await write(noisy.account.id, Math.min(PER_TRANSACTION, BACKLOG_EVENTS - n), false);
    const [pending] = await container.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE account_id = $1 AND state = 'pending'`, [noisy.account.id]);
    const besideStarted = await trickle(account.account.id);
    measure(`trickle beside another account's ${pending?.n ?? 0} pending deliveries to ${FAILING_ENDPOINTS} failing endpoints`, [...committed.keys()], besideStarted);
    return rows;
  } finally {
    await container.close({ graceful: false });
    await close();
  }
}

/** The comparator: the same number of signed-size POSTs straight to the receiver, 16 at a time. */
async function direct(receiver: Receiver): Promise<Row> {
  const agent = new Agent();
  const body = JSON.stringify({ type: 'product.completed', timestamp: new Date().toISOString(), data: { product_id: randomUUID(), state: 'completed' } });
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < EVENTS) {
        next += 1;
        const sent = performance.now();
        const res = await request(receiver.url, { method: 'POST', body, dispatcher: agent, headers: { 'content-type': 'application/json', 'webhook-id': randomUUID() } });
        await res.body.dump();
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  return {
    target: 'none',
    scenario: `direct POSTs, 16 at a time (comparator)`,
    events: EVENTS,
    eventsPerSecond: EVENTS / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const receiver = await startReceiver();
const loadBefore = loadavg()[0]?.toFixed(2);
const rows: Row[] = [await direct(receiver)];
for (const target of targetNames()) {
  rows.push(...(await run(target, receiver)));
  if (process.env.BENCH_VERBOSE === '1') process.stderr.write(`${target} done\n`);
}
await receiver.close();
const loadAfter = loadavg()[0]?.toFixed(2);

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
const table = [
  '| database | scenario | events | events/s | delay p50 ms | delay p99 ms |',
  '|---|---|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.target} | ${r.scenario} | ${r.events} | ${Math.round(r.eventsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} |`),
].join('\n');

const report = `# Webhook delivery (bench/webhooks.ts)

${machine()}. Load average (1 min) ${loadBefore} before, ${loadAfter} after: the machine is shared.
One process: the event writer, the delivery worker (claims due deliveries from the deliveries table, fairly across accounts; looks every ${DEFAULT_POLL_MS} ms when idle and at once after each delivery; WEBHOOK_CONCURRENCY ${loadConfig({}).webhooks.concurrency}) and the receiver (node:http on 127.0.0.1, answers 204, or 500 on the failing endpoints' paths) share its cores.
Delay: from the commit of the transaction that wrote the event to its arrival at the receiver. For the comparator row the delay columns are each POST's round trip.

${table}
`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/webhooks.md', import.meta.url), report);
process.exit(0);
