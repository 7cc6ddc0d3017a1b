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
  facts.add('kind', kindOf(category, language));
  facts.add('name', textAt(info, 'ProductName'), { language });
  facts.add('brand', textAt(info, 'Brand') ?? textAt(objectAt(info, 'BrandInfo'), 'BrandName'));
  facts.add('category', category, { language });
  facts.add('attribute', textAt(info, 'Title'), { attribute: 'title', language });
  facts.add('attribute', textAt(info, 'BrandPartCode'), { attribute: 'mpn' });
  addDescriptions(facts, info, language);
  addFeatures(facts, data, language, options.featureNames);
  addImages(facts, data);
  return facts.facts;
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

function addDescriptions(facts: FactList, info: JsonObject, language: string | null): void {
  const summary = objectAt(info, 'SummaryDescription');
  facts.add('description', textAt(summary, 'ShortSummaryDescription'), { language });
  facts.add('description', textAt(summary, 'LongSummaryDescription'), { language });
  facts.add('description', htmlToText(textAt(objectAt(info, 'Description'), 'LongDesc')), { language });
  // Bullet points come in two places: the brand's own, and Icecat's generated ones as a fallback.
  const bullets = textsAt(objectAt(info, 'BulletPoints'), 'Values');
  const points = bullets.length > 0 ? bullets : textsAt(objectAt(info, 'GeneratedBulletPoints'), 'Values');
  for (const point of points) facts.add('description', point, { language });
}

function addFeatures(facts: FactList, data: JsonObject, language: string | null, names: ReadonlyMap<string, string> | undefined): void {
  for (const feature of features(data)) {
    const id = textAt(objectAt(feature, 'Feature'), 'ID') ?? textAt(feature, 'ID');
    const name = (id !== undefined ? names?.get(id) : undefined) ?? featureLabel(feature);
    if (name === null) continue;
    // The presentation value keeps the unit ("35.6 cm (14\")"); the raw value does not.
    const value = textAt(feature, 'PresentationValue') ?? textAt(feature, 'Value');
    facts.add('attribute', value, { attribute: name, language });
  }
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

/** Icecat's long description is HTML; facts hold text. */
function htmlToText(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  return decodeHTML(html.replace(/<br\s*\/?>|<\/(p|li|div)>/gi, ' ').replace(/<[^>]*>/g, ''));
}

function httpUrl(value: string | undefined): string | undefined {
  return value !== undefined && /^https?:\/\//i.test(value.trim()) ? value : undefined;
}
