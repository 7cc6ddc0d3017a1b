// What a product's content may hold, field by field. One table for every writer and reader of
// the limits: the engines write within them, the length check and the update route refuse what
// exceeds them, the request schemas (and so the OpenAPI document) state them, and the model's
// prompt quotes them.

/** Per field: its longest text in characters, and for lists their number of items. */
export const CONTENT_LIMITS = {
  title: { maxChars: 150 },
  short_description: { maxChars: 250 },
  description: { maxChars: 10_000 },
  /**
   * At most `maxItems` of at most `maxCharsEach` characters. The engines aim for at least
   * `minItemsWanted`, writing fewer only when the facts support no more; a person may write fewer.
   */
  key_features: { minItemsWanted: 3, maxItems: 7, maxCharsEach: 200 },
  title_tag: { maxChars: 60 },
  meta_description: { maxChars: 160 },
  /** Comma-separated keywords: at most `maxItems` of them, in at most `maxChars` characters. */
  meta_keywords: { maxChars: 1_000, maxItems: 10 },
  product_handle: { maxChars: 255 },
  brand: { maxChars: 200 },
  /** Each value of `global_attr`. */
  attribute_value: { maxChars: 1_000 },
} as const;

export type ContentLimitField = keyof typeof CONTENT_LIMITS;
