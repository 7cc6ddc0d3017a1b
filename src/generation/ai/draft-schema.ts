import { z } from 'zod';
import { BoundedMemo } from '../../bounded-memo.ts';
import type { AttributeDef } from '../../domain/attributes/schema.ts';

// What the model returns, as Zod schemas that the AI SDK turns into the provider's JSON schema.
// No length limits in the schema: strict structured-output modes reject them, and a long field is
// better repaired than refused. Attributes are a list, not a map: closed objects only, which every
// provider's structured output accepts.

const sourced = z.object({
  text: z.string(),
  fact_ids: z.array(z.string()).describe('ids of the facts this text rests on'),
});

export const countryDraftSchema = z.object({
  country: z.string().describe('the target country code, as given in the task'),
  title: sourced,
  short_description: sourced,
  description: sourced,
  key_features: z.array(sourced),
  attributes: z.array(
    z.object({
      name: z.string().describe('lowercase snake_case English name'),
      value: z.string(),
      fact_ids: z.array(z.string()),
    }),
  ),
  title_tag: sourced,
  meta_description: sourced,
  meta_keywords: sourced,
  google_category_id: z.string().nullable().describe('an id of product_data.google_category_candidates (see google_category_use); null when none fits or none are listed'),
});
export type CountryDraft = z.infer<typeof countryDraftSchema>;

/** v1: every target in one answer. */
export const recordsSchema = z.object({ records: z.array(countryDraftSchema) });

/**
 * With an account's attribute schema, the model may name only its attribute_ids, so structured
 * output holds it to them; the values are checked against the schema and their facts afterwards
 * (src/pipeline/fill-attributes.ts), as every engine's are.
 */
export function countryDraftSchemaFor(attributes: readonly AttributeDef[] | undefined): z.ZodType<CountryDraft> {
  const ids = (attributes ?? []).map((a) => a.attribute_id);
  return ids.length === 0 ? countryDraftSchema : DRAFTS_FOR.get(JSON.stringify(ids), () => draftSchemaWith(ids));
}

// One schema object per list of attribute_ids: an account's list rarely changes, and the same object
// lets the model call convert it to JSON Schema once (call-model.ts) instead of on every call.
const DRAFTS_FOR = new BoundedMemo<z.ZodType<CountryDraft>>(1000);
const RECORDS_FOR = new BoundedMemo<z.ZodType<z.infer<typeof recordsSchema>>>(1000);

function draftSchemaWith(ids: readonly string[]): z.ZodType<CountryDraft> {
  const [first = '', ...rest] = ids;
  return countryDraftSchema.extend({
    attributes: z.array(
      z.object({
        name: z.enum([first, ...rest]).describe('an attribute_id of attribute_schema'),
        value: z.string().describe("in the attribute's form: a number in its unit without the unit; one of its options (several joined by ' | ' for multi-select); true or false"),
        fact_ids: z.array(z.string()).describe('ids of the facts that state this value'),
      }),
    ),
  });
}

export function recordsSchemaFor(attributes: readonly AttributeDef[] | undefined): z.ZodType<z.infer<typeof recordsSchema>> {
  if (attributes === undefined || attributes.length === 0) return recordsSchema;
  return RECORDS_FOR.get(JSON.stringify(attributes.map((a) => a.attribute_id)), () => z.object({ records: z.array(countryDraftSchemaFor(attributes)) }));
}

export const criticSchema = z.object({
  issues: z.array(
    z.object({
      field: z.string().describe('field path, e.g. title, key_features.2 (counting from 0), global_attr.colour'),
      severity: z.enum(['error', 'minor']).describe('error: wrong, unsupported or forbidden; minor: taste or style'),
      problem: z.string(),
    }),
  ),
});

export const imageObservationsSchema = z.object({
  observations: z.array(
    z.object({
      image: z.number().int().describe('the picture number, 1 for the first'),
      key: z.enum(['brand', 'name', 'variant', 'quantity', 'claim', 'colour', 'other']),
      label: z.string().describe('for key "other": what the value is, e.g. "material"; otherwise empty'),
      value: z.string(),
      language: z.string().nullable().describe('ISO 639-1 code of printed text; null for numbers or when unsure'),
    }),
  ),
});

export const regeneratedSchema = z.object({
  google_category_id: z.string().nullable().describe('an id of product_data.google_category_candidates (see google_category_use); null when none fits or none are listed'),
  records: z.array(
    z.object({
      country: z.string(),
      fields: z.array(
        z.object({
          field: z.string().describe('the requested field name, e.g. title or global_attr.colour'),
          text: z.string(),
          items: z.array(z.string()).describe('key_features only: the whole list'),
          fact_ids: z.array(z.string()),
        }),
      ),
    }),
  ),
});
export type Regenerated = z.infer<typeof regeneratedSchema>;
