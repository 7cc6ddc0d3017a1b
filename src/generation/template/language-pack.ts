// What the engine needs to write in one language: title rules, labels, sentence templates.
// Each language is one small module in ./languages/, gathered by pack-for-language.ts.

/** `type` (a product type, electronics) follows the name and `colour` closes the title before the quantity, in every language. */
export type TitlePart = 'brand' | 'name' | 'type' | 'variant' | 'colour' | 'quantity';

/** `title`: Every Main Word Capitalised (en, de); `sentence`: only the first word (Romance, Dutch, Polish). */
export type CaseStyle = 'title' | 'sentence';

export type LabelKey =
  | 'brand'
  | 'variant'
  | 'category'
  | 'contents'
  | 'ingredients'
  | 'allergens'
  | 'active_ingredient'
  | 'pharmaceutical_form'
  | 'supply_regime'
  | 'atc_code'
  | 'material'
  | 'colour'
  | 'size'
  | 'dimensions'
  | 'net_weight'
  | 'net_volume';

export interface LanguagePack {
  language: string;
  /** BCP 47 locale for Intl (numbers, case mapping). */
  locale: string;
  /** Between a label and its value: ": ", or " : " in French typography. */
  colon: string;
  title: {
    /** Put between the rest of the title and the quantity. */
    beforeQuantity: string;
    caseStyle: CaseStyle;
    /** Words kept lower-case inside a Title Cased name. */
    smallWords: readonly string[];
  };
  labels: Readonly<Record<LabelKey, string>>;
  /** Sentence templates; `{placeholders}` are filled with facts, never with invented text. */
  templates: {
    /** "{name} di {brand}" */
    byBrand: string;
    /** "{text}, in confezione da {quantity}" */
    withQuantity: string;
    /** For a count ("20 tablets"), where it reads differently: "{text}, pack of {quantity}". */
    withCount?: string;
    /** A key feature for a multipack: "Confezione da {count}" */
    packOf: string;
    /** A key feature listing allergens: "Contiene: {allergens}" */
    contains: string;
  };
  /** Words left out of meta keywords. */
  stopwords: readonly string[];
}

/** Fills `{name}` placeholders; a missing value leaves the template unfilled, so callers pick templates by what they have. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}
