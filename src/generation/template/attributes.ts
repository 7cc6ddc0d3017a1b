// global_attr: structured attributes from facts, and the few that free text states in a
// recognisable way ("Colore: nero", "Peso netto 500g", "30 x 20 x 10 cm"). Pure.
import { attributeName, type ProductKind } from '../../domain/facts.ts';
import { scanMeasurements } from '../../domain/measurements/scan-measurements.ts';
import { LANGUAGE_COLUMNS } from '../fact-languages.ts';
import { isShouting, recase, recaseCompany } from './casing.ts';
import { isCompanyName } from './title.ts';
import { attributeNames, pick, pickGroup, type CleanFact, type FactView } from './fact-view.ts';
import type { LanguagePack } from './language-pack.ts';
import { formatMeasurement } from './measurement-labels.ts';
import { canonicalNumber, dimensionOf, formatMeasure, formatNumber, formatQuantity, parseQuantity, quantitiesIn, type Measure } from './units.ts';

export interface Attributes {
  values: Record<string, string>;
  /** Fact ids per attribute name. */
  sources: Record<string, string[]>;
  /** Attribute names whose value is text in another language than the target. */
  foreign: Map<string, string>;
  /** Attribute names whose value is words in no stated language, shown as they are: the value. */
  untagged: Map<string, string>;
}

class Builder {
  readonly values: Record<string, string> = {};
  readonly sources: Record<string, string[]> = {};
  readonly foreign = new Map<string, string>();
  readonly untagged = new Map<string, string>();
  /** The capacity and weight read from free text as "1.7 l": a spelling ("1,7 litre") is no other quantity. */
  readonly heldMeasures = new Map<'capacity' | 'weight', string>();
  /** First writer wins: callers go from the most to the least reliable evidence. */
  set(name: string, value: string, ids: readonly string[]): void {
    const key = attributeName(name);
    const clean = value.trim();
    if (key === '' || clean === '' || Object.hasOwn(this.values, key)) return;
    this.values[key] = clean;
    this.sources[key] = [...new Set(ids)];
  }
}

function measureName(measure: Measure, perUnit: boolean): string {
  const dimension = dimensionOf(measure.unit);
  if (dimension === 'mass') return perUnit ? 'unit_weight' : 'net_weight';
  if (dimension === 'volume') return perUnit ? 'unit_volume' : 'net_volume';
  return perUnit ? 'unit_size' : 'size';
}

function fromQuantity(b: Builder, text: string, ids: readonly string[], locale: string, kind: ProductKind | null = null): boolean {
  const quantity = parseQuantity(text, locale);
  if (quantity === null) return false;
  const measure = quantity.measure;
  // A medicine's mass ("500 mg") is the strength of each dose, not the net weight of the pack: no
  // net_quantity, which would misstate the pack ("20 compresse da 500 mg" is not "500 mg").
  if (kind === 'medicine' && quantity.packCount === null && measure !== null && dimensionOf(measure.unit) === 'mass') {
    b.set('strength', formatMeasure(measure, locale), ids);
    if (quantity.count !== null) b.set('unit_count', quantity.count.amount, ids);
    return true;
  }
  b.set('net_quantity', formatQuantity(quantity, locale), ids);
  if (quantity.packCount !== null) b.set('pack_count', quantity.packCount, ids);
  // "20 bustine da 2 g": a count of items, each of that measure.
  const perItem = quantity.packCount !== null || quantity.count !== null;
  if (measure !== null) b.set(measureName(measure, perItem), formatMeasure(measure, locale), ids);
  if (quantity.count !== null) b.set('unit_count', quantity.count.amount, ids);
  return true;
}

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const DIMENSIONS = new RegExp(String.raw`(?<![\p{L}\p{N}.,])(${NUMBER})\s*[x×]\s*(${NUMBER})(?:\s*[x×]\s*(${NUMBER}))?\s*(mm|cm|m)(?![\p{L}\p{N}])`, 'iu');
const LABELLED_TEXT: ReadonlyArray<readonly [string, string]> = [
  ['colour', 'colou?rs?|colore|colori|farbe|couleur|kleur|cor|kolor'],
  ['material', 'materials?|materiale|materiali|matériaux?|matière|materiaal|materiał|materiał|material'],
  ['size', 'size|taglia|größe|grösse|taille|talla|maat|tamanho|rozmiar'],
];
const WEIGHT_LABEL = 'net weight|peso netto|nettogewicht|netto gewicht|poids net|peso neto|peso líquido|waga netto';
const VOLUME_LABEL = 'net volume|volume netto|nettovolumen|contenuto|inhalt|contenance|contenido|inhoud|conteúdo|pojemność';
const PACK =
  /(?:confezione da|pack of|packung mit|lot de|pack de|paquete de|embalagem de|verpakking van|opakowanie)\s+(\d+)(?![.,]?\d)(?!\s*(?:g|kg|mg|ml|cl|l)(?![\p{L}]))|(?<![\p{L}\p{N}])(\d+)(?:er)?[- ]?pack(?![\p{L}])/iu;

