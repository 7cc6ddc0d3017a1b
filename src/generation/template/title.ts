// The title: brand, product name, variant and net quantity, composed by the language's rules. Pure.
import type { ProductKind } from '../../domain/facts.ts';
import { isShouting, recase } from './casing.ts';
import { isColourOf, isForeignColour } from './colours.ts';
import { countNoun } from './count-nouns.ts';
import { pick, type CleanFact, type FactView } from './fact-view.ts';
import type { LanguagePack, TitlePart } from './language-pack.ts';
import { CONTENT_LIMITS } from '../../domain/content-limits.ts';
import type { NoteRules } from './notes.ts';
import { dimensionOf, formatMeasure, formatQuantity, normaliseQuantitiesInText, parseQuantity, quantitiesIn, type Dimension } from './units.ts';
import { bulletLines, collapseSpaces, containsWord, removeWord, sentences } from './text.ts';
import { truncateWords } from '../../text/words.ts';

/** The product's name for one language: the name fact, or the description's first sentence. */
export interface NameChoice {
  text: string;
  fact: CleanFact;
  fromDescription: boolean;
}

export function chooseName(view: FactView, target: string): NameChoice | null {
  const name = pick(view, 'name', target);
  if (name !== undefined) return { text: cleanName(name.text), fact: name, fromDescription: false };
  const description = pick(view, 'description', target);
  if (description === undefined) return null;
  const bullets = new Set(bulletLines(description.text));
  const prose = description.text.split('\n').filter((line) => !bullets.has(collapseSpaces(line.replace(/^\s*([-*•·▪]|\d+[.)])\s+/, ''))));
  const first = sentences(prose.join('\n') || description.text)[0];
  if (first === undefined) return null;
  return { text: cleanName(truncateWords(first, 80)), fact: description, fromDescription: true };
}

