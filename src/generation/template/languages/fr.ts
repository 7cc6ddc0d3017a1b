import type { LanguagePack } from '../language-pack.ts';

// A title here reads "Barilla Spaghetti n°5 - 500 g" (the order, brand first, is shared: title.ts).
export const fr: LanguagePack = {
  language: 'fr',
  locale: 'fr-FR',
  colon: ' : ',
  title: {
    beforeQuantity: ' - ',
    caseStyle: 'sentence',
    smallWords: [],
  },
  labels: {
    brand: 'Marque',
    variant: 'Variante',
    category: 'Catégorie',
    contents: 'Contenu',
    ingredients: 'Ingrédients',
    allergens: 'Allergènes',
    active_ingredient: 'Principe actif',
    pharmaceutical_form: 'Forme pharmaceutique',
    supply_regime: 'Conditions de délivrance',
    atc_code: 'Code ATC',
    material: 'Matière',
    colour: 'Couleur',
    size: 'Taille',
    dimensions: 'Dimensions',
    net_weight: 'Poids net',
    net_volume: 'Volume',
  },
  templates: {
    byBrand: '{name} de {brand}',
    withQuantity: '{text}, en format de {quantity}',
    packOf: 'Lot de {count}',
    contains: 'Contient : {allergens}',
  },
  stopwords: ['de', 'du', 'des', 'la', 'le', 'les', 'et', 'avec', 'sans', 'pour', 'en', 'un', 'une', 'au', 'aux', 'format'],
};
