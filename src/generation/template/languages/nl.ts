import type { LanguagePack } from '../language-pack.ts';

export const nl: LanguagePack = {
  language: 'nl',
  locale: 'nl-NL',
  colon: ': ',
  title: {
    beforeQuantity: ' ',
    caseStyle: 'sentence',
    smallWords: [],
  },
  labels: {
    brand: 'Merk',
    variant: 'Variant',
    category: 'Categorie',
    contents: 'Inhoud',
    ingredients: 'Ingrediënten',
    allergens: 'Allergenen',
    active_ingredient: 'Werkzame stof',
    pharmaceutical_form: 'Farmaceutische vorm',
    supply_regime: 'Afleverstatus',
    atc_code: 'ATC-code',
    material: 'Materiaal',
    colour: 'Kleur',
    size: 'Maat',
    dimensions: 'Afmetingen',
    net_weight: 'Nettogewicht',
    net_volume: 'Volume',
  },
  templates: {
    byBrand: '{name} van {brand}',
    withQuantity: '{text}, verpakking van {quantity}',
    packOf: 'Verpakking van {count}',
    contains: 'Bevat: {allergens}',
  },
  stopwords: ['de', 'het', 'een', 'en', 'met', 'zonder', 'voor', 'van', 'in', 'op', 'of', 'verpakking'],
};
