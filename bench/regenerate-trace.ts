// Where a regenerate call's time goes, before (BENCH_BEFORE) and after (this tree): every SQL
// statement it sends, timed and counted, one call at a time (BENCH_CALLS, default 200) on products
// made as bench/regenerate-ab.ts makes them, on PGlite and PostgreSQL.
import { loadTrees, startVetrina } from './ab.ts';
import { benchCodes, createProducts, regenerate } from './regenerate-products.ts';
import { SqlTrace } from './sql-trace.ts';
import { targetNames } from './targets.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const codes = benchCodes(Number(process.env.BENCH_PRODUCTS ?? 1000));

const trees = await loadTrees();
for (const target of targetNames()) {
  for (const label of ['before', 'after'] as const) {
    const trace = new SqlTrace();
    const server = await startVetrina(label, trees[label], target, (db) => trace.database(db));
    try {
      await createProducts(server, codes);
      for (let i = 0; i < 20; i++) await regenerate(server, codes[i % codes.length] ?? '');
      trace.reset();
      const start = performance.now();
      for (let i = 0; i < CALLS; i++) await regenerate(server, codes[(i * 7) % codes.length] ?? '');
      process.stdout.write(trace.report(`${target}, ${label}`, CALLS, performance.now() - start));
    } finally {
      await server.close();
    }
  }
}
