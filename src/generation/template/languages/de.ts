import type { LanguagePack } from '../language-pack.ts';

// German nouns are capitalised; a name shouted in capitals is mostly nouns, so Title Case is the closest guess.
export const de: LanguagePack = {
  language: 'de',
  locale: 'de-DE',
  colon: ': ',
  title: {
    beforeQuantity: ', ',
    caseStyle: 'title',
    smallWords: ['und', 'mit', 'ohne', 'für', 'von', 'aus', 'zu', 'zum', 'zur', 'in', 'im', 'am', 'an', 'auf', 'der', 'die', 'das', 'den', 'dem', 'oder'],
  },
  labels: {
    brand: 'Marke',
    variant: 'Variante',
    category: 'Kategorie',
    contents: 'Inhalt',
    ingredients: 'Zutaten',
    allergens: 'Allergene',
    active_ingredient: 'Wirkstoff',
    pharmaceutical_form: 'Darreichungsform',
    supply_regime: 'Abgabestatus',
    atc_code: 'ATC-Code',
    material: 'Material',
    colour: 'Farbe',
    size: 'Größe',
    dimensions: 'Abmessungen',
    net_weight: 'Nettogewicht',
    net_volume: 'Volumen',
  },
  templates: {
    byBrand: '{name} von {brand}',
    withQuantity: '{text}, Inhalt: {quantity}',
    packOf: 'Packung mit {count}',
    contains: 'Enthält: {allergens}',
  },
  stopwords: ['und', 'mit', 'ohne', 'für', 'von', 'aus', 'zu', 'in', 'im', 'der', 'die', 'das', 'den', 'dem', 'ein', 'eine', 'oder', 'inhalt'],
};
