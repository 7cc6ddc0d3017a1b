import type { CountryContent } from '../../domain/content.ts';
import type { CountryDraft } from './draft-schema.ts';
import { attributeName } from '../../domain/facts.ts';

/**
 * The model's draft as the record the contract shows. Fact ids the data never had are dropped
 * from `sources` and returned, so a made-up citation cannot pass for a real one.
 */
export function draftToContent(
  draft: CountryDraft,
  target: { country: string; language: string },
  knownIds: ReadonlySet<string>,
): { content: CountryContent; unknownIds: Array<{ field: string; id: string }> } {
  const unknownIds: Array<{ field: string; id: string }> = [];
  const cite = (field: string, ids: readonly string[]): string[] => {
    const kept: string[] = [];
    for (const id of ids) {
      if (knownIds.has(id)) {
        if (!kept.includes(id)) kept.push(id);
      } else unknownIds.push({ field, id });
    }
    return kept;
  };
  const text = (value: string): string | null => {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  };
  const sources: Record<string, string[]> = {
    title: cite('title', draft.title.fact_ids),
    short_description: cite('short_description', draft.short_description.fact_ids),
    description: cite('description', draft.description.fact_ids),
    key_features: [...new Set(draft.key_features.flatMap((f, i) => cite(`key_features.${i}`, f.fact_ids)))],
    title_tag: cite('title_tag', draft.title_tag.fact_ids),
    meta_description: cite('meta_description', draft.meta_description.fact_ids),
    meta_keywords: cite('meta_keywords', draft.meta_keywords.fact_ids),
  };
  const globalAttr: Record<string, string> = {};
  for (const attribute of draft.attributes) {
    const key = attributeName(attribute.name);
    const value = attribute.value.trim();
    if (key === '' || value === '' || key in globalAttr) continue;
    globalAttr[key] = value;
    sources[`global_attr.${key}`] = cite(`global_attr.${key}`, attribute.fact_ids);
  }
  return {
    content: {
      country: target.country,
      language: target.language,
      title: text(draft.title.text),
      short_description: text(draft.short_description.text),
      description: text(draft.description.text),
      key_features: draft.key_features.map((f) => f.text.trim()).filter((f) => f !== ''),
      global_attr: globalAttr,
      title_tag: text(draft.title_tag.text),
      meta_description: text(draft.meta_description.text),
      meta_keywords: text(draft.meta_keywords.text),
      images: [],
      sources,
      validation_issues: [],
    },
    unknownIds,
  };
}
