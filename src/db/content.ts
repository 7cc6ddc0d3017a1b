import type { CountryContent } from '../domain/content.ts';
import type { SqlRunner } from './database.ts';

export type { CountryContent };

export interface ContentRow extends CountryContent {
  product_id: string;
  generation_id: string;
  updated_at: Date;
}

/** Writes every country of one generation in one statement; a retried write replaces, never duplicates. */
export async function upsertContent(db: SqlRunner, productId: string, generationId: string, content: readonly CountryContent[]): Promise<void> {
  await db.query(
    `INSERT INTO product_content (product_id, generation_id, country, language, title, short_description, description,
       key_features, global_attr, title_tag, meta_description, meta_keywords, images, sources, validation_messages)
     SELECT $1, $2, c.country, c.language, c.title, c.short_description, c.description,
       c.key_features, c.global_attr, c.title_tag, c.meta_description, c.meta_keywords, c.images, c.sources, c.validation_messages
     FROM jsonb_to_recordset($3::jsonb) AS c(country text, language text, title text, short_description text, description text,
       key_features jsonb, global_attr jsonb, title_tag text, meta_description text, meta_keywords text, images jsonb,
       sources jsonb, validation_messages jsonb)
     ON CONFLICT (product_id, country) DO UPDATE SET
       generation_id = EXCLUDED.generation_id, language = EXCLUDED.language, title = EXCLUDED.title,
       short_description = EXCLUDED.short_description, description = EXCLUDED.description,
       key_features = EXCLUDED.key_features, global_attr = EXCLUDED.global_attr, title_tag = EXCLUDED.title_tag,
       meta_description = EXCLUDED.meta_description, meta_keywords = EXCLUDED.meta_keywords, images = EXCLUDED.images,
       sources = EXCLUDED.sources, validation_messages = EXCLUDED.validation_messages, updated_at = now()`,
    [productId, generationId, JSON.stringify(content)],
  );
}

export async function listContent(db: SqlRunner, productId: string): Promise<ContentRow[]> {
  return db.query<ContentRow>('SELECT * FROM product_content WHERE product_id = $1', [productId]);
}
