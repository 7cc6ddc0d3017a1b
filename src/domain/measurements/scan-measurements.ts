// Measurements stated in a product's free text ("LED bulb, 9 W, 806 lm, 2700 K", "10000 mAh",
// "Bluetooth 5.1", "IP67", "Classe énergétique G", "Maße 106 × 52 × 25 mm"), each with where it
// stands, for the template engine's default attributes. Pure; no I/O.
// Hand-written: the units are few and fixed, and the labels that tell a battery life from a rated
// life or a capacity from a net content are words in eight languages that no library lists.

import { canonicalUnit, decimalMarkOf, readNumber, type DecimalMark } from '../numbers.ts';

export type MeasurementName =
  | 'power'
  | 'energy'
  | 'luminous_flux'
  | 'colour_temperature'
  | 'voltage'
  | 'current'
  | 'battery_capacity'
  | 'capacity'
  | 'weight'
  | 'dimensions'
  | 'diameter'
  | 'screen_size'
  | 'pieces_per_pack'
  | 'battery_life'
  | 'bluetooth_version'
  | 'usb'
  | 'ip_rating'
  | 'energy_class';

export interface Amount {
  /** Canonical: "1.5", "15000". */
  value: string;
  /** As written ("15.000", "1,5"). */
  written: string;
  /**
   * Its reading is a guess: a lone mark before three digits ("1.200") in a text of unknown
   * language. Kept as written rather than reformatted, which would state the guess.
   */
  ambiguous: boolean;
}

export interface Measurement {
  name: MeasurementName;
  /** Numbers in order: one, or two to three for a range or dimensions ("220-240 V", "a × b × c"). */
  amounts: Amount[];
  /** Canonical unit ("W", "kWh", "lm", "K", "mAh", "ml", "mm", "in", "h"), or "" for a count. */
  unit: string;
  /** `range` joins two amounts with "–", `dimensions` with " × ". */
  join: 'single' | 'range' | 'dimensions';
  /** For values that are not numbers: "5.1", "USB-C", "IP67", "A++". */
  text: string | null;
  /** The measure as written, from its first number to its unit ("806 Lumen", "220-240 V"): units are kept as the source spells them. */
  written: string;
  index: number;
  end: number;
}

// French and Polish group thousands with a (no-break) space: "1 055 lm" is 1055, never "055 lm".
const GROUPED = String.raw`[1-9]\d{0,2}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?(?![\d])`;
const PLAIN = String.raw`\d+(?:[.,]\d+)?`;
const NUMBER = `(?:${GROUPED}|${PLAIN})`;
// Not a number's tail, and not a measure after "2 x" ("2 x 20 W" per channel, "2× 65 W" per port): not the product's own.
const START = String.raw`(?<![\p{L}\p{N}.,_-])(?<!\d\s?[x×]\s?)`;
const END = String.raw`(?![\p{L}\p{N}])`;

/**
 * "15.000" → 15000, "1,5" → 1.5, read in the text's language or locale (src/domain/numbers.ts has
 * the rule); an amount ambiguous without one reads its lone mark as thousands, as it always did here.
 */
function amountOf(written: string, decimal: DecimalMark | null, unit?: string): Amount {
  const read = readNumber(written, decimal, unit);
  if (read !== null) return { value: read, written, ambiguous: false };
  const mark = written.includes(',') ? '.' : ',';
  return { value: readNumber(written, mark, unit) ?? written, written, ambiguous: true };
}

interface Rule {
  name: MeasurementName;
  pattern: RegExp;
  /** The canonical unit for what the pattern captured as its unit. */
  unit: (raw: string) => string;
  join?: Measurement['join'];
  /** Words that must appear in the same sentence, or the match is something else. */
  context?: RegExp;
  /** Words that make it something else even then ("Peso netto 500 g" is the content, not the product's weight). */
  notContext?: RegExp;
  /** Words just before it in its clause, or right after it, that make it something else ("Ladezeit 2 Stunden"). */
  notNear?: RegExp;
}

