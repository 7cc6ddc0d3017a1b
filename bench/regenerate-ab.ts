// The regenerate path (POST /api/v1/products/regenerate/{id}) of two commits in one process, in
// alternating slices: this tree ("after") and BENCH_BEFORE ("before"), each with its own server and
// database holding the same BENCH_PRODUCTS products (created through the API first, 2 countries,
// workers off so they stay queued: regenerate takes a product in any state). Every call names
// another product by its code, round robin, so 32 connections (BENCH_CONNECTIONS) contend for the
// account's balance, as real traffic does, and not for one product's row. Shared machinery: bench/ab.ts.
import { cpus } from 'node:os';
import { alternate, CONNECTIONS, loadTrees, median, ratios, type Runs, SLICE_SECONDS, SLICES, slice, startVetrina } from './ab.ts';
import { benchCodes, createProducts, REGENERATE_BODY, regeneratePath } from './regenerate-products.ts';
import { targetNames } from './targets.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 3000);
const codes = benchCodes(PRODUCTS);

const { before, after } = await loadTrees();
const lines: string[] = [];
const loads: string[] = [];
for (const target of targetNames()) {
  const b = await startVetrina('before', before, target);
  const a = await startVetrina('after', after, target);
  const servers = [b, a];
  let of: Runs;
  try {
    for (const s of servers) await createProducts(s, codes);
    const next = new Map(servers.map((s) => [s.label, 0]));
    of = await alternate(
      servers,
      (s) =>
        slice(s, () => {
          const n = next.get(s.label) ?? 0;
          next.set(s.label, n + 1);
          return { path: regeneratePath(codes[n % codes.length] ?? ''), body: REGENERATE_BODY };
        }),
      loads,
    );
  } finally {
    for (const s of servers) await s.close();
  }
  for (const label of ['before', 'after']) {
    const rs = of(label);
    const vsBefore = ratios(rs, of('before'));
    const extra = label === 'after' ? `${vsBefore.rps.toFixed(2)}× | ${vsBefore.cpu.toFixed(2)}×` : ' | ';
    lines.push(
      `| ${target} | ${label} | ${median(rs.map((r) => r.rps)).toFixed(0)} | ${median(rs.map((r) => r.p99)).toFixed(0)} | ${median(rs.map((r) => r.nodeMs)).toFixed(2)} | ${target === 'pglite' ? '(in Node)' : median(rs.map((r) => r.dbMs)).toFixed(2)} | ${rs.reduce((n, r) => n + r.bad, 0)} | ${extra} |`,
    );
  }
}
const head = `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, ${new Date().toISOString()}; ${PRODUCTS} products of 2 countries, ${CONNECTIONS} connections, ${SLICES} slices of ${SLICE_SECONDS} s per contender, alternating; 1-minute load average after each round: ${loads.join(', ')}.`;
process.stdout.write(
  `${head}\n\n| database | contender | calls/s (median) | p99 ms (median) | Node CPU ms a call | PostgreSQL CPU ms a call | errors + non-2xx | calls/s ÷ before | CPU a call ÷ before |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n${lines.join('\n')}\n`,
);
