// What a deterministic check reports about an LLM-written record, and the field walk the checks share. Pure.
import type { CountryContent } from '../../../domain/content.ts';
import { toPlainText } from '../../template/text.ts';

export interface RecordProblem {
  /** `title`, `description`, `key_features.2`, `global_attr.colour` … */
  field: string;
  check: 'language' | 'length' | 'refusal' | 'health_claim' | 'empty' | 'ungrounded' | 'critic' | 'unknown_source';
  /**
   * One sentence, in English, that a repair prompt and a validation message can both use. Said of
   * the field, without its name or a final full stop ("is 163 characters long; the limit is 150"):
   * callers print `field: message`.
   */
  message: string;
}

/** The written fields of a record: what the checks read. */
export type CheckedFields = Pick<
  CountryContent,
  'title' | 'short_description' | 'description' | 'key_features' | 'global_attr' | 'title_tag' | 'meta_description' | 'meta_keywords'
>;

export { textFields } from '../../grounding.ts';

/**
 * A text as a reader sees it, for phrase matching: HTML tags dropped, entities decoded, and
 * typographic apostrophes made plain so one pattern matches "I’m" and "I'm".
 */
export function readableText(text: string): string {
  return toPlainText(text).replace(/[\u2018\u2019\u02bc\u00b4]/gu, "'");
}

/** A matched phrase short enough to quote in a message. */
export function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 60 ? flat : `${flat.slice(0, 57)}...`;
}