const UNIT_CASE: Readonly<Record<string, string>> = { w: 'W', kw: 'kW', wh: 'Wh', kwh: 'kWh', v: 'V', a: 'A', ma: 'mA', mah: 'mAh', k: 'K' };
const byCase = (raw: string): string => UNIT_CASE[raw.toLowerCase()] ?? raw;
const VOLUME: Readonly<Record<string, string>> = {
  ml: 'ml',
  cl: 'cl',
  l: 'l',
  liter: 'l',
  litre: 'l',
  liters: 'l',
  litres: 'l',
  litri: 'l',
  litro: 'l',
  litros: 'l',
  litrów: 'l',
  litry: 'l',
};
const LENGTH: Readonly<Record<string, string>> = { mm: 'mm', cm: 'cm', m: 'm', in: 'in', inch: 'in', inches: 'in', '"': 'in', '″': 'in' };

const BATTERY_WORDS =
  /battery|playtime|play time|runtime|akku|laufzeit|spielzeit|batteria|autonomia|autonomie|autonomía|batería|bateria|accu|speeltijd|akumulator|bateri|czas pracy/iu;
// A charging time stands beside battery words too: "Charging time 2 hours", "ricarica in 3 ore", "2 h de charge".
const CHARGING_WORDS = /charg|ricaric|carica|lade|laad|recharge|carga|ładowani|standby|stand-by/iu;
const CAPACITY_WORDS = /capacity|capacità|fassungsvermögen|capacité|contenance|capacidad|capacidade|inhoud|pojemność|holds|fasst/iu;
const WEIGHT_WORDS = /weight|weighs|gewicht|wiegt|peso|poids|pèse|gewicht|waga|waży/iu;

const RULES: readonly Rule[] = [
  { name: 'battery_capacity', pattern: new RegExp(`${START}(${NUMBER})\\s?(mAh)${END}`, 'dgiu'), unit: byCase },
  { name: 'energy', pattern: new RegExp(`${START}(${NUMBER})\\s?(kWh|Wh)(?:\\s?\\/\\s?1000\\s?h)?${END}`, 'dgiu'), unit: byCase },
  // A trouser size ("32W 30L", "32 W x 34 L": waist and leg) is no power.
  {
    name: 'power',
    pattern: new RegExp(`${START}(${NUMBER})\\s?(kW|W|watts?)${END}(?!\\s*[x×/]?\\s*\\d{2}\\s?L(?![\\p{L}\\p{N}]))`, 'dgu'),
    unit: (raw) => (raw.toLowerCase().startsWith('watt') ? 'W' : byCase(raw)),
  },
  { name: 'luminous_flux', pattern: new RegExp(`${START}(${NUMBER})\\s?(lm|lumens?)${END}`, 'dgiu'), unit: () => 'lm' },
  { name: 'colour_temperature', pattern: new RegExp(`${START}([1-9]\\d{3}|[1-9][.,]\\d{3})\\s?(K)${END}`, 'dgu'), unit: () => 'K' },
  { name: 'voltage', pattern: new RegExp(`${START}(${NUMBER})(?:\\s?[-–]\\s?(${NUMBER}))?\\s?(V)${END}`, 'dgu'), unit: () => 'V', join: 'range' },
  { name: 'current', pattern: new RegExp(`${START}(${NUMBER})\\s?(mA|A)${END}`, 'dgu'), unit: byCase },
  {
    name: 'battery_life',
    pattern: new RegExp(`${START}(${NUMBER})\\s?(hours?|hrs?|h|stunden|std\\.?|ore|heures|horas|uur|godzin[y]?)${END}`, 'dgiu'),
    unit: () => 'h',
    context: BATTERY_WORDS,
    notNear: CHARGING_WORDS,
  },
  {
    name: 'capacity',
    pattern: new RegExp(`${START}(${NUMBER})\\s?(ml|cl|l|liters?|litres?|litri|litro|litros|litrów|litry)${END}`, 'dgiu'),
    unit: (raw) => VOLUME[raw.toLowerCase()] ?? raw,
    context: CAPACITY_WORDS,
  },
  {
    name: 'weight',
    pattern: new RegExp(`${START}(${NUMBER})\\s?(kg|g)${END}`, 'dgiu'),
    unit: (raw) => raw.toLowerCase(),
    context: WEIGHT_WORDS,
    notContext: /(?<![\p{L}])(?:net|netto|neto|nett|líquido|liquido|nettogewicht)(?![\p{L}])/iu,
  },
  {
    name: 'screen_size',
    pattern: new RegExp(`${START}(${NUMBER})\\s?("|″|''|-?inch(?:es)?|zoll|pollici|pouces|pulgadas|polegadas|cali|duim)(?![\\p{L}\\p{N}])`, 'dgiu'),
    unit: () => 'in',
  },
  {
    name: 'diameter',
    pattern: new RegExp(
      `(?:diameter|durchmesser|diametro|diamètre|diámetro|diâmetro|średnica|Ø)\\s*:?\\s*(?:of\\s+|di\\s+|von\\s+|de\\s+|van\\s+)?(${NUMBER})\\s?(mm|cm|m|in|inch(?:es)?|")(?![\\p{L}\\p{N}])`,
      'dgiu',
    ),
    unit: (raw) => LENGTH[raw.toLowerCase()] ?? raw,
  },
];

