// Export of 100,000 products (PostgreSQL) in each format: rows/s, bytes, and how far the process's
// RSS grows above where it stood before the export (sampled every 10 ms), through a listening
// server and a client in the same process that reads the download and throws it away.
import { writeFile } from 'node:fs/promises';
import { machine, openCatalogue, PRODUCTS } from './catalogue.ts';
import { SERVER_URL } from './targets.ts';

if (SERVER_URL === undefined) {
  process.stderr.write('bench/export.ts needs a PostgreSQL server: set TEST_DATABASE_URL or BENCH_DATABASE_URL.\n');
  process.exit(1);
}

const catalogue = await openCatalogue();
const MiB = 2 ** 20;

interface Row {
  format: string;
  lines: number;
  bytes: number;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
}

async function run(format: 'jsonl' | 'csv' | 'shopify'): Promise<Row> {
  globalThis.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  const res = await fetch(`${catalogue.address}/api/v1/products/export?country=it&format=${format}`, { headers: { authorization: `Bearer ${catalogue.token}` } });
  if (res.status !== 200 || res.body === null) throw new Error(`${format}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  process.stderr.write(`${format}: ${lines} lines, ${(bytes / MiB).toFixed(0)} MiB in ${seconds.toFixed(1)} s\n`);
  return { format, lines, bytes, seconds, rssBefore, rssPeak };
}

// BENCH_FORMATS=csv runs only those: each in a process of its own, its growth is not hidden by the heap an earlier one left.
const FORMATS = (['jsonl', 'csv', 'shopify'] as const).filter((f) => process.env.BENCH_FORMATS === undefined || process.env.BENCH_FORMATS.split(',').includes(f));
const rows: Row[] = [];
for (const format of FORMATS) rows.push(await run(format));
await catalogue.close();

const table = [
  '| format | products | lines | MiB | seconds | products/s | RSS before MiB | peak RSS MiB | growth MiB |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.format} | ${PRODUCTS} | ${r.lines} | ${(r.bytes / MiB).toFixed(0)} | ${r.seconds.toFixed(1)} | ${(PRODUCTS / r.seconds).toFixed(0)} | ${(r.rssBefore / MiB).toFixed(0)} | ${(r.rssPeak / MiB).toFixed(0)} | ${((r.rssPeak - r.rssBefore) / MiB).toFixed(0)} |`,
  ),
].join('\n');
const report = `# Product export (bench/export.ts)

${machine()}.
PostgreSQL (a database of its own on the TEST_DATABASE_URL server); ${PRODUCTS} products in the account, all sold in Italy (a third also in Germany), each Italian record about 1.2 kB of text with 3 pictures and 3 attributes; \`GET /api/v1/products/export?country=it&format=…\`, read by a client in the same process and thrown away.
Lines: JSON Lines one per product; CSV one per product plus the header (a quoted description holds a line break, counted too); Shopify one per picture plus the header.

${table}
`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/export.md', import.meta.url), report);
