import { randomUUID } from 'node:crypto';
import type { SqlRunner } from '../../src/db/database.ts';
import { emptyContent, type CountryContent } from '../../src/domain/content.ts';
import { languageOf } from '../../src/domain/countries.ts';

export interface SeedProduct {
  code?: string | null;
  codeType?: 'ean' | 'asin' | 'minsan' | null;
  sku?: string | null;
  handle?: string | null;
  title?: string | null;
  brand?: string | null;
  state?: 'queued' | 'processing' | 'completed' | 'failed';
  publicationState?: 'pending_review' | 'ready' | 'online';
  countries?: string[];
  images?: string[];
  createdAt?: string;
  updatedAt?: string;
  /** Each country's record; countries left out have none. */
  content?: Record<string, Partial<CountryContent>>;
}

/**
 * A product with its records written straight into the database, with exactly the dates and
 * states a list test needs (a real generation cannot be told when to finish). The HTTP API is
 * what the tests then read it through.
 */
export async function seedProduct(db: SqlRunner, accountId: string, p: SeedProduct): Promise<string> {
  const id = randomUUID();
  const countries = p.countries ?? Object.keys(p.content ?? {});
  await db.query(
    `INSERT INTO products (id, account_id, code, code_type, sku, product_handle, title, brand, brand_set_by, images, countries, agent_model, state, publication_state, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $8::text IS NULL THEN NULL ELSE 'caller' END, $9::jsonb, $10::text[], 'v2', $11, $12, coalesce($13::timestamptz, now()))`,
    [
      id,
      accountId,
      p.code ?? null,
      p.codeType ?? (p.code ? 'ean' : null),
      p.sku ?? null,
      p.handle ?? null,
      p.title ?? null,
      p.brand ?? null,
      JSON.stringify(p.images ?? []),
      countries.length > 0 ? countries : ['it'],
      p.state ?? 'completed',
      p.publicationState ?? 'pending_review',
      p.createdAt ?? null,
    ],
  );
  for (const [country, partial] of Object.entries(p.content ?? {})) {
    const record = { ...emptyContent(country, languageOf(country)), ...partial };
    await db.query(
      `INSERT INTO product_content (product_id, country, language, title, short_description, description, key_features, global_attr, title_tag,
         meta_description, meta_keywords, images, sources, validation_issues, generation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12::jsonb, $13::jsonb, $14::jsonb, $15)`,
      [
        id,
        country,
        record.language,
        record.title,
        record.short_description,
        record.description,
        JSON.stringify(record.key_features),
        JSON.stringify(record.global_attr),
        record.title_tag,
        record.meta_description,
        record.meta_keywords,
        JSON.stringify(record.images),
        JSON.stringify(record.sources),
        JSON.stringify(record.validation_issues),
        randomUUID(),
      ],
    );
  }
  // After the records: writing one moves updated_at to now (migration 008's trigger).
  if (p.updatedAt !== undefined) await db.query('UPDATE products SET updated_at = $2::timestamptz WHERE id = $1', [id, p.updatedAt]);
  return id;
}

/** A new account named `name` with `count` bare products (no records) written in one statement; its id. */
export async function seedBareCatalogue(db: SqlRunner, name: string, count: number): Promise<string> {
  const [account] = await db.query<{ id: string }>('INSERT INTO accounts (name) VALUES ($1) RETURNING id', [name]);
  if (account === undefined) throw new Error('no account was written');
  await db.query(
    `INSERT INTO products (account_id, code, code_type, sku, title, countries, agent_model, state)
     SELECT $1, lpad(g::text, 13, '0'), 'ean', 'SKU-' || g, 'Product ' || g, '{it}', 'v1', 'completed' FROM generate_series(1, $2::int) g`,
    [account.id, count],
  );
  return account.id;
}
