import { decodeHTML } from 'entities';
import type { Fact, ProductKind } from '../domain/facts.ts';
import { createFactList, languageCode, snakeCase, type FactList } from './remote-source-facts.ts';
import { asArray, asObject, objectAt, textAt, textsAt, type JsonObject } from './remote-source-json.ts';

// Open Icecat JSON product answer (`{"msg":"OK","data":{GeneralInfo, Image, Gallery, FeaturesGroups…}}`)
// → facts. Pure: no I/O. One answer holds one language (the request's `Language`).

export const ICECAT_SOURCE = 'icecat';
/**
 * Not an SPDX licence: Open Icecat content is free to use under Icecat's Open Icecat terms (the
 * "Open Content License" with its Fair Use Policy: attribution to Icecat, data of sponsoring brands
 * only). The id names those terms so a reader of `sources` knows which ones apply.
 */
export const ICECAT_LICENCE = 'Open-Icecat';

export interface IcecatMapOptions {
  code: string;
  fetchedAt: string;
  /** The language asked for; the answer's own language fields are used when absent. */
  language?: string;
  /**
   * Attribute names by Icecat feature ID, from the first language answered (English when asked),
   * so the same feature has the same name in every language.
   */
  featureNames?: ReadonlyMap<string, string>;
}

/** Icecat categories that are not electronics, matched on the English category name. */
const KIND_BY_CATEGORY: Array<[RegExp, ProductKind]> = [
  [/\b(perfumes?|fragrances?|cosmetics|make-?up|skin care|shampoos?|lipsticks?)\b/i, 'beauty'],
  [/\b(detergents?|cleaning products?|cleaning supplies|dishwasher (tablets|detergent)|laundry)\b/i, 'household'],
  [/\b(office chairs?|desks?|furniture|stationery|paper|pens?|toys?|backpacks?|bags?|luggage|apparel|clothing)\b/i, 'other'],
];

export function icecatRecordToFacts(record: unknown, options: IcecatMapOptions): Fact[] {
  const data = objectAt(asObject(record), 'data');
  const info = objectAt(data, 'GeneralInfo');
  if (data === undefined || info === undefined) return [];
  const language = languageCode(options.language) ?? recordLanguage(info);
  const facts = createFactList({ source: ICECAT_SOURCE, licence: ICECAT_LICENCE, fetchedAt: options.fetchedAt });

  const category = textAt(objectAt(objectAt(info, 'Category'), 'Name'), 'Value');
  const brand = nonEmpty(textAt(info, 'Brand')) ?? nonEmpty(textAt(objectAt(info, 'BrandInfo'), 'BrandName'));
  // The model name: the local one when Icecat has it for this language, else the international one.
  const nameInfo = objectAt(info, 'ProductNameInfo');
  const name = nonEmpty(textAt(objectAt(nameInfo, 'ProductLocalName'), 'Value')) ?? nonEmpty(textAt(info, 'ProductName')) ?? nonEmpty(textAt(nameInfo, 'ProductIntName'));
  const summary = objectAt(info, 'SummaryDescription');
  const specs = language === 'en' ? specPairs(textAt(summary, 'LongSummaryDescription')) : [];
  facts.add('kind', kindOf(category, language));
  facts.add('name', name, { language });
  facts.add('brand', brand);
  facts.add('category', category, { language });
  // GeneralInfo.Title is Icecat's generated listing title (brand, name, product type, spec values):
  // not an attribute. Only the product type it names is kept (see productType).
  facts.add(
    'attribute',
    specs.find(([label]) => label === 'product_type')?.[1] ??
      productType(
        textAt(info, 'Title'),
        brand,
        name,
        category,
        [textAt(summary, 'ShortSummaryDescription'), textAt(summary, 'LongSummaryDescription'), htmlToText(textAt(objectAt(info, 'Description'), 'LongDesc'))].join(' '),
      ),
    {
      attribute: 'product_type',
      language,
    },
  );
  facts.add('attribute', textAt(info, 'BrandPartCode'), { attribute: 'mpn' });
  // Every GTIN Icecat knows the product by (packs, regional barcodes): the `eans` clients read.
  for (const gtin of textsAt(info, 'GTIN')) facts.add('attribute', gtin, { attribute: 'gtin' });
  addDescriptions(facts, info, language);
  const featureNames = addFeatures(facts, data, language, options.featureNames);
  // The long summary restates features as "Label: value" runs; what no feature states becomes an attribute.
  for (const [label, value] of specs) if (label !== 'product_type' && !featureNames.has(label)) facts.add('attribute', value, { attribute: label, language });
  addImages(facts, data);
  return facts.facts;
}

