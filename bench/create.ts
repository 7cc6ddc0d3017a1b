// Create-endpoint benchmark (issue 34 item 4): Vetrina's create beside its like-for-like
// comparator, "minimal with a generation row" (bench/minimal-transaction.ts, /generations-as-jobs):
// per call a product upsert, a generation row per product in the indexed generations table (the
// row that is Vetrina's queue job), and a guarded debit with its ledger row, in one transaction,
// with no authentication or validation, on the same database, pool and tables. The two are
// measured in alternating slices in one run (bench/ab.ts), so the machine's noise falls on both;
// each slice pair gives a ratio. 1 and 100 codes a call (BENCH_CODES), on PGlite and PostgreSQL
// (BENCH_TARGETS), 32 connections (BENCH_CONNECTIONS), BENCH_SLICES rounds of BENCH_SLICE_SECONDS.
// Workers are off so the numbers are the API's own.
import { cpus } from 'node:os';
import { freshCodes } from './bench-codes.ts';
import { alternate, CONNECTIONS, median, type Runs, type Server, SLICE_SECONDS, SLICES, slice, startVetrina, thisTree } from './ab.ts';
import { minimalTransactionApp } from './minimal-transaction.ts';
import { targetNames } from './targets.ts';

const CODES_PER_CALL = (process.env.BENCH_CODES ?? '1,100').split(',').map(Number);
const COMPARATOR = 'minimal with a generation row';

const tree = await thisTree();
const lines: string[] = [];
const loads: string[] = [];
for (const target of targetNames()) {
  for (const codesPerCall of CODES_PER_CALL) {
    const vetrina = await startVetrina('Vetrina', tree, target);
    const minimal = await minimalTransactionApp(vetrina.container as unknown as Parameters<typeof minimalTransactionApp>[0], vetrina.accountId);
    const comparator: Server = { label: COMPARATOR, origin: await minimal.listen({ port: 0, host: '127.0.0.1' }), token: null, close: () => minimal.close() };
    const servers = [comparator, vetrina];
    let of: Runs;
    try {
      of = await alternate(
        servers,
        (s) =>
          slice(s, () => ({
            path: s.label === COMPARATOR ? '/generations-as-jobs' : '/api/v1/products/create',
            body: { codes: freshCodes(codesPerCall), countries: ['it', 'de'] },
          })),
        loads,
      );
    } finally {
      for (const s of servers) await s.close();
    }
    const c = of(COMPARATOR);
    const v = of('Vetrina');
    const pairs = v.map((r, i) => r.rps / (c[i]?.rps ?? Number.NaN));
    const cell = (rs: typeof v) =>
      `${median(rs.map((r) => r.rps)).toFixed(0)} | ${(median(rs.map((r) => r.rps)) * codesPerCall).toFixed(0)} | ${median(rs.map((r) => r.p99)).toFixed(0)} | ${median(rs.map((r) => r.nodeMs)).toFixed(2)} | ${target === 'pglite' ? '(in Node)' : median(rs.map((r) => r.dbMs)).toFixed(2)} | ${rs.reduce((n, r) => n + r.bad, 0)}`;
    lines.push(`| ${target} | ${codesPerCall} | ${COMPARATOR} | ${cell(c)} | |`);
    lines.push(`| ${target} | ${codesPerCall} | Vetrina | ${cell(v)} | **${median(pairs).toFixed(2)}×** (${pairs.map((p) => `${p.toFixed(2)}`).join(', ')}) |`);
  }
}
const head = `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, ${new Date().toISOString()}; ${CONNECTIONS} connections, ${SLICES} rounds of one ${SLICE_SECONDS} s slice per contender, alternating (after one warm-up slice each); 1-minute load average after each round: ${loads.join(', ')}.`;
process.stdout.write(
  `${head}\n\n| database | codes a call | contender | calls/s (median) | products/s | p99 ms (median) | Node CPU ms a call | PostgreSQL CPU ms a call | errors + non-2xx | Vetrina ÷ comparator, calls/s: median (each round) |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n${lines.join('\n')}\n`,
);
