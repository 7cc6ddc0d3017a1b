import { BoundedMemo } from '../../bounded-memo.ts';
import type { FactKey } from '../../domain/facts.ts';

/** What a column of a user's catalogue holds. */
export type ColumnTarget =
  | { kind: 'code' }
  | { kind: 'url' }
  /** Read, not used for content (prices, stock, the shop's own ids): reported as an unused column. */
  | { kind: 'ignored'; reason: string }
  | { kind: 'fact'; key: Exclude<FactKey, 'attribute'>; language: string | null }
  | { kind: 'attribute'; name: string; language: string | null }
  /** A `size` column: a net quantity ("500 g") in food and drugstore feeds, a clothing or shoe size ("M", "42") in others; told apart by value. */
  | { kind: 'size'; language: string | null };

// Synonyms in the languages our users write (en, it, de, fr, es), compared after normalising:
// lower case, accents removed, any run of non-alphanumerics as one underscore.
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  code: [
    'code',
    'ean',
    'ean13',
    'ean_13',
    'ean8',
    'ean_8',
    'gtin',
    'gtin13',
    'gtin_13',
    'gtin14',
    'gtin_14',
    'upc',
    'upc_a',
    'barcode',
    'bar_code',
    'asin',
    'isbn',
    'minsan',
    'aic',
    'codice',
    'codice_ean',
    'codice_aic',
    'codice_minsan',
    'ean_code',
    'code_ean',
    'codigo',
    'codigo_ean',
    'strichcode',
    'gtin8',
    'gtin_8',
    'gtin12',
    'gtin_12',
    'isbn13',
    'isbn_13',
    'ean_upc',
    // Shopify, Amazon flat files.
    'variant_barcode',
    'external_product_id',
  ],
  url: ['url', 'link', 'product_url', 'product_link', 'page_url'],
  name: [
    'title',
    'name',
    'product_name',
    'product_title',
    'productname',
    'nome',
    'nome_prodotto',
    'titolo',
    'titel',
    'produktname',
    'bezeichnung',
    'nom',
    'nom_produit',
    'titre',
    'nombre',
    'nombre_producto',
    'titulo',
    // Amazon flat files.
    'item_name',
  ],
  // `vendor`: Shopify.
  brand: ['brand', 'brand_name', 'vendor', 'marca', 'marchio', 'marke', 'marque'],
  // `body_html`: Shopify's `Body (HTML)` (markup is removed before any engine sees it).
  description: ['description', 'long_description', 'product_description', 'desc', 'body_html', 'body', 'descrizione', 'beschreibung', 'produktbeschreibung', 'descripcion'],
  image: [
    'images',
    'image',
    'image_url',
    'image_urls',
    'image_link',
    'immagini',
    'immagine',
    'img',
    'picture',
    'pictures',
    'photo',
    'photos',
    'foto',
    'bild',
    'bilder',
    'imagen',
    'imagenes',
    // Shopify, Google Merchant Center, Amazon flat files.
    'image_src',
    'variant_image',
    'additional_image_link',
    'main_image_url',
    'other_image_url',
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `other_image_url${n}`),
  ],
  quantity: [
    'quantity',
    'net_quantity',
    'formato',
    'contenuto',
    'quantita',
    'net_content',
    'net_weight',
    'peso_netto',
    'menge',
    'inhalt',
    'fullmenge',
    'quantite',
    'contenance',
    'cantidad',
    'contenido',
  ],
  // `type`: Shopify; `product_type`, `google_product_category`: Google Merchant Center; `item_type`: Amazon.
  category: [
    'category',
    'categories',
    'categoria',
    'categorie',
    'kategorie',
    'categorias',
    'product_category',
    'type',
    'product_type',
    'google_product_category',
    'item_type',
    'item_type_keyword',
  ],
  kind: ['kind', 'product_kind'],
  variant: ['variant', 'variante', 'flavour', 'flavor', 'gusto', 'sapore', 'geschmack', 'saveur', 'sabor', 'shade', 'scent'],
  ingredients: ['ingredients', 'ingredienti', 'zutaten', 'ingredientes', 'inci'],
  allergens: ['allergens', 'allergeni', 'allergene', 'allergenes', 'alergenos'],
  'attribute:colour': ['colour', 'color', 'color_name', 'colore', 'farbe', 'couleur'],
  // Google Merchant Center `size`, Amazon `size_name`: see the `size` target.
  size: ['size', 'size_name', 'taglia', 'grosse', 'taille', 'talla'],
  'attribute:material': ['material', 'materiale', 'materiau', 'materials', 'material_type'],
  'attribute:mpn': ['mpn', 'part_number', 'manufacturer_part_number'],
  // Selling points: Amazon's bullet points, Google's product highlights.
  'attribute:feature': ['feature', 'features', 'key_features', 'highlights', 'product_highlight', 'bullet_point', ...[1, 2, 3, 4, 5].map((n) => `bullet_point${n}`)],
  'attribute:model': ['model', 'modello', 'modell', 'modele', 'modelo'],
  'attribute:manufacturer': ['manufacturer', 'produttore', 'hersteller', 'fabricant', 'fabricante'],
  'attribute:weight': ['weight', 'peso', 'gewicht', 'poids'],
  'attribute:dimensions': ['dimensions', 'dimensioni', 'abmessungen', 'dimensiones'],
};

const OWN_ID = "the shop's own identifier: a product's SKU comes from its create request, and rows are matched by code";
const NOT_CONTENT = 'price, stock, shipping or publishing data: not product content';
const OUR_OUTPUT = 'SEO text is what Vetrina writes, not a fact to write from';

