// Field lengths and list sizes of a record against CONTENT_LIMITS, and the fields that must not be empty.
// Lengths count UTF-16 code units (String#length), as the template engine's own cuts do, so both
// engines agree on what fits.
import { CONTENT_LIMITS } from '../../../domain/content-limits.ts';
import { toPlainText } from '../../template/text.ts';
import type { CheckedFields, RecordProblem } from './problem.ts';

export type LengthCheckedFields = Pick<CheckedFields, 'title' | 'short_description' | 'description' | 'title_tag' | 'meta_description' | 'meta_keywords' | 'key_features'>;

export interface LengthOptions {
  /**
   * Fewer key features than this is a problem. Unset by default: a product whose facts support
   * only two features must not be padded with invented ones.
   */
  minFeatures?: number;
  /** A lower title limit the caller asked for (notes); CONTENT_LIMITS.title.maxChars otherwise. */
  titleMax?: number;
}

function tooLong(field: string, text: string | null | undefined, max: number): RecordProblem[] {
  if (typeof text !== 'string' || text.length <= max) return [];
  return [{ field, check: 'length', message: `is ${text.length} characters long; the limit is ${max}` }];
}

function isBlank(text: string | null | undefined): boolean {
  return typeof text !== 'string' || toPlainText(text).trim() === '';
}

/** Keywords as a shop splits them: comma-separated, blanks ignored. */
export function keywordList(keywords: string): string[] {
  return keywords
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

export function checkLengths(record: Partial<LengthCheckedFields>, options: LengthOptions = {}): RecordProblem[] {
  const problems: RecordProblem[] = [];
  for (const field of ['title', 'description'] as const) {
    if (isBlank(record[field])) problems.push({ field, check: 'empty', message: 'is empty; every record needs one' });
  }
  problems.push(
    ...tooLong('title', record.title, Math.min(CONTENT_LIMITS.title.maxChars, options.titleMax ?? CONTENT_LIMITS.title.maxChars)),
    ...tooLong('short_description', record.short_description, CONTENT_LIMITS.short_description.maxChars),
    ...tooLong('title_tag', record.title_tag, CONTENT_LIMITS.title_tag.maxChars),
    ...tooLong('meta_description', record.meta_description, CONTENT_LIMITS.meta_description.maxChars),
  );

  const features = record.key_features ?? [];
  if (features.length > CONTENT_LIMITS.key_features.maxItems) {
    problems.push({ field: 'key_features', check: 'length', message: `has ${features.length} items; at most ${CONTENT_LIMITS.key_features.maxItems} are allowed` });
  }
  if (options.minFeatures !== undefined && features.length < options.minFeatures) {
    problems.push({ field: 'key_features', check: 'length', message: `has ${features.length} items; at least ${options.minFeatures} are expected` });
  }
  features.forEach((feature, i) => {
    const field = `key_features.${i}`;
    if (isBlank(feature)) problems.push({ field, check: 'empty', message: 'is empty; drop it or write the feature' });
    else problems.push(...tooLong(field, feature, CONTENT_LIMITS.key_features.maxCharsEach));
  });

  if (typeof record.meta_keywords === 'string') {
    const count = keywordList(record.meta_keywords).length;
    if (count > CONTENT_LIMITS.meta_keywords.maxItems) {
      problems.push({ field: 'meta_keywords', check: 'length', message: `has ${count} comma-separated keywords; at most ${CONTENT_LIMITS.meta_keywords.maxItems} are allowed` });
    }
  }
  return problems;
}
