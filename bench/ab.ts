// The pieces bench/create-ab.ts and bench/regenerate-ab.ts share: two checkouts of Vetrina loaded
// side by side in one process, each on its own server and database, measured in alternating
// slices. On a shared machine a slice of each runs under about the same load, so the medians of
// their ratios survive noise that separate runs do not.
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pino from 'pino';
import type { Database } from '../src/db/database.ts';
import { backendsCpu, backendsCpuSince } from './backend-cpu.ts';

export const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
export const SLICES = Number(process.env.BENCH_SLICES ?? 6);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

/** The bench databases' backends name this in their command lines (see bench/targets.ts). */
const BENCH_DATABASES = 'vetrina_bench';

export interface Server {
  label: string;
  /** The listening address, e.g. http://127.0.0.1:41234. */
  origin: string;
  token: string | null;
  close: () => Promise<void>;
}

// The modules of one checkout; both trees' shapes of these few entry points are the same.
interface Tree {
  loadConfig: (env: Record<string, string>) => unknown;
  createContainer: (config: unknown, options: unknown) => Promise<{ db: unknown; queue: unknown; close: (o: { graceful: boolean }) => Promise<void> }>;
  buildApp: (deps: unknown) => Promise<{ listen: (o: { port: number; host: string }) => Promise<string>; close: () => Promise<void> }>;
  createAccount: (db: unknown, input: { name: string; credits: number; imageStandardization: boolean }) => Promise<{ token: string; account: { id: string } }>;
  openTarget: (name: string) => Promise<{ opened: { db: Database }; close: () => Promise<void> }>;
}

/** The checkout of BENCH_BEFORE ("before") and this one ("after"). */
export async function loadTrees(): Promise<{ before: Tree; after: Tree }> {
  const beforeDir = process.env.BENCH_BEFORE;
  if (beforeDir === undefined) throw new Error('set BENCH_BEFORE to the checkout to compare with');
  return { before: await loadTree(beforeDir), after: await loadTree(resolve(import.meta.dirname, '..')) };
}

/** This checkout alone (bench/create.ts). */
export function thisTree(): Promise<Tree> {
  return loadTree(resolve(import.meta.dirname, '..'));
}

async function loadTree(dir: string): Promise<Tree> {
  const load = (path: string) => import(pathToFileURL(join(resolve(dir), path)).href);
  const [config, container, app, accounts, targets] = await Promise.all([
    load('src/config.ts'),
    load('src/container.ts'),
    load('src/http/app.ts'),
    load('src/services/accounts.ts'),
    load('bench/targets.ts'),
  ]);
  return { ...config, ...container, ...app, ...accounts, ...targets } as Tree;
}

export type Vetrina = Server & { container: Awaited<ReturnType<Tree['createContainer']>>; accountId: string };

/**
 * One checkout's API on its own database of `target`, workers off, with a rich bench account;
 * `wrap` sees every statement the API sends (bench/sql-trace.ts).
 */
export async function startVetrina(label: string, tree: Tree, target: string, wrap: (db: Database) => Database = (db) => db): Promise<Vetrina> {
  const { opened, close } = await tree.openTarget(target);
  const config = tree.loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_SIZE: '20' });
  const container = await tree.createContainer(config, { logger: pino({ level: 'silent' }), database: { ...opened, db: wrap(opened.db) } });
  const { token, account } = await tree.createAccount(container.db, { name: 'bench', credits: 2_000_000_000, imageStandardization: false });
  const app = await tree.buildApp(container);
  return {
    label,
    origin: await app.listen({ port: 0, host: '127.0.0.1' }),
    token,
    container,
    accountId: account.id,
    close: async () => {
      await app.close();
      await container.close({ graceful: false });
      await close();
    },
  };
}

export interface Slice {
  rps: number;
  p99: number;
  bad: number;
  /** CPU ms a call in this process (client, server and, on PGlite, the database) and in the server's backends. */
  nodeMs: number;
  dbMs: number;
}

/** `SLICE_SECONDS` of POSTs at `CONNECTIONS`; `next` gives each request's path and JSON body. */
export async function slice(server: Server, next: () => { path: string; body: unknown }): Promise<Slice> {
  const db = backendsCpu(BENCH_DATABASES);
  const node = process.cpuUsage();
  const result = await autocannon({
    url: server.origin,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SLICE_SECONDS,
    headers: { 'content-type': 'application/json', ...(server.token === null ? {} : { authorization: `Bearer ${server.token}` }) },
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const { path, body } = next();
          return { ...req, path, body: JSON.stringify(body) };
        },
      },
    ],
  });
  const used = process.cpuUsage(node);
  const calls = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.errors + result.non2xx,
    nodeMs: (used.user + used.system) / 1000 / calls,
    dbMs: backendsCpuSince(BENCH_DATABASES, db) / calls,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** A contender's slices, by label. */
export type Runs = (label: string) => Slice[];

/**
 * A warm-up slice of each server (not counted), then `SLICES` rounds of one slice each, the order
 * rotating so no contender always follows the same one; the slices by label, and the 1-minute load
 * average after each round pushed to `loads`.
 */
export async function alternate(servers: Server[], sliceOf: (s: Server) => Promise<Slice>, loads: string[]): Promise<Runs> {
  const runs = new Map(servers.map((s) => [s.label, [] as Slice[]]));
  for (const s of servers) await sliceOf(s);
  for (let i = 0; i < SLICES; i++) {
    for (let k = 0; k < servers.length; k++) {
      const s = servers[(i + k) % servers.length];
      if (s === undefined) continue;
      const r = await sliceOf(s);
      runs.get(s.label)?.push(r);
      // BENCH_VERBOSE=1: every slice on stderr, to see the spread behind the medians.
      if (process.env.BENCH_VERBOSE === '1')
        process.stderr.write(`round ${i + 1} ${s.label}: ${r.rps.toFixed(0)}/s p99 ${r.p99} ms, CPU ${r.nodeMs.toFixed(2)} + ${r.dbMs.toFixed(2)} ms a call, ${r.bad} bad\n`);
    }
    loads.push(loadavg()[0]?.toFixed(1) ?? '?');
  }
  return (label) => runs.get(label) ?? [];
}

/** The median of the per-round ratios of x to y: calls/s, and CPU a call (this process's and the backends'). */
export function ratios(x: Slice[], y: Slice[]): { rps: number; cpu: number } {
  const cpuOf = (r: Slice | undefined) => (r === undefined ? Number.NaN : r.nodeMs + r.dbMs);
  return {
    rps: median(x.map((r, i) => r.rps / (y[i]?.rps ?? Number.NaN))),
    cpu: median(x.map((r, i) => cpuOf(r) / cpuOf(y[i]))),
  };
}
