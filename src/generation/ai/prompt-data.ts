// Caller and source text reaches the model only as JSON inside a named block. The JSON is escaped
// so that no value can close its block ("</product_data>" inside a description stays data).
import type { AttributeDef } from '../../domain/attributes/schema.ts';
import type { CountryContent } from '../../domain/content.ts';
import type { Fact } from '../../domain/facts.ts';
import type { EngineInput } from '../../domain/generation-ports.ts';
import { languageName } from '../template/fact-view.ts';

export type BlockName = 'task' | 'product_data' | 'draft' | 'problems' | 'merchant_requests';

/** JSON with `<`, `>` and `&` escaped: still valid JSON, but it can never form a tag. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value, null, 1).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function block(name: BlockName, value: unknown): string {
  return `<${name}>\n${safeJson(value)}\n</${name}>`;
}

export function targetsData(targets: readonly { country: string; language: string }[]) {
  return targets.map((t) => ({ country: t.country, language: t.language, language_name: languageName(t.language) }));
}

/** The facts as the model sees them: what it needs to cite and weigh them, nothing more. */
export function productData(input: Pick<EngineInput, 'product' | 'notes' | 'attributes' | 'categories'>, facts: readonly Fact[]) {
  return {
    ...(input.attributes === undefined || input.attributes.length === 0
      ? {}
      : {
          attribute_schema: attributeSchemaData(input.attributes),
          attribute_schema_use: ATTRIBUTE_SCHEMA_USE,
        }),
    product_code: input.product.code,
    code_type: input.product.codeType,
    facts: facts.map((f) => ({
      id: f.id,
      key: f.key === 'attribute' ? `attribute:${f.attribute ?? ''}` : f.key,
      value: f.value,
      language: f.language,
      source: f.source,
    })),
    merchant_notes: input.notes,
    // Last, after everything that is the same for every call about this product.
    ...(input.categories === undefined ? {} : { google_category_candidates: input.categories.candidates, google_category_use: CATEGORY_USE }),
  };
}

// How to answer `google_category_id`, shipped with the candidates so the versioned rules need no change.
const CATEGORY_USE =
  "`google_category_id` is the `id` of the one entry of google_category_candidates that is this product's Google product category: the most specific one that is right for what the product is (not what it is for or goes with). null when none fits. Never an id that is not listed.";

/** A stored record as the model reads it back (for critic, repair and regeneration). */
export function recordData(record: CountryContent) {
  return {
    country: record.country,
    language: record.language,
    title: record.title,
    short_description: record.short_description,
    description: record.description,
    key_features: record.key_features,
    global_attr: record.global_attr,
    title_tag: record.title_tag,
    meta_description: record.meta_description,
    meta_keywords: record.meta_keywords,
  };
}

// The shop's own words about its schema, shipped with it so the versioned rules need no change.
const ATTRIBUTE_SCHEMA_USE =
  '`attributes` names only attribute_ids of attribute_schema. Give a value only when a fact states it, and cite that fact: a number in the unit given, without the unit; one of the options exactly as written (several joined by " | " for multi-select), whatever the language of the fact; true or false for boolean. Leave out every attribute no fact states: never guess.';

/** The shop's attributes the record fills: only these names, each value in its form, none guessed. */
export function attributeSchemaData(attributes: readonly AttributeDef[]) {
  return attributes.map((a) => ({
    attribute_id: a.attribute_id,
    name: a.name,
    type: a.type,
    ...(a.unit === null ? {} : { unit: a.unit }),
    ...(a.options.length === 0 ? {} : { options: a.options.map((o) => o.value) }),
    ...(a.description === null ? {} : { description: a.description }),
  }));
}
