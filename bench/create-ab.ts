// The create path of two commits in one process, in alternating slices: this tree ("after") and
// another checkout (BENCH_BEFORE, a worktree with its own node_modules: "before"), plus the minimal
// transaction of bench/create.ts, with and without a generations row per product, on the after
// tree's database. Each tree has its own server and database; 32 connections (BENCH_CONNECTIONS).
// The shared machinery is in bench/ab.ts.
import { cpus } from 'node:os';
import { freshCodes } from './bench-codes.ts';
import { alternate, CONNECTIONS, loadTrees, median, ratios, type Runs, type Server, SLICE_SECONDS, SLICES, slice, startVetrina } from './ab.ts';
import { minimalTransactionApp } from './minimal-transaction.ts';
import { targetNames } from './targets.ts';

const CODES_PER_CALL = (process.env.BENCH_CODES ?? '1,100').split(',').map(Number);

type MinimalParts = Parameters<typeof minimalTransactionApp>[0];

const MINIMAL_PATHS: Record<string, string> = { minimal: '/minimal', 'minimal + generations': '/minimal-with-generations', 'generations, no jobs': '/generations-as-jobs' };

/** The minimal transactions (bench/minimal-transaction.ts) on the after tree's database and pool, one server for both. */
async function startMinimal(container: MinimalParts, accountId: string): Promise<Server[]> {
  const app = await minimalTransactionApp(container, accountId);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const [first, ...others] = Object.keys(MINIMAL_PATHS).map((label) => ({ label, origin, token: null, close: async () => {} }));
  if (first === undefined) throw new Error('no minimal transaction to start');
  return [{ ...first, close: () => app.close() }, ...others];
}

const { before, after } = await loadTrees();
const lines: string[] = [];
const loads: string[] = [];
for (const target of targetNames()) {
  for (const codesPerCall of CODES_PER_CALL) {
    const b = await startVetrina('before', before, target);
    const a = await startVetrina('after', after, target);
    const m = await startMinimal(a.container as unknown as MinimalParts, a.accountId);
    const servers = [...m, b, a];
    let of: Runs;
    try {
      of = await alternate(
        servers,
        (s) =>
          slice(s, () => ({
            path: MINIMAL_PATHS[s.label] ?? '/api/v1/products/create',
            body: { codes: freshCodes(codesPerCall), countries: ['it', 'de'] },
          })),
        loads,
      );
    } finally {
      for (const s of servers) await s.close();
    }
    const ratio = (x: string, y: string) => ratios(of(x), of(y));
    // Ratios of calls/s and of CPU a call: against before, the minimal transaction, and the minimal transaction with generations.
    const against = (label: string, others: string[]) =>
      others.map((o) => (o === label ? '' : `${ratio(label, o).rps.toFixed(2)}× / ${ratio(label, o).cpu.toFixed(2)}×`)).join(' | ');
    for (const label of ['minimal', 'minimal + generations', 'generations, no jobs', 'before', 'after']) {
      const rs = of(label);
      const rps = median(rs.map((r) => r.rps));
      const extra =
        label === 'after' || label === 'generations, no jobs'
          ? against(label, ['before', 'minimal', 'minimal + generations'])
          : label === 'before'
            ? against(label, ['before', 'minimal', 'minimal + generations'])
            : ' |  | ';
      lines.push(
        `| ${target} | ${codesPerCall} | ${label} | ${rps.toFixed(0)} | ${(rps * codesPerCall).toFixed(0)} | ${median(rs.map((r) => r.p99)).toFixed(0)} | ${median(rs.map((r) => r.nodeMs)).toFixed(2)} | ${target === 'pglite' ? '(in Node)' : median(rs.map((r) => r.dbMs)).toFixed(2)} | ${rs.reduce((n, r) => n + r.bad, 0)} | ${extra} |`,
      );
    }
  }
}
const head = `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, ${new Date().toISOString()}; ${CONNECTIONS} connections, ${SLICES} slices of ${SLICE_SECONDS} s per contender, alternating; 1-minute load average after each round: ${loads.join(', ')}.`;
process.stdout.write(
  `${head}\n\n| database | codes a call | contender | calls/s (median) | products/s | p99 ms (median) | Node CPU ms a call | PostgreSQL CPU ms a call | errors + non-2xx | ÷ before: calls/s / CPU a call | ÷ minimal | ÷ minimal + generations |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n${lines.join('\n')}\n`,
);
