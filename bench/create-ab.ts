// The create path of two commits in one process, in alternating slices: this tree ("after") and
// another checkout (BENCH_BEFORE, a worktree with its own node_modules: "before"), plus the minimal
// transaction of bench/create.ts on the after tree's database. On a shared machine a slice of each
// runs under about the same load, so the medians of their ratios survive noise that separate runs
// do not. Each contender has its own server and database; 32 connections (BENCH_CONNECTIONS).
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pino from 'pino';
import { gs1CheckDigit } from '../src/domain/codes.ts';
import { minimalTransactionApp } from './minimal-transaction.ts';
import { targetNames } from './targets.ts';

const BEFORE = process.env.BENCH_BEFORE;
if (BEFORE === undefined) throw new Error('set BENCH_BEFORE to the checkout to compare with');
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
const SLICES = Number(process.env.BENCH_SLICES ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const CODES_PER_CALL = (process.env.BENCH_CODES ?? '1,100').split(',').map(Number);

let codeSeq = 0;
function nextCodes(n: number): string {
  return Array.from({ length: n }, () => {
    codeSeq += 1;
    const body = `2${String(codeSeq).padStart(11, '0')}`;
    return `${body}${gs1CheckDigit(body)}`;
  }).join(',');
}

interface Server {
  label: string;
  url: string;
  token: string | null;
  close: () => Promise<void>;
}

// The modules of one checkout; both trees' shapes of these few entry points are the same.
interface Tree {
  loadConfig: (env: Record<string, string>) => unknown;
  createContainer: (config: unknown, options: unknown) => Promise<{ db: unknown; queue: unknown; close: (o: { graceful: boolean }) => Promise<void> }>;
  buildApp: (deps: unknown) => Promise<{ listen: (o: { port: number; host: string }) => Promise<string>; close: () => Promise<void> }>;
  createAccount: (db: unknown, input: { name: string; credits: number; imageStandardization: boolean }) => Promise<{ token: string; account: { id: string } }>;
  openTarget: (name: string) => Promise<{ opened: unknown; close: () => Promise<void> }>;
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

async function startVetrina(label: string, tree: Tree, target: string): Promise<Server & { container: Awaited<ReturnType<Tree['createContainer']>>; accountId: string }> {
  const { opened, close } = await tree.openTarget(target);
  const config = tree.loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_SIZE: '20' });
  const container = await tree.createContainer(config, { logger: pino({ level: 'silent' }), database: opened });
  const { token, account } = await tree.createAccount(container.db, { name: 'bench', credits: 2_000_000_000, imageStandardization: false });
  const app = await tree.buildApp(container);
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/products/create`;
  return {
    label,
    url,
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

type MinimalParts = Parameters<typeof minimalTransactionApp>[0];

/** The minimal transaction (bench/minimal-transaction.ts) on the after tree's database and pool. */
async function startMinimal(container: MinimalParts, accountId: string): Promise<Server> {
  const app = minimalTransactionApp(container, accountId);
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/minimal`;
  return { label: 'minimal', url, token: null, close: () => app.close() };
}

const TICKS_PER_MS = 100 / 1000;

/**
 * CPU time used so far by the PostgreSQL backends of the bench databases (a server on this
 * machine; their command lines name the database), in ms by process id. Throughput on a machine
 * shared with other work measures the others too; CPU time per call does not.
 */
function benchBackendsCpu(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('vetrina_bench')) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      found.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS);
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

function cpuSince(before: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of benchBackendsCpu()) ms += now - (before.get(pid) ?? 0);
  return ms;
}

interface Slice {
  rps: number;
  p99: number;
  bad: number;
  /** CPU ms a call in this process (client, server and, on PGlite, the database) and in the server's backends. */
  nodeMs: number;
  dbMs: number;
}

