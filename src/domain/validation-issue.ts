// What the checks of a record found, as data: the field each finding is about and the check that
// made it, beside the sentence a person reads. Clients (the review app too) place a finding by its
// field and never by reading the sentence.

/** The checks a finding can come from; `unclassified`: stored before findings named their check. */
export const VALIDATION_CHECKS = [
  // A model-written record's checks (each repaired first; what survives is said).
  'language',
  'length',
  'refusal',
  'health_claim',
  'empty',
  'ungrounded',
  'critic',
  'unknown_source',
  // Whatever the engine: markup stripped, an attribute value not kept, a source or a picture missing.
  'markup',
  'attribute_value',
  'source',
  'images',
  // The template engine's notes on what it could not do.
  'language_pack',
  'untranslated',
  'unknown_language',
  'title_from_description',
  'no_description',
  'few_key_features',
  'promotional',
  'note_not_applied',
  // A regenerate instruction the template engine could not follow as asked.
  'instruction',
  // The product's own category left the account's tree when an import replaced it.
  'category_removed',
  // No Google category was stored: the classifier's best guess was not sure enough (field `category`).
  'category_unsure',
  'unclassified',
] as const;

export type ValidationCheck = (typeof VALIDATION_CHECKS)[number];

export interface ValidationIssue {
  /** The record field (`title`, `key_features`, `global_attr.colour`, `images`); null: the record as a whole. */
  field: string | null;
  check: ValidationCheck;
  /** The sentence a person reads (as listed in `validation_messages`). */
  message: string;
}

export function validationIssue(field: string | null, check: ValidationCheck, message: string): ValidationIssue {
  return { field, check, message };
}

/** The field a check's path names: `key_features.2` is about `key_features`; an attribute keeps its name. */
export function issueField(path: string): string {
  return path.startsWith('global_attr.') ? path : (path.split('.')[0] ?? path);
}
