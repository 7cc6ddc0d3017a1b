// Product list latency with 100,000 products in the account (PostgreSQL): p50 and p99 of
// GET /api/v1/products over BENCH_REQUESTS requests per filter mix, one client, one request at a
// time (latency, not throughput), through a listening server. Then EXPLAIN ANALYZE of the queries.
import { writeFile } from 'node:fs/promises';
import type { SqlRunner } from '../src/db/database.ts';
import { countProducts, listProductsPage } from '../src/db/product-list.ts';
import { filtersOf } from '../src/services/list-products.ts';
import { machine, openCatalogue, PRODUCTS } from './catalogue.ts';
import { SERVER_URL } from './targets.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = 20;

if (SERVER_URL === undefined) {
  process.stderr.write('bench/list.ts needs a PostgreSQL server: set TEST_DATABASE_URL or BENCH_DATABASE_URL.\n');
  process.exit(1);
}

const catalogue = await openCatalogue();
const headers = { authorization: `Bearer ${catalogue.token}` };

async function timed(url: string): Promise<{ ms: number; body: { data: { next_page_url: string | null; total: number; data: unknown[] } } }> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { data: { next_page_url: string | null; total: number; data: unknown[] } };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const base = `${catalogue.address}/api/v1/products`;
// The sync's updated_from: the newest tenth of the catalogue has changed since.
const recent = (
  await catalogue.container.db.query<{ at: string }>(
    `SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM products WHERE account_id = $1 ORDER BY updated_at DESC OFFSET $2 LIMIT 1`,
    [catalogue.accountId, Math.floor(PRODUCTS / 10)],
  )
)[0]?.at;
if (recent === undefined) throw new Error('no products');
const secondPage = (await timed(`${base}?per_page=50`)).body.data.next_page_url;
if (secondPage === null) throw new Error('no second page');

const mixes: [string, string][] = [
  ['no filter, page 1 (50)', `${base}`],
  ['no filter, per_page=200', `${base}?per_page=200`],
  ['page 2 by next_page_url (cursor)', secondPage],
  ['no filter, page 1000 (offset 49,950)', `${base}?page=1000`],
  ['state=completed&country=de', `${base}?state=completed&country=de`],
  ['publication_state=online&brand=acme', `${base}?publication_state=online&brand=acme`],
  ['from/to: one month created', `${base}?from=2024-02-01&to=2024-02-29`],
  [`updated_from (sync, ${Math.floor(PRODUCTS / 10)} changed)`, `${base}?updated_from=${encodeURIComponent(recent)}`],
  ['search=12345 (code or sku)', `${base}?search=12345`],
  ['search=sku-7777 (title in a record)', `${base}?search=${encodeURIComponent('titolo sku-7777')}`],
  ['search that matches nothing', `${base}?search=nothing-like-this`],
];

interface Row {
  mix: string;
  total: number;
  p50: number;
  p99: number;
  max: number;
}
const rows: Row[] = [];
for (const [mix, url] of mixes) {
  for (let i = 0; i < WARMUP; i++) await timed(url);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const { ms, body } = await timed(url);
    times.push(ms);
    total = body.data.total;
  }
  times.sort((a, b) => a - b);
  rows.push({ mix, total, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? Number.NaN });
  process.stderr.write(`${mix}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms\n`);
}

/** Runs the list's own statements under EXPLAIN ANALYZE, so the plans are of the real SQL. */
async function explain(describe: string, run: (db: SqlRunner) => Promise<unknown>): Promise<string> {
  const plans: string[] = [];
  const explaining: SqlRunner = {
    async query<Row extends object>(text: string, params?: readonly unknown[]) {
      const plan = await catalogue.container.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      plans.push(plan.map((line) => line['QUERY PLAN']).join('\n'));
      return [] as Row[];
    },
  };
  await run(explaining);
  return `### ${describe}\n\n\`\`\`\n${plans.join('\n\n')}\n\`\`\`\n`;
}
const everything = filtersOf(catalogue.accountId, {});
const plans = [
  await explain('page 1, no filter (the list query)', (db) => listProductsPage(db, everything, { limit: 51, offset: 0, cursor: null })),
  await explain('total, no filter', (db) => countProducts(db, everything)),
  await explain('page 1, search=12345', (db) => listProductsPage(db, filtersOf(catalogue.accountId, { search: '12345' }), { limit: 51, offset: 0, cursor: null })),
  await explain('total, state=completed&country=de', (db) => countProducts(db, filtersOf(catalogue.accountId, { state: 'completed', country: 'de' }))),
];

await catalogue.close();

const table = [
  '| filter mix | total | p50 ms | p99 ms | max ms |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.mix} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`),
].join('\n');
const report = `# Product list (bench/list.ts)

${machine()}.
PostgreSQL (a database of its own on the TEST_DATABASE_URL server); ${PRODUCTS} products in the account (plus ${Math.floor(PRODUCTS / 5)} in another), each with 1–2 country records.
${REQUESTS} requests per row after ${WARMUP} to warm up, one at a time from one client on the same machine; each answer carries \`total\` (a count of the filtered products).

${table}

## Query plans (EXPLAIN ANALYZE)

${plans.join('\n')}`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/list.md', import.meta.url), report);
