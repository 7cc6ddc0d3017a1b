// Basic colour words of the eight languages, to tell whether a colour value without a language
// tag ("Grey" from a shop's column) can stand in a title of the record's language. A closed list,
// used to recognise, never to translate. Pure.

const COLOURS: Readonly<Record<string, readonly string[]>> = {
  en: ['black', 'white', 'grey', 'gray', 'silver', 'gold', 'blue', 'red', 'green', 'yellow', 'pink', 'purple', 'orange', 'brown', 'beige', 'navy'],
  it: [
    'nero',
    'nera',
    'bianco',
    'bianca',
    'grigio',
    'grigia',
    'argento',
    'oro',
    'blu',
    'rosso',
    'rossa',
    'verde',
    'giallo',
    'gialla',
    'rosa',
    'viola',
    'arancione',
    'marrone',
    'beige',
  ],
  de: ['schwarz', 'weiß', 'weiss', 'grau', 'silber', 'gold', 'blau', 'rot', 'grün', 'gelb', 'rosa', 'pink', 'lila', 'orange', 'braun', 'beige'],
  fr: ['noir', 'noire', 'blanc', 'blanche', 'gris', 'grise', 'argent', 'or', 'bleu', 'bleue', 'rouge', 'vert', 'verte', 'jaune', 'rose', 'violet', 'orange', 'marron', 'beige'],
  es: ['negro', 'negra', 'blanco', 'blanca', 'gris', 'plata', 'oro', 'azul', 'rojo', 'roja', 'verde', 'amarillo', 'rosa', 'morado', 'naranja', 'marrón', 'beige'],
  nl: ['zwart', 'wit', 'grijs', 'zilver', 'goud', 'blauw', 'rood', 'groen', 'geel', 'roze', 'paars', 'oranje', 'bruin', 'beige'],
  pt: ['preto', 'preta', 'branco', 'branca', 'cinza', 'cinzento', 'prata', 'ouro', 'azul', 'vermelho', 'verde', 'amarelo', 'rosa', 'roxo', 'laranja', 'castanho', 'marrom', 'bege'],
  pl: ['czarny', 'biały', 'szary', 'srebrny', 'złoty', 'niebieski', 'czerwony', 'zielony', 'żółty', 'różowy', 'fioletowy', 'pomarańczowy', 'brązowy', 'beżowy'],
};

/** Whether every word of a colour value ("Black", "Black, Silver", "nero/argento") is a colour word of the language. */
export function isColourOf(value: string, language: string): boolean {
  const words = COLOURS[language];
  if (words === undefined) return false;
  const parts = value
    .toLocaleLowerCase(language)
    .split(/\s*(?:[,/&+]|\band\b|\be\b|\bund\b|\bet\b|\by\b|\ben\b)\s*|\s+/u)
    .filter((w) => w !== '');
  return parts.length > 0 && parts.every((w) => words.includes(w));
}

/** Whether the value is a colour word of some language other than this one, and not of this one. */
export function isForeignColour(value: string, language: string): boolean {
  return !isColourOf(value, language) && Object.keys(COLOURS).some((other) => other !== language && isColourOf(value, other));
}
