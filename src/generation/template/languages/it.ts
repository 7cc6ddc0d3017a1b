import type { LanguagePack } from '../language-pack.ts';

export const it: LanguagePack = {
  language: 'it',
  locale: 'it-IT',
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
    contents: 'Contenuto',
    ingredients: 'Ingredienti',
    allergens: 'Allergeni',
    active_ingredient: 'Principio attivo',
    pharmaceutical_form: 'Forma farmaceutica',
    supply_regime: 'Regime di fornitura',
    atc_code: 'Codice ATC',
    material: 'Materiale',
    colour: 'Colore',
    size: 'Taglia',
    dimensions: 'Dimensioni',
    net_weight: 'Peso netto',
    net_volume: 'Volume',
  },
  templates: {
    byBrand: '{name} di {brand}',
    withQuantity: '{text}, in confezione da {quantity}',
    packOf: 'Confezione da {count}',
    contains: 'Contiene: {allergens}',
  },
  stopwords: ['di', 'da', 'del', 'della', 'dei', 'delle', 'e', 'ed', 'con', 'senza', 'per', 'in', 'il', 'lo', 'la', 'i', 'gli', 'le', 'un', 'una', 'al', 'alla', 'confezione'],
};