function labelled(labels: string, text: string): string | null {
  const re = new RegExp(String.raw`(?<![\p{L}])(?:${labels})\s*:\s*([^\n;|:]+?)(?=\s*(?:[\n;|]|[.](?:\s|$)|,\s*[\p{L} ]+:|$))`, 'iu');
  return re.exec(text)?.[1]?.trim() ?? null;
}

// Kinds whose single stated mass or volume is the pack's content; a laptop's "Weight: 1.74 kg" is not.
const NET_QUANTITY_KINDS: ReadonlySet<ProductKind> = new Set(['food', 'beauty', 'pet_food', 'household', 'medicine', 'other']);

// Kinds whose stated weight is the weight of what is sold: the pack's content.
const CONTENT_KINDS: ReadonlySet<ProductKind> = new Set(['food', 'pet_food', 'beauty', 'medicine']);

/** Attributes stated by free text (names and descriptions), each tied to the fact it came from. */
function fromFreeText(b: Builder, fact: CleanFact, locale: string, kind: ProductKind): void {
  const text = fact.text;
  const ids = [fact.id];
  for (const [name, labels] of LABELLED_TEXT) {
    const value = labelled(labels, text);
    if (value !== null && value.length <= 40 && value.split(/\s+/).length <= 5 && !/\d/.test(value)) b.set(name, value, ids);
  }
  const dims = DIMENSIONS.exec(text);
  if (dims !== null) {
    const [, a = '', c = '', d, unit = ''] = dims;
    const numbers = [a, c, ...(d === undefined ? [] : [d])].map((n) => formatNumber(canonicalNumber(n, locale), locale));
    b.set('dimensions', `${numbers.join(' × ')} ${unit.toLowerCase()}`, ids);
  }
  const pack = PACK.exec(text);
  const packCount = pack?.[1] ?? pack?.[2];
  if (packCount !== undefined) b.set('pack_count', canonicalNumber(packCount), ids);
  for (const [labels, dimension] of [
    [WEIGHT_LABEL, 'mass'],
    [VOLUME_LABEL, 'volume'],
  ] as const) {
    const match = new RegExp(String.raw`(?<![\p{L}])(?:${labels})\s*:?\s*(${NUMBER}\s?\p{L}+)`, 'iu').exec(text);
    const [found] = quantitiesIn(match?.[1] ?? '', locale);
    // "Peso netto" is the net weight even in a multipack.
    if (found !== undefined && dimensionOf(found.measure.unit) === dimension) b.set(measureName(found.measure, false), formatMeasure(found.measure, locale), ids);
  }
  // One mass or volume stated once is the net quantity; several ("30 l, 1,1 kg") could be anything.
  if (!NET_QUANTITY_KINDS.has(kind)) return;
  // A capacity stated elsewhere ("capacità 350 ml", a Capacity column) is what the product holds,
  // not its content; so is a weight, except where what is sold is the content ("Pasta, peso 500 g").
  const weightIsContent = CONTENT_KINDS.has(kind);
  const stated = new Set(
    [b.values.capacity, b.heldMeasures.get('capacity'), ...(weightIsContent ? [] : [b.values.weight, b.heldMeasures.get('weight')])].filter((v): v is string => v !== undefined),
  );
  const measures = quantitiesIn(text, locale).filter(
    (q) => ['mass', 'volume'].includes(dimensionOf(q.measure.unit)) && !stated.has(formatMeasure(q.measure, locale)) && !stated.has(`${q.measure.amount} ${q.measure.unit}`),
  );
  const distinct = new Set(measures.map((q) => `${q.measure.amount}${q.measure.unit}`));
  const [first] = measures;
  if (distinct.size !== 1 || first === undefined) return;
  const multipack = /(\d+)\s*[x×]\s*$/iu.exec(text.slice(0, first.index));
  if (multipack !== null) fromQuantity(b, text.slice(multipack.index, first.end), ids, locale);
  else if (packCount !== undefined) b.set(measureName(first.measure, true), formatMeasure(first.measure, locale), ids);
  else fromQuantity(b, text.slice(first.index, first.end), ids, locale);
}

/**
 * Measurements of free text (power, luminous flux, colour temperature, battery capacity, IP
 * rating …), each citing the fact it came from. A number read once: the first statement wins.
 */
function fromMeasurements(b: Builder, fact: CleanFact, locale: string): void {
  for (const m of scanMeasurements(fact.text, locale)) {
    // Pieces are a count only where no pack count or unit count says it already.
    if (m.name === 'pieces_per_pack' && (b.values.pack_count !== undefined || b.values.unit_count !== undefined)) continue;
    b.set(m.name, formatMeasurement(m, locale), [fact.id]);
    const [amount] = m.amounts;
    if ((m.name === 'capacity' || m.name === 'weight') && amount !== undefined && !b.heldMeasures.has(m.name)) b.heldMeasures.set(m.name, `${amount.value} ${m.unit}`);
  }
}

