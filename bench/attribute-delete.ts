// Schema changes that rewrite every product's records: deleting an attribute, renaming and
// deleting a select option, renaming an attribute_id, each through its HTTP route on an account of
// BENCH_PRODUCTS products (2 countries each, every record holding values of 8 attributes, with the
// sources that cite them). Beside them, in the same run and on the same rows: the route's own
// UPDATE sent alone (triggers on) and with the table's triggers off, the floor under the route.
// And whether other writes wait meanwhile: a product update over HTTP, a worker's record write and
// another account's product update, each alone and then started while an attribute is deleted.
import { writeFile } from 'node:fs/promises';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer, type Container } from '../src/container.ts';
import { refreshCompleteness, removeAttributeValues } from '../src/db/attributes.ts';
import { listContent, upsertContent } from '../src/db/content.ts';
import type { SqlRunner } from '../src/db/database.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import { machine } from './catalogue.ts';
import { SqlTrace } from './sql-trace.ts';
import { openTarget, type TargetName, targetNames } from './targets.ts';

const SIZES = (process.env.BENCH_PRODUCTS ?? '4000').split(',').map((n) => Number(n.trim()));
const COUNTRIES = ['it', 'de'];
const TEXT_ATTRIBUTES = ['style', 'finish', 'origin', 'care', 'collection'];
const ALL_KEYS = ['weight', 'colour', 'material', ...TEXT_ATTRIBUTES];

const ATTRIBUTES = [
  { attribute_id: 'weight', name: 'Weight', type: 'number', unit: 'g', scope: 'global', is_essential: true },
  {
    attribute_id: 'colour',
    name: 'Colour',
    type: 'single-select',
    scope: 'global',
    options: ['Red', 'Blue', 'Green', 'Black'].map((value) => ({ action: 'new', value })),
  },
  { attribute_id: 'material', name: 'Material', type: 'multi-select', scope: 'global', options: ['Steel', 'Wood', 'Glass'].map((value) => ({ action: 'new', value })) },
  ...TEXT_ATTRIBUTES.map((id) => ({ attribute_id: id, name: id[0]?.toUpperCase() + id.slice(1), type: 'text', scope: 'global' })),
];

interface Bench {
  name: TargetName;
  container: Container;
  trace: SqlTrace;
  address: string;
  mine: { id: string; token: string };
  other: { id: string; token: string };
  close(): Promise<void>;
}

