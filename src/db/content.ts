import type { CountryContent } from '../domain/content.ts';
import type { SqlRunner } from './database.ts';

export type { CountryContent };

export interface ContentRow extends CountryContent {
  product_id: string;
  generation_id: string;
  updated_at: Date;
}

/** A country's record of a generation, as stored. */
export type ContentWrite = CountryContent & { product_id: string; generation_id: string };

/** Writes records of any number of generations in one statement; a retried write replaces, never duplicates. */
export async function upsertContentRows(db: SqlRunner, rows: readonly ContentWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO product_content (product_id, generation_id, country, language, title, short_description, description,
       key_features, global_attr, title_tag, meta_description, meta_keywords, images, sources, validation_issues)
     SELECT c.product_id, c.generation_id, c.country, c.language, c.title, c.short_description, c.description,
       c.key_features, c.global_attr, c.title_tag, c.meta_description, c.meta_keywords, c.images, c.sources, c.validation_issues
     FROM jsonb_to_recordset($1::jsonb) AS c(product_id uuid, generation_id uuid, country text, language text, title text,
       short_description text, description text, key_features jsonb, global_attr jsonb, title_tag text, meta_description text,
       meta_keywords text, images jsonb, sources jsonb, validation_issues jsonb)
     ON CONFLICT (product_id, country) DO UPDATE SET
       generation_id = EXCLUDED.generation_id, language = EXCLUDED.language, title = EXCLUDED.title,
       short_description = EXCLUDED.short_description, description = EXCLUDED.description,
       key_features = EXCLUDED.key_features, global_attr = EXCLUDED.global_attr, title_tag = EXCLUDED.title_tag,
       meta_description = EXCLUDED.meta_description, meta_keywords = EXCLUDED.meta_keywords, images = EXCLUDED.images,
       sources = EXCLUDED.sources, validation_issues = EXCLUDED.validation_issues, updated_at = now()`,
    [JSON.stringify(rows)],
  );
}

/** Writes every country of one generation in one statement. */
export async function upsertContent(db: SqlRunner, productId: string, generationId: string, content: readonly CountryContent[]): Promise<void> {
  await upsertContentRows(
    db,
    content.map((c) => ({ ...c, product_id: productId, generation_id: generationId })),
  );
}

export async function listContent(db: SqlRunner, productId: string): Promise<ContentRow[]> {
  return db.query<ContentRow>('SELECT * FROM product_content WHERE product_id = $1', [productId]);
}
