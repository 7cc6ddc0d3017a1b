// A large catalogue for the list and export benchmarks, seeded by a few INSERT … SELECT over
// generate_series (seconds, not the hours the real pipeline would take), in a database of its own
// on the PostgreSQL server. Another account holds a fifth as many products, so every query has
// to keep to its account.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createContainer, type Container } from '../src/container.ts';
import { buildApp } from '../src/http/app.ts';
import { createAccount } from '../src/services/accounts.ts';
import type { SqlRunner } from '../src/db/database.ts';
import { openTarget } from './targets.ts';

export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

export interface Catalogue {
  container: Container;
  accountId: string;
  token: string;
  address: string;
  close(): Promise<void>;
}

/** `products` products of `accountId`, with their records, written straight into the database. */
export async function seedProducts(db: SqlRunner, accountId: string, products: number): Promise<void> {
  // Products spread over 5 brands, 5 states, 3 publication states; a third also sold in Germany.
  await db.query(
    `INSERT INTO products (account_id, code, code_type, sku, product_handle, title, brand, countries, agent_model, state, publication_state, created_at, updated_at)
     SELECT $1, lpad((800000000000 + g)::text, 13, '0'), 'ean', 'SKU-' || g, 'product-' || g, 'Input title ' || g,
       (ARRAY['Barilla', 'Lumina', 'Acme', 'Bosch', 'Philips'])[1 + g % 5],
       CASE WHEN g % 3 = 0 THEN ARRAY['it', 'de'] ELSE ARRAY['it'] END, 'v2',
       (ARRAY['completed', 'completed', 'completed', 'failed', 'queued'])[1 + g % 5],
       (ARRAY['pending_review', 'ready', 'online'])[1 + g % 3],
       timestamptz '2024-01-01' + g * interval '5 minutes',
       timestamptz '2025-01-01' + ((g::bigint * 7919) % $2) * interval '17 seconds' + g * interval '1 microsecond'
     FROM generate_series(1, $2::int) g`,
    [accountId, products],
  );
  // One record per country, about 1.2 kB of text, 3 pictures and 3 attributes each.
  await db.query(
    `INSERT INTO product_content (product_id, country, language, title, short_description, description, key_features, global_attr,
       title_tag, meta_description, meta_keywords, images, validation_issues, generation_id)
     SELECT p.id, c.country, c.country, 'Titolo ' || p.sku || ' "' || p.brand || '", 500 g', 'Breve descrizione di ' || p.sku,
       repeat('Descrizione del prodotto, con virgole e "virgolette". ', 16) || E'\\n\\nSecondo paragrafo < terzo.',
       '["Caratteristica uno", "Caratteristica due", "Caratteristica tre"]'::jsonb,
       jsonb_build_object('colour', 'rosso', 'weight', '500 g', 'material', 'metallo'),
       'Titolo SEO ' || p.sku, 'Meta descrizione ' || p.sku, 'pasta, cucina',
       jsonb_build_array(jsonb_build_object('url', 'https://img.example/' || p.sku || '-1.jpg'), jsonb_build_object('url', 'https://img.example/' || p.sku || '-2.jpg'),
         jsonb_build_object('url', 'https://img.example/' || p.sku || '-3.jpg')),
       '[]'::jsonb, gen_random_uuid()
     FROM products p CROSS JOIN LATERAL unnest(p.countries) AS c(country)
     WHERE p.account_id = $1`,
    [accountId],
  );
}

/** The service on a listening port over a seeded PostgreSQL database; `close` drops the database. */
export async function openCatalogue(): Promise<Catalogue> {
  const { opened, close } = await openTarget('postgres');
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', DB_POOL_SIZE: '20' });
  const container = await createContainer(config, { logger: pino({ level: 'silent' }), database: opened });
  const mine = await createAccount(container.db, { name: 'bench', credits: 0, imageStandardization: false });
  const other = await createAccount(container.db, { name: 'other', credits: 0, imageStandardization: false });
  const started = performance.now();
  // Seeding writes updated_at itself; the trigger that keeps it in step with the records would only slow it.
  for (const event of ['insert', 'update']) await container.db.query(`ALTER TABLE product_content DISABLE TRIGGER product_content_touches_product_${event}`);
  await seedProducts(container.db, mine.account.id, PRODUCTS);
  await seedProducts(container.db, other.account.id, Math.floor(PRODUCTS / 5));
  for (const event of ['insert', 'update']) await container.db.query(`ALTER TABLE product_content ENABLE TRIGGER product_content_touches_product_${event}`);
  await container.db.query('VACUUM ANALYZE products');
  await container.db.query('VACUUM ANALYZE product_content');
  process.stderr.write(`seeded ${PRODUCTS} + ${Math.floor(PRODUCTS / 5)} products in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const app = await buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    container,
    accountId: mine.account.id,
    token: mine.token,
    address,
    async close() {
      await app.close();
      await container.close({ graceful: false });
      await close();
    },
  };
}

export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return `Commit ${commit}; ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`;
}
