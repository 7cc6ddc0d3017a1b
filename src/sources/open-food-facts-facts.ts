import type { Fact, ProductKind } from '../domain/facts.ts';
import { createFactList, languageCode, type FactList } from './remote-source-facts.ts';
import { asObject, objectAt, textAt, textsAt, type JsonObject } from './remote-source-json.ts';

// Open Food Facts (and its sisters Open Beauty / Pet Food / Products Facts) v3 product answer → facts.
// Pure: no I/O. Reads both shapes the API gives: the full product (`product_name_it` keys) and the
// `fields=` answer our client asks for (`product_name_languages: {it: …}`, `categories_tags_en`).

export const OPEN_FOOD_FACTS_SOURCE = 'open_food_facts';
/** The database: Open Database License; the images: Creative Commons BY-SA 3.0 (OFF "Before you start"). */
export const OPEN_FOOD_FACTS_DATA_LICENCE = 'ODbL-1.0';
export const OPEN_FOOD_FACTS_IMAGE_LICENCE = 'CC-BY-SA-3.0';

/** Fields the mapper reads; the client asks only for these (the API docs' advice to save bandwidth). */
export const OPEN_FOOD_FACTS_FIELDS = [
  'code',
  'product_type',
  'lang',
  'lc',
  'product_name',
  'product_name_languages',
  'generic_name',
  'generic_name_languages',
  'brands',
  'quantity',
  'categories',
  'categories_lc',
  'categories_tags',
  'categories_tags_en',
  'ingredients_text',
  'ingredients_text_languages',
  'allergens_tags',
  'labels_tags',
  'labels_tags_en',
  'nutriscore_grade',
  'nova_group',
  'image_front_url',
  'selected_images',
] as const;

const KIND_BY_PRODUCT_TYPE: Record<string, ProductKind> = {
  food: 'food',
  beauty: 'beauty',
  petfood: 'pet_food',
  product: 'other',
};

const FOOD_SITE = 'https://world.openfoodfacts.org';
/** Where each product type lives, for the page URL when the answering host is not known. */
const SITE_BY_PRODUCT_TYPE: Record<string, string> = {
  food: FOOD_SITE,
  beauty: 'https://world.openbeautyfacts.org',
  petfood: 'https://world.openpetfoodfacts.org',
  product: 'https://world.openproductsfacts.org',
};

export interface OpenFoodFactsMapOptions {
  code: string;
  fetchedAt: string;
  /** The API URL that answered (after redirects); its origin is the site of the product page. */
  answeredUrl?: string;
}

export function openFoodFactsRecordToFacts(record: unknown, options: OpenFoodFactsMapOptions): Fact[] {
  const product = objectAt(asObject(record), 'product');
  if (product === undefined) return [];
  const productType = textAt(product, 'product_type');
  const facts = createFactList({
    source: OPEN_FOOD_FACTS_SOURCE,
    licence: OPEN_FOOD_FACTS_DATA_LICENCE,
    fetchedAt: options.fetchedAt,
    url: productPageUrl(options, productType),
  });
  const mainLanguage = languageCode(textAt(product, 'lang')) ?? languageCode(textAt(product, 'lc'));

  if (productType !== undefined) facts.add('kind', KIND_BY_PRODUCT_TYPE[productType] ?? 'other');
  addNames(facts, product, mainLanguage);
  facts.add('brand', textAt(product, 'brands')?.split(',')[0]);
  facts.add('quantity', textAt(product, 'quantity'));
  addCategories(facts, product);
  for (const [language, text] of localised(product, 'ingredients_text', mainLanguage)) {
    // Contributors mark allergens as _word_; the mark is markup, not text.
    facts.add('ingredients', text.replace(/_([^_]+)_/g, '$1'), { language });
  }
  for (const tag of textsAt(product, 'allergens_tags')) {
    const { language, words } = readTag(tag);
    facts.add('allergens', words, { language });
  }
  addAttributes(facts, product);
  addImages(facts, product);
  return facts.facts;
}

function addNames(facts: FactList, product: JsonObject, mainLanguage: string | null): void {
  const names = localised(product, 'product_name', mainLanguage);
  for (const [language, text] of names) facts.add('name', text, { language });
  const named = new Set(names.filter(([, text]) => text.trim() !== '').map(([language]) => language));
  for (const [language, text] of localised(product, 'generic_name', mainLanguage)) {
    facts.add('attribute', text, { attribute: 'generic_name', language });
    // The legal name stands in as the name only where the product has no name in that language.
    if (!named.has(language)) facts.add('name', text, { language });
  }
}

