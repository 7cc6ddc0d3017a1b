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
  validation_messages: string[];
}
