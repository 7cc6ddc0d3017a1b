// AIFA pack descriptions ("500 MG COMPRESSE 20 COMPRESSE", "1 G GRANULATO- 10 BUSTINE GUSTO
// ARANCIA", "100 MG/100 ML SPRAY NASALE, SOLUZIONE FLACONE 15 ML") state the strength, the
// form and the pack content in free text. Pure string rules, no library knows this format.

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;

/** Strength at the start: an amount per unit ("500 mg") or a concentration ("100 mg/100 ml", "0,8%"). */
const STRENGTH = new RegExp(
  String.raw`^(${NUMBER}\s*(?:mg|g|mcg|µg|microgrammi|milligrammi|grammi|ui|u\.i\.|%)(?:\s*\/\s*(?:${NUMBER}\s*)?(?:ml|g|dose|erogazione))?)(?=[\s,;-]|$)`,
);

/** Units that are counted (as opposed to containers, whose size is the quantity). */
const COUNTED = [
  'compresse',
  'compressa',
  'capsule',
  'capsula',
  'bustine',
  'bustina',
  'buste',
  'flaconcini',
  'flaconcino',
  'fiale',
  'fiala',
  'supposte',
  'supposta',
  'cerotti',
  'cerotto',
  'pastiglie',
  'pastiglia',
  'caramelle',
  'contenitori monodose',
  'contenitori',
  'ovuli',
  'ovulo',
  'penne',
  'siringhe',
  'siringa',
  'confetti',
  'gomme',
  'tavolette',
  'dosi',
  'erogazioni',
  'filtri',
  'sacche',
];
const COUNT = new RegExp(String.raw`(?:^|[\s,;(-])(\d+)\s*(${COUNTED.join('|')})\b`);

/** Content of a single container: "flacone 15 ml", "flacone da 150 ml", "flac.115 g", "tubo da 30 g". */
const CONTAINER = new RegExp(String.raw`(?:flaconi|flacone|flac\.?|tubo|vasetto|barattolo|bottiglia|contenitore|bomboletta|sacca)\s*(?:da\s*)?(${NUMBER})\s*(ml|l|g|kg)\b`);

/**
 * The net quantity a shopper reads: the count (with the per-unit strength: "20 compresse da
 * 500 mg"), else the container content ("15 ml"), else the strength, else the description as is.
 */
export function packQuantity(description: string): string {
  const text = description.toLowerCase().replace(/["«»]/g, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return description.trim();
  const strength = STRENGTH.exec(text)?.[1]?.replace(/\s+/g, ' ');
  const rest = strength === undefined ? text : text.slice(strength.length);
  const count = COUNT.exec(rest);
  if (count !== null) {
    const counted = `${count[1]} ${count[2]}`;
    const perUnit = strength !== undefined && !/[/%]/.test(strength);
    return perUnit ? `${counted} da ${strength}` : counted;
  }
  const container = CONTAINER.exec(rest);
  if (container !== null) return `${container[1]} ${container[2]}`;
  return strength ?? description.trim();
}