/** Columns of shop exports and feeds that are read but not used, and why. */
const IGNORED: Readonly<Record<string, string>> = {
  ...Object.fromEntries(['id', 'sku', 'item_sku', 'variant_sku', 'parent_sku', 'item_group_id', 'handle', 'external_product_id_type'].map((n) => [n, OWN_ID])),
  ...Object.fromEntries(['seo_title', 'seo_description', 'image_alt_text', 'image_position'].map((n) => [n, OUR_OUTPUT])),
  ...Object.fromEntries(
    [
      'price',
      'sale_price',
      'sale_price_effective_date',
      'standard_price',
      'list_price',
      'cost_per_item',
      'currency',
      'availability',
      'availability_date',
      'condition',
      'condition_type',
      'stock',
      'inventory',
      'quantity_stock',
      'shipping',
      'shipping_weight',
      'shipping_label',
      'tax',
      'product_tax_code',
      'published',
      'status',
      'gift_card',
      'identifier_exists',
      'adult',
      'update_delete',
      'feed_product_type',
      'parent_child',
      'relationship_type',
      'variation_theme',
      'fulfillment_latency',
      'merchant_shipping_group_name',
      'mobile_link',
      'ads_redirect',
      'excluded_destination',
      'included_destination',
      'promotion_id',
    ].map((n) => [n, NOT_CONTENT]),
  ),
};
/** Families of such columns: Shopify's `Variant Price`, `Variant Inventory Qty` …, `Google Shopping / …`, custom labels. */
const IGNORED_PATTERN =
  /^(variant_(price|compare_at_price|inventory_.*|fulfillment_service|requires_shipping|taxable|tax_code|grams|weight_unit)|google_shopping_.*|custom_label_\d)$/;

const BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(SYNONYMS).flatMap(([target, names]) => names.map((n) => [n, target])));

/** Keys whose values are text in a language; only these take a language suffix or the default language. */
const TEXT_KEYS: ReadonlySet<string> = new Set(['size', 'name', 'description', 'quantity', 'category', 'variant', 'ingredients', 'allergens']);

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

function isLanguage(code: string): boolean {
  return /^[a-z]{2}$/.test(code) && languageNames.of(code) !== undefined;
}

/** Lower case, accents removed, separators collapsed to `_`; a `:` is kept, it only ever marks a language. */
export function normaliseColumnName(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9:]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Where each column of one import goes, each distinct column classified once. */
export type ColumnClassifier = (header: string) => ColumnTarget;

/**
 * Columns of one import seen this many times over: a CSV's header is fixed, a JSON line's keys
 * are the sender's, so the memo is bounded, far above what one row may hold (CATALOGUE_MAX_COLUMNS).
 * One per import: another account's import never evicts this one's columns.
 */
const CLASSIFIED_PER_IMPORT = 100_000;

/** A classifier for one import whose untagged text is in `defaultLanguage`. */
export function columnClassifier(defaultLanguage: string | null): ColumnClassifier {
  const memo = new BoundedMemo<ColumnTarget>(CLASSIFIED_PER_IMPORT);
  return (header) => memo.get(header, () => classifyColumnUncached(header, defaultLanguage));
}

/** Where a column's values go, for a one-off question (an import uses its own `columnClassifier`). */
export function classifyColumn(header: string, defaultLanguage: string | null): ColumnTarget {
  return classifyColumnUncached(header, defaultLanguage);
}

/**
 * Where a column's values go. A language suffix (`title_it`, `description-de`, `name:fr`,
 * `Titel (DE)`) is read only on text columns and on `name:xx` forms, so `image_id` stays an image
 * column rather than Indonesian. Untagged text takes `defaultLanguage`.
 */
function classifyColumnUncached(header: string, defaultLanguage: string | null): ColumnTarget {
  const name = normaliseColumnName(header);
  const tagged = /^(.+?)[_:]([a-z]{2})$/.exec(name);
  if (tagged !== null) {
    const [, base = '', language = ''] = tagged;
    const target = BY_NAME.get(base.replaceAll(':', '_'));
    if (isLanguage(language)) {
      if (target !== undefined && isTextTarget(target)) return toTarget(target, language);
      if (target === undefined && name.includes(':')) return { kind: 'attribute', name: snakeCase(base), language };
    }
  }
  const plain = name.replaceAll(':', '_');
  const ignored = IGNORED[plain] ?? (IGNORED_PATTERN.test(plain) ? NOT_CONTENT : undefined);
  if (ignored !== undefined) return { kind: 'ignored', reason: ignored };
  const target = BY_NAME.get(plain);
  if (target !== undefined) return toTarget(target, isTextTarget(target) ? defaultLanguage : null);
  return { kind: 'attribute', name: snakeCase(plain), language: defaultLanguage };
}

function isTextTarget(target: string): boolean {
  return TEXT_KEYS.has(target) || target.startsWith('attribute:');
}

function toTarget(target: string, language: string | null): ColumnTarget {
  if (target === 'code') return { kind: 'code' };
  if (target === 'url') return { kind: 'url' };
  if (target === 'size') return { kind: 'size', language };
  if (target.startsWith('attribute:')) return { kind: 'attribute', name: target.slice('attribute:'.length), language };
  const key = target as Exclude<FactKey, 'attribute'>;
  return { kind: 'fact', key, language: TEXT_KEYS.has(key) ? language : null };
}

function snakeCase(name: string): string {
  const snake = name.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return snake === '' ? 'unnamed' : /^[0-9]/.test(snake) ? `attr_${snake}` : snake;
}