async function slice(server: Server, codesPerCall: number): Promise<Slice> {
  const db = benchBackendsCpu();
  const node = process.cpuUsage();
  const result = await autocannon({
    url: server.url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SLICE_SECONDS,
    headers: { 'content-type': 'application/json', ...(server.token === null ? {} : { authorization: `Bearer ${server.token}` }) },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ codes: nextCodes(codesPerCall), countries: ['it', 'de'] }) }) }],
  });
  const used = process.cpuUsage(node);
  const calls = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.errors + result.non2xx,
    nodeMs: (used.user + used.system) / 1000 / calls,
    dbMs: cpuSince(db) / calls,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const before = await loadTree(BEFORE);
const after = await loadTree(resolve(import.meta.dirname, '..'));
const lines: string[] = [];
const loads: string[] = [];
for (const target of targetNames()) {
  for (const codesPerCall of CODES_PER_CALL) {
    const b = await startVetrina('before', before, target);
    const a = await startVetrina('after', after, target);
    const m = await startMinimal(a.container as unknown as MinimalParts, a.accountId);
    const servers = [m, b, a];
    const runs = new Map(servers.map((s) => [s.label, [] as Slice[]]));
    try {
      for (const s of servers) await slice(s, codesPerCall); // warm-up, not counted
      for (let i = 0; i < SLICES; i++) {
        // The order rotates so no contender always follows the same one.
        for (let k = 0; k < servers.length; k++) {
          const s = servers[(i + k) % servers.length];
          if (s !== undefined) runs.get(s.label)?.push(await slice(s, codesPerCall));
        }
        loads.push(loadavg()[0]?.toFixed(1) ?? '?');
      }
    } finally {
      for (const s of servers) await s.close();
    }
    const of = (label: string) => runs.get(label) ?? [];
    const ratio = (x: string, y: string) => median(of(x).map((r, i) => r.rps / (of(y)[i]?.rps ?? Number.NaN)));
    const cpuOf = (r: Slice | undefined) => (r === undefined ? Number.NaN : r.nodeMs + r.dbMs);
    const cpuRatio = (x: string, y: string) => median(of(x).map((r, i) => cpuOf(r) / cpuOf(of(y)[i])));
    for (const label of ['minimal', 'before', 'after']) {
      const rs = of(label);
      const rps = median(rs.map((r) => r.rps));
      const extra =
        label === 'after'
          ? `${ratio('after', 'before').toFixed(2)}× | ${ratio('after', 'minimal').toFixed(2)}× | ${cpuRatio('after', 'before').toFixed(2)}× | ${cpuRatio('after', 'minimal').toFixed(2)}×`
          : label === 'before'
            ? ` | ${ratio('before', 'minimal').toFixed(2)}× |  | ${cpuRatio('before', 'minimal').toFixed(2)}×`
            : ' |  |  | ';
      lines.push(
        `| ${target} | ${codesPerCall} | ${label} | ${rps.toFixed(0)} | ${(rps * codesPerCall).toFixed(0)} | ${median(rs.map((r) => r.p99)).toFixed(0)} | ${median(rs.map((r) => r.nodeMs)).toFixed(2)} | ${target === 'pglite' ? '(in Node)' : median(rs.map((r) => r.dbMs)).toFixed(2)} | ${rs.reduce((n, r) => n + r.bad, 0)} | ${extra} |`,
      );
    }
  }
}
const head = `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, ${new Date().toISOString()}; ${CONNECTIONS} connections, ${SLICES} slices of ${SLICE_SECONDS} s per contender, alternating; 1-minute load average after each round: ${loads.join(', ')}.`;
process.stdout.write(
  `${head}\n\n| database | codes a call | contender | calls/s (median) | products/s | p99 ms (median) | Node CPU ms a call | PostgreSQL CPU ms a call | errors + non-2xx | calls/s ÷ before | calls/s ÷ minimal | CPU a call ÷ before | CPU a call ÷ minimal |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n${lines.join('\n')}\n`,
);
