// The title: brand, product name, variant and net quantity, composed by the language's rules. Pure.
import { isShouting, recase } from './casing.ts';
import { pick, type CleanFact, type FactView } from './fact-view.ts';
import type { LanguagePack, TitlePart } from './language-pack.ts';
import { LIMITS } from './limits.ts';
import type { NoteRules } from './notes.ts';
import { formatQuantity, normaliseQuantitiesInText, parseQuantity, quantitiesIn } from './units.ts';
import { bulletLines, collapseSpaces, containsWord, removeWord, sentences, truncateWords } from './text.ts';

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
  return collapseSpaces(text.replace(/\s*\*\s*/g, ' ')).replace(/^["'“«]+|["'”»]+$/gu, '').replace(/[\s.;,:]+$/u, '');
}

// A company name (AIFA's marketing authorisation holder) is not a brand shoppers look for.
const LEGAL_FORM = /(?:^|[\s,])(?:s\.?\s?p\.?\s?a\.?|s\.?\s?r\.?\s?l\.?|gmbh|ag|ltd\.?|limited|inc\.?|b\.?v\.?|n\.?v\.?|s\.?a\.?s?\.?|plc|llc|co\.?\s?kg|sp\.\s?z\s?o\.?o\.?)$/iu;

export function isCompanyName(brand: string): boolean {
  return LEGAL_FORM.test(brand.trim());
}

export interface TitleParts {
  brand: CleanFact | undefined;
  name: NameChoice;
  /** The name as displayed: re-cased when shouted, quantities in the locale's style. */
  nameText: string;
  brandText: string | null;
  variantText: string | null;
  quantityText: string | null;
  ids: { brand: string | null; variant: string | null; quantity: string | null };
}

/** Everything a title could show, cleaned; the brand, variant and quantity only where they add something. */
export function titleParts(view: FactView, target: string, pack: LanguagePack, name: NameChoice, notes: NoteRules): TitleParts {
  const locale = pack.locale;
  const brand = pick(view, 'brand', target);
  const brandName = brand?.text ?? null;
  let nameText = isShouting(name.text) ? recase(name.text, pack.title.caseStyle, locale, pack.title.smallWords, brandName) : name.text;
  nameText = normaliseQuantitiesInText(nameText, locale);
  if (notes.noBrandInTitle && brandName !== null) nameText = removeWord(nameText, brandName) || nameText;
  const showBrand = brandName !== null && !notes.noBrandInTitle && !isCompanyName(brandName) && !containsWord(nameText, brandName);

  const variant = pick(view, 'variant', target);
  let variantText: string | null = null;
  if (variant !== undefined && !containsWord(nameText, variant.text)) {
    variantText = isShouting(variant.text) ? recase(variant.text, pack.title.caseStyle, locale, pack.title.smallWords, null) : variant.text;
    if (pack.title.caseStyle === 'sentence') variantText = variantText.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLocaleLowerCase(locale));
  }

  const quantity = pick(view, 'quantity', target);
  let quantityText: string | null = null;
  if (quantity !== undefined) {
    const parsed = parseQuantity(quantity.text);
    const stated = parsed === null ? quantity.text : formatQuantity(parsed, locale);
    const countInName = parsed !== null && parsed.count !== null && new RegExp(`(?<!\\d)${parsed.count.amount}(?!\\d)`).test(nameText);
    if (quantitiesIn(nameText).length === 0 && !countInName) quantityText = stated;
  }
  return {
    brand,
    name,
    nameText,
    brandText: showBrand ? brandName : null,
    variantText,
    quantityText,
    ids: { brand: showBrand ? (brand?.id ?? null) : null, variant: variantText === null ? null : (variant?.id ?? null), quantity: quantityText === null ? null : (quantity?.id ?? null) },
  };
}

function compose(parts: TitleParts, order: readonly TitlePart[], beforeQuantity: string, use: ReadonlySet<TitlePart>): string {
  const words: string[] = [];
  let quantity: string | null = null;
  for (const part of order) {
    if (!use.has(part)) continue;
    if (part === 'quantity') quantity = parts.quantityText;
    else if (part === 'brand' && parts.brandText !== null) words.push(parts.brandText);
    else if (part === 'name') words.push(parts.nameText);
    else if (part === 'variant' && parts.variantText !== null) words.push(parts.variantText);
  }
  const head = collapseSpaces(words.join(' '));
  return quantity === null ? head : `${head}${beforeQuantity}${quantity}`;
}

export interface Title {
  value: string;
  /** Brand and name only, for the title tag when the whole title is too long. */
  short: string;
  sources: string[];
}

/** Composes the title within the limit: drops the variant, then the quantity, then cuts the name at a word. */
export function buildTitle(parts: TitleParts, pack: LanguagePack, notes: NoteRules): Title {
  const max = Math.min(LIMITS.title, notes.titleMax ?? LIMITS.title);
  const tidy = (text: string) => notes.avoid.reduce((t, word) => removeWord(t, word) || t, text);
  const attempts: TitlePart[][] = [
    ['brand', 'name', 'variant', 'quantity'],
    ['brand', 'name', 'quantity'],
    ['brand', 'name'],
  ];
  let value = '';
  let used: ReadonlySet<TitlePart> = new Set();
  for (const attempt of attempts) {
    used = new Set(attempt);
    value = tidy(compose(parts, pack.title.order, pack.title.beforeQuantity, used));
    if (value.length <= max) break;
  }
  value = truncateWords(value, max);
  const sources = [parts.name.fact.id];
  if (parts.ids.brand !== null) sources.unshift(parts.ids.brand);
  if (used.has('variant') && parts.ids.variant !== null) sources.push(parts.ids.variant);
  if (used.has('quantity') && parts.ids.quantity !== null) sources.push(parts.ids.quantity);
  const short = truncateWords(tidy(compose(parts, pack.title.order, pack.title.beforeQuantity, new Set(['brand', 'name']))), max);
  return { value, short, sources };
}