function addCategories(facts: FactList, product: JsonObject): void {
  // As the contributors wrote them, in their language, most general first.
  const enteredLanguage = languageCode(textAt(product, 'categories_lc'));
  for (const entry of (textAt(product, 'categories') ?? '').split(',')) {
    const prefixed = /^([a-z]{2}):(.+)$/.exec(entry.trim());
    if (prefixed?.[1] !== undefined && prefixed[2] !== undefined) {
      facts.add('category', humanise(prefixed[2]), { language: languageCode(prefixed[1]) });
    } else {
      facts.add('category', entry, { language: enteredLanguage });
    }
  }
  // The taxonomy in English: the API's own display names when asked for, else the English tags.
  const english = textsAt(product, 'categories_tags_en');
  if (english.length > 0) {
    for (const name of english) facts.add('category', name.replace(/^en:/, ''), { language: 'en' });
    return;
  }
  for (const tag of textsAt(product, 'categories_tags')) {
    const { language, words } = readTag(tag);
    if (language === 'en') facts.add('category', capitalise(words), { language });
  }
}

function addAttributes(facts: FactList, product: JsonObject): void {
  const grade = textAt(product, 'nutriscore_grade')?.trim().toLowerCase();
  if (grade !== undefined && /^[a-e]$/.test(grade)) facts.add('attribute', grade.toUpperCase(), { attribute: 'nutriscore_grade' });
  const nova = textAt(product, 'nova_group')?.trim();
  if (nova !== undefined && /^[1-4]$/.test(nova)) facts.add('attribute', nova, { attribute: 'nova_group' });
  const labels = textsAt(product, 'labels_tags_en');
  if (labels.length > 0) {
    for (const label of labels) facts.add('attribute', label.replace(/^en:/, ''), { attribute: 'label', language: 'en' });
    return;
  }
  for (const tag of textsAt(product, 'labels_tags')) {
    const { language, words } = readTag(tag);
    if (language === 'en') facts.add('attribute', capitalise(words), { attribute: 'label', language });
  }
}

function addImages(facts: FactList, product: JsonObject): void {
  const image = { language: null, licence: OPEN_FOOD_FACTS_IMAGE_LICENCE };
  facts.add('image', httpUrl(textAt(product, 'image_front_url')), image);
  const display = objectAt(objectAt(objectAt(product, 'selected_images'), 'front'), 'display');
  for (const url of Object.values(display ?? {})) facts.add('image', httpUrl(typeof url === 'string' ? url : undefined), image);
}

/**
 * Every text of a per-language field: the main one (`product_name`, in the product's main
 * language), the `product_name_<lc>` keys, and the `product_name_languages` object.
 */
function localised(product: JsonObject, field: string, mainLanguage: string | null): Array<[string | null, string]> {
  const texts: Array<[string | null, string]> = [];
  const main = textAt(product, field);
  if (main !== undefined) texts.push([mainLanguage, main]);
  const prefix = `${field}_`;
  for (const [key, value] of Object.entries(product)) {
    if (!key.startsWith(prefix) || typeof value !== 'string') continue;
    const language = languageCode(key.slice(prefix.length));
    if (language !== null && key.length === prefix.length + 2) texts.push([language, value]);
  }
  for (const [key, value] of Object.entries(objectAt(product, `${field}_languages`) ?? {})) {
    const language = languageCode(key);
    if (language !== null && typeof value === 'string') texts.push([language, value]);
  }
  return texts;
}

/** `en:sweet-spreads` → language `en`, words `sweet spreads`. */
function readTag(tag: string): { language: string | null; words: string } {
  const match = /^([a-z]{2}):(.*)$/.exec(tag.trim());
  if (match?.[1] === undefined || match[2] === undefined) return { language: null, words: humanise(tag) };
  return { language: languageCode(match[1]), words: humanise(match[2]) };
}

function humanise(slug: string): string {
  return slug.replace(/-/g, ' ').trim();
}

function capitalise(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function httpUrl(value: string | undefined): string | undefined {
  return value !== undefined && /^https?:\/\//i.test(value.trim()) ? value : undefined;
}

function productPageUrl(options: OpenFoodFactsMapOptions, productType: string | undefined): string {
  let origin = SITE_BY_PRODUCT_TYPE[productType ?? 'food'] ?? FOOD_SITE;
  if (options.answeredUrl !== undefined) {
    try {
      origin = new URL(options.answeredUrl).origin;
    } catch {
      // keep the product type's site
    }
  }
  return `${origin}/product/${encodeURIComponent(options.code)}`;
}