const DIMENSIONS = new RegExp(`${START}(${NUMBER})\\s*[x×]\\s*(${NUMBER})(?:\\s*[x×]\\s*(${NUMBER}))?\\s?(mm|cm|m|in|inch(?:es)?|")(?![\\p{L}\\p{N}])`, 'giu');
const PIECES = new RegExp(
  `(?:pack of|set of|box of|confezione da|packung mit|lot de|pack de|paquete de|caja de|embalagem de|verpakking van|opakowanie|zestaw)\\s+(\\d+)(?![\\d.,]|\\s?(?:g|kg|mg|ml|cl|l)${END})|${START}(\\d+)(?:er)?[- ]?(?:pack|pcs|pieces|stück|stk\\.?|pezzi|pz\\.?|pièces|unidades|unità|stuks|peças|sztuk|szt\\.?|tabs)${END}`,
  'giu',
);
const BLUETOOTH = /(?<![\p{L}])bluetooth(?:®)?\s*(?:v(?:ersion)?\.?\s*|versione\s*|-?version\s*)?:?\s*(\d(?:\.\d)?)(?![\p{N}])/giu;
const USB = /(?<![\p{L}])USB[\s-]?(?:(?:type|typ|tipo)[\s-]?)?(C|A)(?![\p{L}\p{N}])|(?<![\p{L}])USB\s?(\d\.\d(?:\s?Gen\s?\d(?:x\d)?)?)(?![\p{N}])/gu;
const IP = /(?<![\p{L}\p{N}])IP([0-6X][0-9X])(?![\p{L}\p{N}])/gu;
const ENERGY_CLASS =
  /(?:energy(?:\s+efficiency)?\s+class|energy\s+label|classe\s+energetica|energieeffizienzklasse|energieklasse|energielabel|classe\s+(?:d'efficacité\s+)?énergétique|clase\s+(?:de\s+eficiencia\s+)?energética|classe\s+energética|klasa\s+(?:efektywności\s+)?energetyczn\p{L}*)\s*:?\s*([A-G](?:\+{1,3})?)(?![\p{L}\p{N}+])/giu;

/** The sentence that holds a match: where a rule's context words must stand ("12 hours of playtime"). */
function sentenceAround(text: string, index: number, end: number): string {
  // A decimal point ("1.5 V") is no sentence end: only a full stop before a space or the end is.
  const boundary = /[.!?](?=\s|$)|[;\n]/gu;
  let from = 0;
  let to = text.length;
  for (const match of text.matchAll(boundary)) {
    if (match.index < index) from = match.index + 1;
    else if (match.index >= end) {
      to = match.index;
      break;
    }
  }
  return text.slice(from, to);
}

/** The words shortly before a match in its clause, and the word right after it. */
function nearWords(text: string, index: number, end: number): string[] {
  const before =
    text
      .slice(Math.max(0, index - 30), index)
      .split(/[,;:()/.!?\n]/u)
      .at(-1) ?? '';
  const after = /^\s*([\p{L}'’]+(?:\s+[\p{L}'’]+)?)/u.exec(text.slice(end))?.[1] ?? '';
  return [...before.split(/\s+/u), ...after.split(/\s+/u)].filter((w) => w !== '');
}

function textMeasurement(name: MeasurementName, text: string, match: RegExpExecArray): Measurement {
  return { name, amounts: [], unit: '', join: 'single', text, written: match[0], index: match.index, end: match.index + match[0].length };
}

/** The match from its first captured number to its end: a label before it ("Diameter") is not the measure. */
function measureText(match: RegExpExecArray): string {
  const first = match.indices?.[1]?.[0] ?? match.index;
  return match[0].slice(first - match.index);
}

/**
 * Every measurement in a text, in order of where it stands. A number is read once: "106 × 52 ×
 * 25 mm" is dimensions, not three lengths; "10000 mAh" is no current.
 */
export function scanMeasurements(text: string, locale: string | null = null): Measurement[] {
  const decimal = decimalMarkOf(locale);
  const found: Measurement[] = [];
  const taken: Array<[number, number]> = [];
  const free = (start: number, end: number) => !taken.some(([a, b]) => start < b && end > a);
  const add = (m: Measurement) => {
    if (!free(m.index, m.end)) return;
    found.push(m);
    taken.push([m.index, m.end]);
  };

  for (const match of text.matchAll(DIMENSIONS)) {
    const [, a = '', b = '', c, unit = ''] = match;
    const amounts = [a, b, ...(c === undefined ? [] : [c])].map((n) => amountOf(n, decimal));
    add({
      name: 'dimensions',
      amounts,
      unit: LENGTH[unit.toLowerCase()] ?? unit,
      join: 'dimensions',
      text: null,
      written: match[0],
      index: match.index,
      end: match.index + match[0].length,
    });
  }
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const sentence = sentenceAround(text, match.index, match.index + match[0].length);
      if (rule.context !== undefined && !rule.context.test(sentence)) continue;
      if (rule.notContext?.test(sentence) === true) continue;
      if (rule.notNear !== undefined && nearWords(text, match.index, match.index + match[0].length).some((w) => rule.notNear?.test(w) === true)) continue;
      const numbers = match.slice(1, -1).filter((n): n is string => n !== undefined);
      const unit = match.at(-1) ?? '';
      const join = numbers.length > 1 ? (rule.join ?? 'single') : 'single';
      add({
        name: rule.name,
        amounts: numbers.map((n) => amountOf(n, decimal, canonicalUnit(unit))),
        unit: rule.unit(unit),
        join,
        text: null,
        written: measureText(match),
        index: match.index,
        end: match.index + match[0].length,
      });
    }
  }
  for (const match of text.matchAll(PIECES)) {
    const count = match[1] ?? match[2];
    if (count !== undefined)
      add({
        name: 'pieces_per_pack',
        amounts: [amountOf(count, decimal)],
        unit: '',
        join: 'single',
        text: null,
        written: count,
        index: match.index,
        end: match.index + match[0].length,
      });
  }
  for (const match of text.matchAll(BLUETOOTH)) if (match[1] !== undefined) add(textMeasurement('bluetooth_version', match[1], match));
  for (const match of text.matchAll(USB)) {
    const value = match[1] !== undefined ? `USB-${match[1].toUpperCase()}` : `USB ${match[2] ?? ''}`.trim();
    add(textMeasurement('usb', value, match));
  }
  for (const match of text.matchAll(IP)) add(textMeasurement('ip_rating', `IP${match[1] ?? ''}`, match));
  for (const match of text.matchAll(ENERGY_CLASS)) if (match[1] !== undefined) add(textMeasurement('energy_class', match[1].toUpperCase(), match));
  return found.sort((a, b) => a.index - b.index);
}
