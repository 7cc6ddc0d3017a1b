import { z } from 'zod';

// The product object of the details endpoint (CONTRACT.md, "Reads"), as routes that answer with
// it describe it; tests parse those answers with it.

const failure = z.object({ reason: z.string(), message: z.string() }).nullable();

export const productObjectSchema = z.object({
  id: z.uuid(),
  code: z.string().nullable(),
  code_type: z.enum(['ean', 'asin', 'minsan']).nullable(),
  sku: z.string().nullable(),
  product_handle: z.string().nullable(),
  brand: z.string().nullable(),
  state: z.enum(['queued', 'processing', 'completed', 'failed']),
  publication_state: z.enum(['pending_review', 'ready', 'online']),
  agent_model: z.enum(['v1', 'v2']),
  country: z.string(),
  language: z.string(),
  countries: z.array(z.string()),
  title: z.string().nullable(),
  short_description: z.string().nullable(),
  description: z.string().nullable(),
  key_features: z.array(z.string()),
  global_attr: z.record(z.string(), z.string()),
  title_tag: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  images: z.array(z.unknown()),
  sources: z.record(z.string(), z.array(z.string())),
  validation_messages: z.array(z.string()),
  failure,
  facts: z.array(z.unknown()),
  generation: z
    .object({
      id: z.uuid(),
      kind: z.enum(['create', 'regenerate']),
      agent_model: z.enum(['v1', 'v2']),
      usage: z.record(z.string(), z.unknown()).nullable(),
    })
    .nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