// Texts a source may send as attributes that are not attributes of the product: the record has its
// own title and descriptions (Icecat's generated `Title` is a listing title, not a property).
// A catalogue's `language` column says what language the row's text is in: metadata, not a property.
const NOT_ATTRIBUTES: ReadonlySet<string> = new Set(['title', 'name', 'product_name', 'description', 'short_description', 'long_description', ...LANGUAGE_COLUMNS]);
// One name for the same property: Icecat's "Product colour" is the record's `colour`.
const ALIASES: Readonly<Record<string, string>> = { product_colour: 'colour', product_color: 'colour' };

const INGREDIENT_KINDS: ReadonlySet<ProductKind> = new Set(['food', 'beauty', 'pet_food']);

/** The attributes for one target language. Source attributes beat what free text suggests. */
export function buildAttributes(view: FactView, kind: ProductKind, target: string, pack: LanguagePack, texts: readonly CleanFact[]): Attributes {
  const b = new Builder();
  const locale = pack.locale;
  const brand = pick(view, 'brand', target);
  // A medicine's "brand" from a register is its marketing authorisation holder, a company, kept
  // under that name only: the brand shoppers know is the medicine's name.
  const holder = pick(view, 'attribute', target, 'marketing_authorisation_holder');
  const isHolder = brand !== undefined && kind === 'medicine' && (isCompanyName(brand.text) || brand.text.toLowerCase() === holder?.text.toLowerCase());
  if (brand !== undefined && !isHolder) b.set('brand', brand.text, [brand.id]);
  const quantity = pick(view, 'quantity', target);
  if (quantity !== undefined && !fromQuantity(b, quantity.text, [quantity.id], locale, kind)) b.set('net_quantity', quantity.text, [quantity.id]);

  for (const name of attributeNames(view)) {
    const fact = pick(view, 'attribute', target, name);
    if (fact === undefined || NOT_ATTRIBUTES.has(name)) continue;
    // A value that is just a measure ("1.2 kg") is written in the locale's style.
    const whole = quantitiesIn(fact.text, locale)[0];
    const [measured, ...more] = scanMeasurements(fact.text, locale);
    const value =
      whole !== undefined && whole.index === 0 && whole.end === fact.text.length
        ? formatMeasure(whole.measure, locale)
        : measured !== undefined && more.length === 0 && measured.index === 0 && measured.end === fact.text.length
          ? formatMeasurement(measured, locale)
          : fact.text;
    // Registers (AIFA) shout: "PARACETAMOLO" reads as "Paracetamolo"; codes ("N02BE01", "SOP") stay;
    // a company is written as companies write themselves ("Bracco S.p.A.").
    const company = name === 'marketing_authorisation_holder' || name === 'manufacturer' || isCompanyName(value);
    const shouted = isShouting(value) && /\p{L}{5,}/u.test(value) && !/^[\p{Lu}\p{N}]*\d[\p{Lu}\p{N}]*$/u.test(value);
    const published = ALIASES[name] ?? name;
    b.set(published, !shouted ? value : company ? recaseCompany(value, locale) : recase(value, 'sentence', locale, [], null), [fact.id]);
    if (/\p{L}{3,}/u.test(value) && !/\d/u.test(value)) {
      // An untagged value is read as its source's text language, when that is known.
      const language = fact.language ?? sourceLanguage(view, fact.source);
      if (language === undefined) b.untagged.set(attributeName(published), value);
      else if (language !== target) b.foreign.set(attributeName(published), language);
    }
  }

  const variant = pick(view, 'variant', target);
  if (variant !== undefined) b.set('variant', variant.text, [variant.id]);
  const categories = pickGroup(view, 'category', target);
  const category = categories.at(-1);
  if (category !== undefined) b.set('category', category.text, [category.id]);
  if (INGREDIENT_KINDS.has(kind)) {
    const ingredients = pick(view, 'ingredients', target);
    if (ingredients !== undefined) b.set('ingredients', ingredients.text.replace(/\s*\n\s*/g, ' '), [ingredients.id]);
  }
  if (kind === 'food') {
    const allergens = pickGroup(view, 'allergens', target);
    const words = [...new Map(allergens.map((a) => [a.text.toLowerCase(), a])).values()];
    if (words.length > 0)
      b.set(
        'allergens',
        words.map((a) => a.text).join(', '),
        words.map((a) => a.id),
      );
  }

  for (const fact of texts) fromMeasurements(b, fact, locale);
  for (const fact of texts) fromFreeText(b, fact, locale, kind);
  return { values: b.values, sources: b.sources, foreign: b.foreign, untagged: b.untagged };
}

/** The one language a source's names and descriptions are in (stated or detected), or undefined. */
function sourceLanguage(view: FactView, source: string): string | undefined {
  const languages = new Set(view.facts.filter((f) => f.source === source && (f.key === 'name' || f.key === 'description') && f.language !== null).map((f) => f.language));
  return languages.size === 1 ? ([...languages][0] ?? undefined) : undefined;
}
