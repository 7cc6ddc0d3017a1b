// Caller and source text reaches the model only as JSON inside a named block. The JSON is escaped
// so that no value can close its block ("</product_data>" inside a description stays data).
import type { CountryContent } from '../../domain/content.ts';
import type { Fact } from '../../domain/facts.ts';
import type { EngineInput } from '../../services/ports.ts';
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
export function productData(input: Pick<EngineInput, 'product' | 'notes'>, facts: readonly Fact[]) {
  return {
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
  };
}

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
