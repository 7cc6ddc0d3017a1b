import type { LanguagePack } from '../language-pack.ts';

// A title here reads "Barilla Espaguetis n.º 5, 500 g" (the order, brand first, is shared: title.ts).
export const es: LanguagePack = {
  language: 'es',
  locale: 'es-ES',
  colon: ': ',
  title: {
    beforeQuantity: ' ',
    caseStyle: 'sentence',
    smallWords: [],
  },
  labels: {
    brand: 'Marca',
    variant: 'Variante',
    category: 'Categoría',
    contents: 'Contenido',
    ingredients: 'Ingredientes',
    allergens: 'Alérgenos',
    active_ingredient: 'Principio activo',
    pharmaceutical_form: 'Forma farmacéutica',
    supply_regime: 'Condiciones de dispensación',
    atc_code: 'Código ATC',
    material: 'Material',
    colour: 'Color',
    size: 'Talla',
    dimensions: 'Dimensiones',
    net_weight: 'Peso neto',
    net_volume: 'Volumen',
  },
  templates: {
    byBrand: '{name} de {brand}',
    withQuantity: '{text}, en envase de {quantity}',
    packOf: 'Pack de {count}',
    contains: 'Contiene: {allergens}',
  },
  stopwords: ['de', 'del', 'la', 'el', 'los', 'las', 'y', 'con', 'sin', 'para', 'en', 'un', 'una', 'al', 'envase'],
};
