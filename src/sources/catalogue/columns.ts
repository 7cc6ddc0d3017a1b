import type { FactKey } from '../../domain/facts.ts';

/** What a column of a user's catalogue holds. */
export type ColumnTarget =
  | { kind: 'code' }
  | { kind: 'url' }
  | { kind: 'fact'; key: Exclude<FactKey, 'attribute'>; language: string | null }
  | { kind: 'attribute'; name: string; language: string | null };

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
  ],
  brand: ['brand', 'brand_name', 'marca', 'marchio', 'marke', 'marque'],
  description: ['description', 'long_description', 'product_description', 'desc', 'descrizione', 'beschreibung', 'produktbeschreibung', 'descripcion'],
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
  ],
  quantity: [
    'quantity',
    'net_quantity',
    'size',
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
  category: ['category', 'categories', 'categoria', 'categorie', 'kategorie', 'categorias', 'product_category'],
  kind: ['kind', 'product_kind'],
  variant: ['variant', 'variante', 'flavour', 'flavor', 'gusto', 'sapore', 'geschmack', 'saveur', 'sabor', 'shade', 'scent'],
  ingredients: ['ingredients', 'ingredienti', 'zutaten', 'ingredientes', 'inci'],
  allergens: ['allergens', 'allergeni', 'allergene', 'allergenes', 'alergenos'],
  'attribute:colour': ['colour', 'color', 'colore', 'farbe', 'couleur'],
  'attribute:material': ['material', 'materiale', 'materiau', 'materials'],
  'attribute:model': ['model', 'modello', 'modell', 'modele', 'modelo'],
  'attribute:manufacturer': ['manufacturer', 'produttore', 'hersteller', 'fabricant', 'fabricante'],
  'attribute:weight': ['weight', 'peso', 'gewicht', 'poids'],
  'attribute:dimensions': ['dimensions', 'dimensioni', 'abmessungen', 'dimensiones'],
};

const BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(SYNONYMS).flatMap(([target, names]) => names.map((n) => [n, target])));

/** Keys whose values are text in a language; only these take a language suffix or the default language. */
const TEXT_KEYS: ReadonlySet<string> = new Set(['name', 'description', 'quantity', 'category', 'variant', 'ingredients', 'allergens']);

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

// Every row of a file has the same columns: classify each header once. Bounded because the keys
// of JSON lines are the user's, not a fixed header.
const classified = new Map<string, ColumnTarget>();
const CLASSIFIED_MAX = 10_000;

/** Where a column's values go (see `classifyColumnUncached`); the result is shared, do not modify it. */
export function classifyColumn(header: string, defaultLanguage: string | null): ColumnTarget {
  const key = `${defaultLanguage ?? ''}\u0000${header}`;
  let target = classified.get(key);
  if (target === undefined) {
    target = classifyColumnUncached(header, defaultLanguage);
    if (classified.size >= CLASSIFIED_MAX) classified.clear();
    classified.set(key, target);
  }
  return target;
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
  if (target.startsWith('attribute:')) return { kind: 'attribute', name: target.slice('attribute:'.length), language };
  const key = target as Exclude<FactKey, 'attribute'>;
  return { kind: 'fact', key, language: TEXT_KEYS.has(key) ? language : null };
}

function snakeCase(name: string): string {
  const snake = name.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return snake === '' ? 'unnamed' : /^[0-9]/.test(snake) ? `attr_${snake}` : snake;
}
