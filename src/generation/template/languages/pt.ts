import type { LanguagePack } from '../language-pack.ts';

// A title here reads "Barilla Esparguete n.º 5, 500 g" (the order, brand first, is shared: title.ts).
export const pt: LanguagePack = {
  language: 'pt',
  locale: 'pt-PT',
  colon: ': ',
  title: {
    beforeQuantity: ' ',
    caseStyle: 'sentence',
    smallWords: [],
  },
  labels: {
    brand: 'Marca',
    variant: 'Variante',
    category: 'Categoria',
    contents: 'Conteúdo',
    ingredients: 'Ingredientes',
    allergens: 'Alergénios',
    active_ingredient: 'Substância ativa',
    pharmaceutical_form: 'Forma farmacêutica',
    supply_regime: 'Regime de dispensa',
    atc_code: 'Código ATC',
    material: 'Material',
    colour: 'Cor',
    size: 'Tamanho',
    dimensions: 'Dimensões',
    net_weight: 'Peso líquido',
    net_volume: 'Volume',
  },
  templates: {
    byBrand: '{name} da marca {brand}',
    withQuantity: '{text}, embalagem de {quantity}',
    packOf: 'Embalagem de {count}',
    contains: 'Contém: {allergens}',
  },
  stopwords: ['de', 'do', 'da', 'dos', 'das', 'e', 'com', 'sem', 'para', 'em', 'o', 'a', 'os', 'as', 'um', 'uma', 'marca', 'embalagem'],
};
