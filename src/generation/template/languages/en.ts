import type { LanguagePack } from '../language-pack.ts';

export const en: LanguagePack = {
  language: 'en',
  locale: 'en-GB',
  colon: ': ',
  title: {
    beforeQuantity: ', ',
    caseStyle: 'title',
    smallWords: ['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'without'],
  },
  labels: {
    brand: 'Brand',
    variant: 'Variant',
    category: 'Category',
    contents: 'Contents',
    ingredients: 'Ingredients',
    allergens: 'Allergens',
    active_ingredient: 'Active ingredient',
    pharmaceutical_form: 'Pharmaceutical form',
    supply_regime: 'Supply regime',
    atc_code: 'ATC code',
    material: 'Material',
    colour: 'Colour',
    size: 'Size',
    dimensions: 'Dimensions',
    net_weight: 'Net weight',
    net_volume: 'Volume',
  },
  templates: {
    byBrand: '{name} by {brand}',
    withQuantity: '{text}, {quantity} pack',
    withCount: '{text}, pack of {quantity}',
    packOf: 'Pack of {count}',
    contains: 'Contains: {allergens}',
  },
  stopwords: ['a', 'an', 'and', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'without', 'pack'],
};