async function call(bench: Bench, method: 'POST' | 'PUT' | 'DELETE', path: string, token: string, body?: unknown): Promise<void> {
  const res = await fetch(`${bench.address}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
}

/**
 * Products and records as a generation leaves them (state completed, a record per country with
 * every attribute filled and cited), by INSERT … SELECT: seconds, not the hours the pipeline
 * would take. The completeness trigger runs as it does for the pipeline's writes.
 */
async function seed(db: SqlRunner, accountId: string, products: number, prefix: number): Promise<void> {
  await db.query(
    `INSERT INTO products (account_id, code, code_type, sku, product_handle, title, brand, countries, agent_model, state, publication_state, created_at, updated_at)
     SELECT $1, lpad(($3::bigint + g)::text, 13, '0'), 'ean', 'SKU-' || g, 'product-' || g, 'Input title ' || g,
       (ARRAY['Barilla', 'Lumina', 'Acme', 'Bosch', 'Philips'])[1 + g % 5], $4::text[], 'v2', 'completed', 'ready',
       timestamptz '2024-01-01' + g * interval '5 minutes', timestamptz '2025-01-01' + g * interval '17 seconds'
     FROM generate_series(1, $2::int) g`,
    [accountId, products, prefix, COUNTRIES],
  );
  const sources = ALL_KEYS.map((k) => `'global_attr.${k}', jsonb_build_array('icecat:attribute.${k}:' || c.country)`).join(', ');
  await db.query(
    `INSERT INTO product_content (product_id, country, language, title, short_description, description, key_features, global_attr,
       title_tag, meta_description, meta_keywords, images, sources, validation_issues, generation_id)
     SELECT p.id, c.country, c.country, 'Titolo ' || p.sku || ' "' || p.brand || '", 500 g', 'Breve descrizione di ' || p.sku,
       repeat('Descrizione del prodotto, con virgole e "virgolette". ', 16) || E'\\n\\nSecondo paragrafo < terzo.',
       '["Caratteristica uno", "Caratteristica due", "Caratteristica tre"]'::jsonb,
       jsonb_build_object('weight', ((g % 9 + 1) * 100)::text, 'colour', (ARRAY['Red', 'Blue', 'Green', 'Black'])[1 + g % 4],
         'material', (ARRAY['Steel', 'Wood', 'Glass', 'Steel | Wood'])[1 + g % 4],
         'style', 'Moderno ' || c.country, 'finish', 'Opaco ' || c.country, 'origin', 'Italia', 'care', 'Lavare a mano ' || c.country,
         'collection', 'Primavera ' || (2020 + g % 5)),
       'Titolo SEO ' || p.sku, 'Meta descrizione ' || p.sku, 'pasta, cucina',
       jsonb_build_array(jsonb_build_object('url', 'https://img.example/' || p.sku || '-1.jpg'), jsonb_build_object('url', 'https://img.example/' || p.sku || '-2.jpg')),
       jsonb_build_object('title', jsonb_build_array('icecat:title:' || c.country), 'description', jsonb_build_array('icecat:description:' || c.country), ${sources}),
       '[]'::jsonb, gen_random_uuid()
     FROM products p CROSS JOIN LATERAL unnest(p.countries) AS c(country) CROSS JOIN LATERAL (SELECT substr(p.sku, 5)::int AS g) n
     WHERE p.account_id = $1`,
    [accountId],
  );
}

async function open(name: TargetName, products: number): Promise<Bench> {
  const { opened, close } = await openTarget(name);
  const trace = new SqlTrace();
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_SIZE: '20' });
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: { ...opened, db: trace.database(opened.db) } });
  const app = await buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const mine = await createAccount(container.db, { name: 'bench', credits: 0, imageStandardization: false });
  const other = await createAccount(container.db, { name: 'other', credits: 0, imageStandardization: false });
  const bench: Bench = {
    name,
    container,
    trace,
    address,
    mine: { id: mine.account.id, token: mine.token },
    other: { id: other.account.id, token: other.token },
    async close() {
      await app.close();
      await container.close({ graceful: false });
      await close();
    },
  };
  const started = performance.now();
  for (const account of [bench.mine, bench.other]) for (const attribute of ATTRIBUTES) await call(bench, 'POST', '/api/v1/attributes/create', account.token, attribute);
  // Seeding writes updated_at itself; the trigger that keeps it in step with the records would only slow it.
  for (const event of ['insert', 'update']) await container.db.query(`ALTER TABLE product_content DISABLE TRIGGER product_content_touches_product_${event}`);
  await seed(container.db, bench.mine.id, products, 800_000_000_000);
  // Another account with the same schema and a fifth as many products: every statement has to keep to its account.
  await seed(container.db, bench.other.id, Math.floor(products / 5), 900_000_000_000);
  for (const event of ['insert', 'update']) await container.db.query(`ALTER TABLE product_content ENABLE TRIGGER product_content_touches_product_${event}`);
  await vacuum(bench);
  process.stderr.write(`${name}: seeded ${products} + ${Math.floor(products / 5)} products in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return bench;
}

/** Every timed operation starts from tables without dead rows, so none pays for the one before. */
async function vacuum(bench: Bench): Promise<void> {
  await bench.container.db.query('VACUUM ANALYZE product_content');
  await bench.container.db.query('VACUUM ANALYZE products');
}

async function touched(bench: Bench, key: string, option?: string): Promise<{ products: number; records: number }> {
  const [row] = await bench.container.db.query<{ products: number; records: number }>(
    `SELECT count(DISTINCT c.product_id)::int AS products, count(*)::int AS records FROM product_content c JOIN products p ON p.id = c.product_id
     WHERE p.account_id = $1 AND c.global_attr ? $2::text AND ($3::text IS NULL OR $3::text = ANY (string_to_array(c.global_attr ->> $2::text, ' | ')))`,
    [bench.mine.id, key, option ?? null],
  );
  return row ?? { products: 0, records: 0 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

interface OperationRow {
  operation: string;
  products: number;
  records: number;
  seconds: number;
  statements?: number;
  statementSeconds?: number;
}

/** One operation, timed; `traced` keeps its statements' table for the report. */
async function timed(bench: Bench, operation: string, key: string, option: string | undefined, run: () => Promise<unknown>, traces: string[]): Promise<OperationRow> {
  const count = await touched(bench, key, option);
  await vacuum(bench);
  bench.trace.reset();
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const report = bench.trace.report(`${bench.name}, ${operation}`, 1, ms);
  const head = /: ([\d.]+) statements a call, [\d.]+ ms a call, of which ([\d.]+) ms in statements/.exec(report);
  traces.push(report);
  process.stderr.write(`${bench.name}: ${operation}: ${(ms / 1000).toFixed(2)} s (${count.products} products)\n`);
  return { operation, ...count, seconds: ms / 1000, statements: Number(head?.[1]), statementSeconds: Number(head?.[2]) / 1000 };
}

interface Probe {
  write: string;
  run(i: number): Promise<void>;
}

function probes(bench: Bench, mineProduct: { id: string; code: string }, workerProduct: string, otherCode: string): Probe[] {
  return [
    {
      write: 'POST /products/update, a product of the account',
      run: (i) => call(bench, 'POST', '/api/v1/products/update', bench.mine.token, { code: mineProduct.code, country: 'it', title: `Titolo modificato ${i}` }),
    },
    {
      write: "a worker's record write (upsert in a transaction), same account",
      run: async (i) => {
        await bench.container.db.transaction(async (tx) => {
          const record = (await listContent(tx, workerProduct)).find((c) => c.country === 'it');
          if (record === undefined) throw new Error('no record');
          await upsertContent(tx, workerProduct, record.generation_id, [{ ...record, title: `Titolo del worker ${i}` }]);
        });
      },
    },
    {
      write: 'POST /products/update, a product of another account',
      run: (i) => call(bench, 'POST', '/api/v1/products/update', bench.other.token, { code: otherCode, country: 'it', title: `Titolo modificato ${i}` }),
    },
  ];
}

interface ProbeRow {
  write: string;
  aloneMs: number;
  duringMs: number;
  startedMs: number;
  endedMs: number;
  operationMs: number;
}

async function runTarget(name: TargetName, products: number): Promise<{ operations: OperationRow[]; probeRows: ProbeRow[]; traces: string[]; plans: string }> {
  const bench = await open(name, products);
  const traces: string[] = [];
  const operations: OperationRow[] = [];
  const db = bench.container.db;
  const [first, second] = await db.query<{ id: string; code: string }>('SELECT id, code FROM products WHERE account_id = $1 ORDER BY code LIMIT 2', [bench.mine.id]);
  const [otherProduct] = await db.query<{ code: string }>('SELECT code FROM products WHERE account_id = $1 ORDER BY code LIMIT 1', [bench.other.id]);
  if (first === undefined || second === undefined || otherProduct === undefined) throw new Error('no products');
  const writes = probes(bench, first, second.id, otherProduct.code);

  // Each write alone, warmed up, so the figure during the deletion has a comparator.
  const alone: number[] = [];
  for (const probe of writes) {
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      await probe.run(i);
      times.push(performance.now() - started);
    }
    alone.push(median(times.slice(2)));
  }

  const del = (id: string) => () => call(bench, 'DELETE', `/api/v1/attributes/delete/${id}`, bench.mine.token);
  const routeDelete = await timed(bench, 'DELETE /attributes/delete/style (the route)', 'style', undefined, del('style'), traces);
  operations.push(routeDelete);
  operations.push(await timed(bench, "the route's UPDATE alone, triggers on (finish)", 'finish', undefined, () => removeAttributeValues(db, bench.mine.id, 'finish'), traces));
  operations.push(
    await timed(
      bench,
      "the route's UPDATE alone, product_content's triggers off (origin)",
      'origin',
      undefined,
      () =>
        db.transaction(async (tx) => {
          await tx.query('ALTER TABLE product_content DISABLE TRIGGER USER');
          await removeAttributeValues(tx, bench.mine.id, 'origin');
          await tx.query('ALTER TABLE product_content ENABLE TRIGGER USER');
        }),
      traces,
    ),
  );
  operations.push(await timed(bench, 'refreshCompleteness alone (no change to make)', 'weight', undefined, () => refreshCompleteness(db, bench.mine.id), traces));

  // The writes, started a quarter of the way into a deletion like the one above.
  const count = await touched(bench, 'care');
  await vacuum(bench);
  const delay = Math.max(5, (routeDelete.seconds * 1000) / 4);
  const t0 = performance.now();
  const deletion = del('care')().then(() => performance.now() - t0);
  await sleep(delay);
  const during = await Promise.all(
    writes.map(async (probe, i) => {
      const started = performance.now();
      await probe.run(100 + i);
      const ended = performance.now();
      return { startedMs: started - t0, duringMs: ended - started, endedMs: ended - t0 };
    }),
  );
  const operationMs = await deletion;
  operations.push({ operation: 'DELETE /attributes/delete/care, with the writes below', ...count, seconds: operationMs / 1000 });
  const probeRows = writes.map((probe, i) => ({ write: probe.write, aloneMs: alone[i] ?? Number.NaN, operationMs, ...(during[i] ?? { startedMs: 0, duringMs: 0, endedMs: 0 }) }));

  const put = (id: string, body: unknown) => () => call(bench, 'PUT', `/api/v1/attributes/update/${id}`, bench.mine.token, body);
  operations.push(
    await timed(
      bench,
      'PUT /attributes/update/colour: rename option Red',
      'colour',
      'Red',
      put('colour', { options: [{ action: 'update', Red: null, new_name: 'Crimson' }] }),
      traces,
    ),
  );
  operations.push(
    await timed(bench, 'PUT /attributes/update/colour: delete option Blue', 'colour', 'Blue', put('colour', { options: [{ action: 'delete', Blue: null }] }), traces),
  );
  operations.push(
    await timed(
      bench,
      'PUT /attributes/update/material: delete option Wood (also in "Steel | Wood")',
      'material',
      'Wood',
      put('material', { options: [{ action: 'delete', Wood: null }] }),
      traces,
    ),
  );
  operations.push(await timed(bench, 'PUT /attributes/update/collection: attribute_id to season', 'collection', undefined, put('collection', { attribute_id: 'season' }), traces));

  const plans = name === 'postgres' ? await explainDelete(bench, 'season') : '';
  await bench.close();
  return { operations, probeRows, traces, plans };
}

class Rollback extends Error {}

/** The deletion's two product-wide statements under EXPLAIN ANALYZE (with their triggers), rolled back. */
async function explainDelete(bench: Bench, key: string): Promise<string> {
  const plans: string[] = [];
  await vacuum(bench);
  try {
    await bench.container.db.transaction(async (tx) => {
      const explaining: SqlRunner = {
        async query<Row extends object>(text: string, params?: readonly unknown[]) {
          const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
          plans.push(plan.map((line) => line['QUERY PLAN']).join('\n'));
          return [] as Row[];
        },
      };
      await removeAttributeValues(explaining, bench.mine.id, key);
      await refreshCompleteness(explaining, bench.mine.id);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return `\`\`\`\n${plans.join('\n\n')}\n\`\`\`\n`;
}

const label = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;
const operationLines: string[] = [];
const probeLines: string[] = [];
const traceSections: string[] = [];
const planSections: string[] = [];
for (const products of SIZES) {
  for (const name of targetNames()) {
    const { operations, probeRows, traces, plans } = await runTarget(name, products);
    const floor = operations.find((o) => o.operation.startsWith("the route's UPDATE alone, triggers on"))?.seconds ?? Number.NaN;
    for (const o of operations) {
      const statements = o.statements === undefined || Number.isNaN(o.statements) ? '' : `${o.statements} (${(o.statementSeconds ?? 0).toFixed(2)} s)`;
      operationLines.push(
        `| ${label[name]} | ${products} | ${o.operation} | ${o.products} | ${o.records} | ${o.seconds.toFixed(2)} | ${(o.seconds / floor).toFixed(1)} | ${statements} |`,
      );
    }
    for (const p of probeRows) {
      probeLines.push(
        `| ${label[name]} | ${products} | ${p.write} | ${p.aloneMs.toFixed(1)} | ${p.duringMs.toFixed(1)} | ${p.startedMs.toFixed(0)} | ${p.endedMs.toFixed(0)} | ${p.operationMs.toFixed(0)} |`,
      );
    }
    traceSections.push(`#### ${label[name]}, ${products} products\n${traces.join('')}`);
    if (plans !== '') planSections.push(`### ${label[name]}, ${products} products\n\n${plans}`);
  }
}

const report = `# Attribute deletion and option changes (bench/attribute-delete.ts)

${machine()}.
Each database fresh per size; the account has 8 attributes (weight: number, essential; colour: single-select; material: multi-select; 5 texts) and N products (plus N/5 in another account with the same schema), each with a record in 2 countries holding a value of every attribute and its source. Tables vacuumed before each operation.

## Operations

Products and records touched: of the account, holding the attribute (or the option). Seconds: wall time of the HTTP call (or of the statement, for the comparators). ÷ UPDATE: the route's seconds over its own UPDATE of product_content sent alone (triggers on). Statements: SQL statements sent, and seconds spent in them.

| database | products | operation | products touched | records | s | ÷ UPDATE | statements (s) |
| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |
${operationLines.join('\n')}

## Other writes during a deletion

Each write alone (median of 5 after 2 to warm up), then started (all three at once) a quarter of the way into the deletion of another attribute. ms from the start of the deletion.

| database | products | write | alone ms | during ms | started at ms | ended at ms | deletion ended at ms |
| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |
${probeLines.join('\n')}

## Statements sent

${traceSections.join('\n')}
${planSections.length === 0 ? '' : `\n## EXPLAIN ANALYZE of the deletion's statements (rolled back)\n\n${planSections.join('\n')}`}`;
process.stdout.write(`${report}\n`);
if (process.env.BENCH_WRITE === '1') await writeFile(new URL('./results/attribute-delete.md', import.meta.url), report);