function nonEmpty(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/**
 * "Sony. Product type: Headset. Connectivity technology: Wired & Wireless, Bluetooth version: 5.2"
 * → [["product_type", "Headset"], …]. Pieces without a label ("Built-in USB hub.") are left out:
 * Icecat states them as features too.
 */
export function specPairs(summary: string | undefined): Array<[string, string]> {
  if (summary === undefined) return [];
  const pairs: Array<[string, string]> = [];
  // A pair ends where the next "Label:" starts, after a full stop or a comma.
  const pieces = summary.split(/(?:\.|,)\s+(?=\p{Lu}[\p{L}\p{N} ()/-]{0,50}:\s)/u);
  for (const piece of pieces) {
    const match = /^(\p{Lu}[\p{L}\p{N} ()/-]{0,50}):\s+(.+?)(?:\.\s+\p{Lu}[^:]*)?\.?$/u.exec(piece.trim());
    const label = match?.[1] === undefined ? null : snakeCase(match[1]);
    const value = match?.[2]?.trim();
    if (label !== null && value !== undefined && value !== '') pairs.push([label, value]);
  }
  return pairs;
}

/**
 * Icecat's generated title reads "{brand} {product name} {product type} {spec values…}" ("Sony
 * WH-1000XM5 Headset Wired & Wireless …", "DELL UltraSharp U2723QE computer monitor 68.6 cm …").
 * The product type is the first word after the name and the lower-case words that follow it; it is
 * kept only when the category or the descriptions also say it, so a spec value is not taken for a type.
 */
export function productType(title: string | undefined, brand: string | undefined, name: string | undefined, category: string | undefined, texts: string): string | undefined {
  if (title === undefined || brand === undefined || name === undefined) return undefined;
  const head = `${brand} ${name} `;
  if (!title.toLowerCase().startsWith(head.toLowerCase())) return undefined;
  const words = title.slice(head.length).split(/\s+/);
  const type: string[] = [];
  for (const [index, word] of words.entries()) {
    if (!/^\p{L}+(?:-\p{L}+)*$/u.test(word) || type.length === 3 || (index > 0 && !/^\p{Ll}/u.test(word))) break;
    type.push(word);
  }
  if (type.length === 0) return undefined;
  const phrase = type.join(' ');
  const categoryWords = (category ?? '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w !== '');
  const inCategory = type.every((word) => categoryWords.some((c) => c.startsWith(word.toLowerCase())));
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const inSummary = new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, 'iu').test(texts);
  return inCategory || inSummary ? phrase : undefined;
}

/** Attribute name of every feature in an answer, by feature ID. */
export function icecatFeatureNames(record: unknown): Map<string, string> {
  const names = new Map<string, string>();
  for (const feature of features(objectAt(asObject(record), 'data'))) {
    const id = textAt(objectAt(feature, 'Feature'), 'ID') ?? textAt(feature, 'ID');
    const name = featureLabel(feature);
    if (id !== undefined && name !== null) names.set(id, name);
  }
  return names;
}

/**
 * The marketing text first, then the bullet points; the short summary ("Sony WH-1000XM5, Wired &
 * Wireless, Calls/Music, 250 g, Headset, Black") only when there is no marketing text, as it lists
 * feature values the features already give. The long summary becomes attributes (specPairs).
 */
function addDescriptions(facts: FactList, info: JsonObject, language: string | null): void {
  const summary = objectAt(info, 'SummaryDescription');
  const marketing = nonEmpty(htmlToText(textAt(objectAt(info, 'Description'), 'LongDesc')));
  facts.add('description', marketing, { language });
  // Bullet points come in two places: the brand's own, and Icecat's generated ones as a fallback.
  const bullets = textsAt(objectAt(info, 'BulletPoints'), 'Values');
  const points = bullets.length > 0 ? bullets : textsAt(objectAt(info, 'GeneratedBulletPoints'), 'Values');
  for (const point of points) facts.add('description', point, { language });
  if (marketing === undefined) facts.add('description', textAt(summary, 'ShortSummaryDescription'), { language });
}

/** Adds the features; returns their attribute names. */
function addFeatures(facts: FactList, data: JsonObject, language: string | null, names: ReadonlyMap<string, string> | undefined): Set<string> {
  const added = new Set<string>();
  for (const feature of features(data)) {
    const id = textAt(objectAt(feature, 'Feature'), 'ID') ?? textAt(feature, 'ID');
    const name = (id !== undefined ? names?.get(id) : undefined) ?? featureLabel(feature);
    if (name === null) continue;
    // The presentation value keeps the unit ("35.6 cm (14\")"); the raw value does not.
    const value = textAt(feature, 'PresentationValue') ?? textAt(feature, 'Value');
    facts.add('attribute', value, { attribute: name, language });
    added.add(name);
  }
  return added;
}

function addImages(facts: FactList, data: JsonObject): void {
  const main = objectAt(data, 'Image');
  facts.add('image', httpUrl(textAt(main, 'HighPic') ?? textAt(main, 'Pic500x500')));
  for (const picture of asArray(data.Gallery)) {
    const item = asObject(picture);
    facts.add('image', httpUrl(textAt(item, 'Pic') ?? textAt(item, 'Pic500x500')));
  }
}

function features(data: JsonObject | undefined): JsonObject[] {
  return asArray(data?.FeaturesGroups).flatMap((group) =>
    asArray(asObject(group)?.Features).flatMap((feature): JsonObject[] => {
      const object = asObject(feature);
      return object === undefined ? [] : [object];
    }),
  );
}

function featureLabel(feature: JsonObject): string | null {
  const label = textAt(objectAt(objectAt(feature, 'Feature'), 'Name'), 'Value');
  return label === undefined ? null : snakeCase(label);
}

function recordLanguage(info: JsonObject): string | null {
  return (
    languageCode(textAt(objectAt(info, 'Description'), 'Language')) ??
    languageCode(textAt(objectAt(objectAt(info, 'Category'), 'Name'), 'Language')) ??
    languageCode(textAt(objectAt(info, 'BulletPoints'), 'Language'))
  );
}

function kindOf(category: string | undefined, language: string | null): ProductKind {
  if (category === undefined || language !== 'en') return 'electronics';
  for (const [pattern, kind] of KIND_BY_CATEGORY) if (pattern.test(category)) return kind;
  return 'electronics';
}

/**
 * Icecat's long description is HTML; facts hold text. A bold heading on its own line ("<b>Built to
 * last</b><br>") is left out: joined to the next sentence it would read as part of it.
 */
function htmlToText(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  const withoutHeadings = html.replace(/<(b|strong|h[1-6])\b[^>]*>([^<]{1,80})<\/\1>\s*(?:<br\s*\/?>\s*)+/gi, (all, _tag: string, text: string) =>
    /[.!?:]\s*$/.test(text) ? all : '',
  );
  return decodeHTML(withoutHeadings.replace(/<br\s*\/?>|<\/(p|li|div)>/gi, ' ').replace(/<[^>]*>/g, ''));
}

function httpUrl(value: string | undefined): string | undefined {
  return value !== undefined && /^https?:\/\//i.test(value.trim()) ? value : undefined;
}
