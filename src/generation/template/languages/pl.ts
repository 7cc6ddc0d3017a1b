import type { LanguagePack } from '../language-pack.ts';

export const pl: LanguagePack = {
  language: 'pl',
  locale: 'pl-PL',
  colon: ': ',
  title: {
    beforeQuantity: ', ',
    caseStyle: 'sentence',
    smallWords: [],
  },
  labels: {
    brand: 'Marka',
    variant: 'Wariant',
    category: 'Kategoria',
    contents: 'Zawartość',
    ingredients: 'Składniki',
    allergens: 'Alergeny',
    active_ingredient: 'Substancja czynna',
    pharmaceutical_form: 'Postać farmaceutyczna',
    supply_regime: 'Kategoria dostępności',
    atc_code: 'Kod ATC',
    material: 'Materiał',
    colour: 'Kolor',
    size: 'Rozmiar',
    dimensions: 'Wymiary',
    net_weight: 'Waga netto',
    net_volume: 'Pojemność',
  },
  templates: {
    byBrand: '{name} marki {brand}',
    withQuantity: '{text}, opakowanie {quantity}',
    packOf: 'Opakowanie zawiera {count} szt.',
    contains: 'Zawiera: {allergens}',
  },
  stopwords: ['i', 'z', 'ze', 'w', 'we', 'do', 'dla', 'na', 'bez', 'oraz', 'lub', 'marki', 'opakowanie'],
};
