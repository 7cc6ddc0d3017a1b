import type { ValidationIssue } from './validation-issue.ts';

/** One country's generated record: what engines write and the details endpoint shows. */
export interface CountryContent {
  country: string;
  language: string;
  title: string | null;
  short_description: string | null;
  description: string | null;
  key_features: string[];
  global_attr: Record<string, string>;
  title_tag: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  images: unknown[];
  /** For each field, the inputs it was built from. */
  sources: Record<string, string[]>;
  /** What the checks found (the API lists their sentences as `validation_messages` too). */
  validation_issues: ValidationIssue[];
}

/** A record with nothing written yet, for a country the product has no content for. */
export function emptyContent(country: string, language: string): CountryContent {
  return {
    country,
    language,
    title: null,
    short_description: null,
    description: null,
    key_features: [],
    global_attr: {},
    title_tag: null,
    meta_description: null,
    meta_keywords: null,
    images: [],
    sources: {},
    validation_issues: [],
  };
}