function cleanName(text: string): string {
  return collapseSpaces(text.replace(/\s*\*\s*/g, ' '))
    .replace(/^["'“«]+|["'”»]+$/gu, '')
    .replace(/[\s.;,:]+$/u, '');
}

// A company name (AIFA's marketing authorisation holder) is not a brand shoppers look for.
const LEGAL_FORM = /(?:^|[\s,])(?:s\.?\s?p\.?\s?a\.?|s\.?\s?r\.?\s?l\.?|gmbh|ag|ltd\.?|limited|inc\.?|b\.?v\.?|n\.?v\.?|s\.?a\.?s?\.?|plc|llc|co\.?\s?kg|sp\.\s?z\s?o\.?o\.?)$/iu;

export function isCompanyName(brand: string): boolean {
  return LEGAL_FORM.test(brand.trim());
}

/**
 * The brand shoppers know the product by: the best brand fact for the language, unless it names a
 * company. The title leads with it, and the product's own `brand` is it (src/generation/facts-brand.ts).
 */
export function chooseBrand(view: FactView, target: string): CleanFact | undefined {
  const brand = pick(view, 'brand', target);
  return brand === undefined || isCompanyName(brand.text) ? undefined : brand;
}

export interface TitleParts {
  brand: CleanFact | undefined;
  name: NameChoice;
  /** The name as displayed: re-cased when shouted, quantities in the locale's style. */
  nameText: string;
  brandText: string | null;
  variantText: string | null;
  /** A medicine's strength ("500 mg"), written right after the name as on the box. */
  strengthText: string | null;
  quantityText: string | null;
  /** Electronics: the product type ("Headset") and colour ("Black") when a fact states them in the record's language. */
  typeText: string | null;
  colourText: string | null;
  ids: { brand: string | null; variant: string | null; strength: string | null; quantity: string | null; type: string | null; colour: string | null };
}

// Words kept lower-case when a medicine's shouted name is re-cased as a proper name.
const MEDICINE_SMALL_WORDS = ['e', 'ed', 'di', 'da', 'con', 'per', 'in', 'and', 'with', 'und', 'mit'];

/** Whether a text states a measure of this dimension (a "0%" in a name is not its net weight). */
function statesMeasureOf(text: string, dimension: Dimension): boolean {
  return quantitiesIn(text).some((q) => dimensionOf(q.measure.unit) === dimension);
}

interface QuantityParts {
  strength: string | null;
  strengthId: string | null;
  quantity: string | null;
  quantityId: string | null;
}

/** The quantity for the title: the net quantity, or for a medicine its strength and pack count. */
function quantityParts(view: FactView, target: string, pack: LanguagePack, kind: ProductKind, nameText: string): QuantityParts {
  const locale = pack.locale;
  const none: QuantityParts = { strength: null, strengthId: null, quantity: null, quantityId: null };
  const fact = pick(view, 'quantity', target);
  if (fact === undefined) return none;
  const parsed = parseQuantity(fact.text, locale);
  if (parsed === null) return quantitiesIn(nameText, locale).length > 0 ? none : { ...none, quantity: fact.text, quantityId: fact.id };
  const countInName = parsed.count !== null && new RegExp(`(?<![\\d.,])${parsed.count.amount}(?![\\d.,])`).test(nameText);
  // A medicine's count noun is a unit word, written in the record's language ("20 tablets"); other nouns stay as stated.
  const noun = parsed.count === null ? null : kind === 'medicine' ? countNoun(parsed.count.noun, parsed.count.amount, pack.language, locale) : parsed.count.noun;
  const count = parsed.count === null || noun === null || countInName ? null : `${parsed.count.amount} ${noun}`;
  const measure = parsed.measure;
  // A medicine's mass is the strength of each dose ("Tachipirina 500 mg, 20 compresse"), not the pack's weight.
  if (kind === 'medicine' && measure !== null && parsed.packCount === null && dimensionOf(measure.unit) === 'mass') {
    const strength = statesMeasureOf(nameText, 'mass') ? null : formatMeasure(measure, locale);
    return { strength, strengthId: strength === null ? null : fact.id, quantity: count, quantityId: count === null ? null : fact.id };
  }
  if (measure === null) return count === null ? none : { ...none, quantity: count, quantityId: fact.id };
  if (statesMeasureOf(nameText, dimensionOf(measure.unit)) || countInName) return none;
  // The source's "da" only next to the source's own noun; a localised noun takes "×".
  const per = noun === parsed.count?.noun ? (parsed.per ?? '×') : '×';
  const stated = count !== null ? `${count} ${per} ${formatMeasure(measure, locale)}` : formatQuantity(parsed, locale);
  return { ...none, quantity: stated, quantityId: fact.id };
}

/** Everything a title could show, cleaned; the brand, variant and quantity only where they add something. */
export function titleParts(view: FactView, target: string, pack: LanguagePack, name: NameChoice, notes: NoteRules, kind: ProductKind = 'other'): TitleParts {
  const locale = pack.locale;
  const brand = pick(view, 'brand', target);
  const brandName = brand?.text ?? null;
  // A medicine's name is a proper name ("Cetirizina Mylan Generics"), capitalised in every language.
  const caseStyle = kind === 'medicine' ? 'title' : pack.title.caseStyle;
  const smallWords = kind === 'medicine' ? MEDICINE_SMALL_WORDS : pack.title.smallWords;
  let nameText = isShouting(name.text) ? recase(name.text, caseStyle, locale, smallWords, brandName) : name.text;
  nameText = normaliseQuantitiesInText(nameText, locale);
  if (notes.noBrandInTitle && brandName !== null) nameText = removeWord(nameText, brandName) || nameText;
  const chosen = chooseBrand(view, target);
  const showBrand = chosen !== undefined && !notes.noBrandInTitle && !containsWord(nameText, chosen.text);

  const variant = pick(view, 'variant', target);
  let variantText: string | null = null;
  if (variant !== undefined && !containsWord(nameText, variant.text)) {
    variantText = isShouting(variant.text) ? recase(variant.text, pack.title.caseStyle, locale, pack.title.smallWords, null) : variant.text;
    if (pack.title.caseStyle === 'sentence') variantText = variantText.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLocaleLowerCase(locale));
  }

  const q = quantityParts(view, target, pack, kind, nameText);
  const said = `${nameText} ${variantText ?? ''}`;
  const type = kind === 'electronics' ? productTypeOf(view, target, pack, name, said) : null;
  const colour = kind === 'electronics' ? colourOf(view, target, pack, name, said) : null;
  return {
    brand,
    name,
    nameText,
    brandText: showBrand ? brandName : null,
    variantText,
    strengthText: q.strength,
    quantityText: q.quantity,
    typeText: type?.text ?? null,
    colourText: colour?.text ?? null,
    ids: {
      type: type?.id ?? null,
      colour: colour?.id ?? null,
      brand: showBrand ? (brand?.id ?? null) : null,
      variant: variantText === null ? null : (variant?.id ?? null),
      strength: q.strengthId,
      quantity: q.quantityId,
    },
  };
}

/**
 * Whether a fact's words can stand in a title of the target language: a fact in that language, or
 * one without a language tag beside a name in that language (or without one). The engine does
 * not translate, so an English "Headset" stays out of a Spanish title.
 */
function fitsLanguage(fact: CleanFact, target: string, name: NameChoice): boolean {
  if (fact.language !== null) return fact.language === target;
  return name.fact.language === null || name.fact.language === target;
}

/** The product type for an electronics title ("Sony WH-1000XM5 Headset"), unless the name already says it. */
function productTypeOf(view: FactView, target: string, pack: LanguagePack, name: NameChoice, said: string): { text: string; id: string } | null {
  const fact = pick(view, 'attribute', target, 'product_type');
  if (fact === undefined || !fitsLanguage(fact, target, name) || fact.text.length > 40) return null;
  // "Wireless Earbuds" in the name already says "Earbuds"; the head noun is the last word.
  const head = fact.text.split(/\s+/).at(-1) ?? fact.text;
  if (containsWord(said, fact.text) || containsWord(said, head)) return null;
  const lower = fact.text === fact.text.toLocaleLowerCase(pack.locale);
  const text = pack.title.caseStyle === 'title' && lower ? recase(fact.text, 'title', pack.locale, pack.title.smallWords, null) : fact.text;
  return { text, id: fact.id };
}

const COLOUR_ATTRIBUTES = ['colour', 'product_colour', 'color', 'product_color'];

/** The colour for an electronics title (", Black"): a colour word the record's language has, stated by a fact. */
function colourOf(view: FactView, target: string, pack: LanguagePack, name: NameChoice, said: string): { text: string; id: string } | null {
  const fact = COLOUR_ATTRIBUTES.map((a) => pick(view, 'attribute', target, a)).find((f) => f !== undefined);
  if (fact === undefined || fact.text.length > 30 || containsWord(said, fact.text)) return null;
  // Untagged: a colour word of the target language, or an unknown word (a shade's name, "Graphite")
  // beside a name in the target language; "Grey" does not go into an Italian title.
  const fits = isColourOf(fact.text, target) || (!isForeignColour(fact.text, target) && fitsLanguage(fact, target, name));
  if (!fits) return null;
  const text = pack.title.caseStyle === 'sentence' ? fact.text.replace(/(^|[,/]\s*)\p{Lu}(?=\p{Ll})/gu, (c) => c.toLocaleLowerCase(pack.locale)) : fact.text;
  return { text, id: fact.id };
}

/**
 * Between the rest of the title and the quantity. Where the language puts only a space, a comma
 * keeps two numbers apart ("Spaghetti n. 5, 500 g", "Tachipirina 500 mg, 20 compresse",
 * "…, 25 lavaggi, 1,25 l").
 */
export function quantitySeparator(head: string, beforeQuantity: string): string {
  return beforeQuantity === ' ' && /\p{N}\s?(?:%|\p{L}{1,2})?$|(?<![\p{L}\p{N}])\p{N}+\s\p{Ll}+$/u.test(head) ? ', ' : beforeQuantity;
}

/** Brand first in every language, as marketplace title guidelines ask (docs/template-engine.md). */
const TITLE_ORDER: readonly TitlePart[] = ['brand', 'name', 'type', 'variant', 'quantity'];

function compose(parts: TitleParts, beforeQuantity: string, use: ReadonlySet<TitlePart>): string {
  const words: string[] = [];
  let quantity: string | null = null;
  for (const part of TITLE_ORDER) {
    if (!use.has(part)) continue;
    if (part === 'quantity') quantity = parts.quantityText;
    else if (part === 'brand' && parts.brandText !== null) words.push(parts.brandText);
    else if (part === 'name') words.push(parts.strengthText === null ? parts.nameText : `${parts.nameText} ${parts.strengthText}`);
    else if (part === 'type' && parts.typeText !== null) words.push(parts.typeText);
    else if (part === 'variant' && parts.variantText !== null) words.push(parts.variantText);
  }
  let head = collapseSpaces(words.join(' '));
  // The colour closes the description of the item, before any quantity: "Sony WH-1000XM5 Headset, Black".
  if (use.has('colour') && parts.colourText !== null) head = `${head}, ${parts.colourText}`;
  return quantity === null ? head : `${head}${quantitySeparator(head, beforeQuantity)}${quantity}`;
}

export interface Title {
  value: string;
  /** Brand and name only, for the title tag when the whole title is too long. */
  short: string;
  sources: string[];
}

/**
 * Composes the title within the limit: drops the colour, then the variant, then the product type,
 * then the quantity, then cuts the name at a word.
 */
export function buildTitle(parts: TitleParts, pack: LanguagePack, notes: NoteRules): Title {
  const max = Math.min(CONTENT_LIMITS.title.maxChars, notes.titleMax ?? CONTENT_LIMITS.title.maxChars);
  const tidy = (text: string) => notes.avoid.reduce((t, word) => removeWord(t, word) || t, text);
  const attempts: TitlePart[][] = [
    ['brand', 'name', 'type', 'variant', 'colour', 'quantity'],
    ['brand', 'name', 'type', 'variant', 'quantity'],
    ['brand', 'name', 'type', 'quantity'],
    ['brand', 'name', 'quantity'],
    ['brand', 'name'],
  ];
  let value = '';
  let used: ReadonlySet<TitlePart> = new Set();
  for (const attempt of attempts) {
    used = new Set(attempt);
    value = tidy(compose(parts, pack.title.beforeQuantity, used));
    if (value.length <= max) break;
  }
  value = truncateWords(value, max);
  const sources = [parts.name.fact.id];
  if (parts.ids.brand !== null) sources.unshift(parts.ids.brand);
  if (parts.ids.strength !== null) sources.push(parts.ids.strength);
  if (used.has('type') && parts.ids.type !== null) sources.push(parts.ids.type);
  if (used.has('variant') && parts.ids.variant !== null) sources.push(parts.ids.variant);
  if (used.has('colour') && parts.ids.colour !== null) sources.push(parts.ids.colour);
  if (used.has('quantity') && parts.ids.quantity !== null && !sources.includes(parts.ids.quantity)) sources.push(parts.ids.quantity);
  const short = truncateWords(tidy(compose(parts, pack.title.beforeQuantity, new Set(['brand', 'name']))), max);
  return { value, short, sources };
}
