// Units of number attributes: spellings in the eight languages, and conversion within one
// dimension, so "1,2 kg" fills a weight in grams as 1200. Pure.

interface UnitInfo {
  dimension: string;
  /** How many of the dimension's base unit one of this unit is. */
  factor: number;
}

const UNITS: Readonly<Record<string, UnitInfo>> = {
  µg: { dimension: 'mass', factor: 1e-6 },
  mg: { dimension: 'mass', factor: 1e-3 },
  g: { dimension: 'mass', factor: 1 },
  kg: { dimension: 'mass', factor: 1e3 },
  oz: { dimension: 'mass', factor: 28.349523125 },
  lb: { dimension: 'mass', factor: 453.59237 },
  ml: { dimension: 'volume', factor: 1 },
  cl: { dimension: 'volume', factor: 10 },
  dl: { dimension: 'volume', factor: 100 },
  l: { dimension: 'volume', factor: 1e3 },
  'fl oz': { dimension: 'volume', factor: 29.5735295625 },
  mm: { dimension: 'length', factor: 1 },
  cm: { dimension: 'length', factor: 10 },
  m: { dimension: 'length', factor: 1e3 },
  in: { dimension: 'length', factor: 25.4 },
  mW: { dimension: 'power', factor: 1e-3 },
  W: { dimension: 'power', factor: 1 },
  kW: { dimension: 'power', factor: 1e3 },
  Wh: { dimension: 'energy', factor: 1 },
  kWh: { dimension: 'energy', factor: 1e3 },
  mAh: { dimension: 'charge', factor: 1 },
  Ah: { dimension: 'charge', factor: 1e3 },
  lm: { dimension: 'luminous_flux', factor: 1 },
  mV: { dimension: 'voltage', factor: 1e-3 },
  V: { dimension: 'voltage', factor: 1 },
  Hz: { dimension: 'frequency', factor: 1 },
  kHz: { dimension: 'frequency', factor: 1e3 },
  MHz: { dimension: 'frequency', factor: 1e6 },
  GHz: { dimension: 'frequency', factor: 1e9 },
  MB: { dimension: 'data', factor: 1 },
  GB: { dimension: 'data', factor: 1e3 },
  TB: { dimension: 'data', factor: 1e6 },
  s: { dimension: 'time', factor: 1 },
  min: { dimension: 'time', factor: 60 },
  h: { dimension: 'time', factor: 3600 },
  K: { dimension: 'colour_temperature', factor: 1 },
  kcal: { dimension: 'food_energy', factor: 1 },
  '%': { dimension: 'ratio', factor: 1 },
};

// Spellings, folded to lower case, of the units above. Case matters only to tell mW from MW, so
// symbols are matched as written first, then by these lower-case words.
const ALIASES: Readonly<Record<string, string>> = {
  mcg: 'µg',
  ug: 'µg',
  gr: 'g',
  grs: 'g',
  gram: 'g',
  grams: 'g',
  gramm: 'g',
  grammi: 'g',
  grammo: 'g',
  gramme: 'g',
  grammes: 'g',
  gramos: 'g',
  gramas: 'g',
  gramow: 'g',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  kilogramm: 'kg',
  chilogrammi: 'kg',
  chilogrammo: 'kg',
  kilogramme: 'kg',
  kilogrammes: 'kg',
  kilogramos: 'kg',
  milligrammi: 'mg',
  milligrams: 'mg',
  millilitri: 'ml',
  milliliter: 'ml',
  millilitre: 'ml',
  millilitres: 'ml',
  milliliters: 'ml',
  mililitros: 'ml',
  litro: 'l',
  litri: 'l',
  liter: 'l',
  litre: 'l',
  litres: 'l',
  liters: 'l',
  litros: 'l',
  litrow: 'l',
  lt: 'l',
  ltr: 'l',
  'fl. oz': 'fl oz',
  floz: 'fl oz',
  inch: 'in',
  inches: 'in',
  pollici: 'in',
  zoll: 'in',
  pouces: 'in',
  pulgadas: 'in',
  '"': 'in',
  watt: 'W',
  watts: 'W',
  w: 'W',
  kw: 'kW',
  wh: 'Wh',
  kwh: 'kWh',
  mah: 'mAh',
  ah: 'Ah',
  lumen: 'lm',
  lumens: 'lm',
  volt: 'V',
  volts: 'V',
  v: 'V',
  hz: 'Hz',
  khz: 'kHz',
  mhz: 'MHz',
  ghz: 'GHz',
  mb: 'MB',
  gb: 'GB',
  tb: 'TB',
  sec: 's',
  secondi: 's',
  seconds: 's',
  minuti: 'min',
  minuto: 'min',
  minutes: 'min',
  minute: 'min',
  minuten: 'min',
  minutos: 'min',
  minut: 'min',
  minuty: 'min',
  ore: 'h',
  hours: 'h',
  stunden: 'h',
  heures: 'h',
  horas: 'h',
  uur: 'h',
  godzin: 'h',
  k: 'K',
  kelvin: 'K',
};

/** The unit a spelling names ("Gramm", "kg", "minuti"), or undefined. */
export function unitNamed(spelling: string): string | undefined {
  const trimmed = spelling.trim();
  if (trimmed in UNITS) return trimmed;
  const lower = trimmed.toLowerCase().replace(/\.$/, '');
  if (lower in UNITS) return lower;
  return ALIASES[lower];
}

export function dimensionOf(unit: string): string | undefined {
  const named = unitNamed(unit);
  return named === undefined ? undefined : UNITS[named]?.dimension;
}

/** `amount` of `from` in `to`; undefined when they measure different things. */
export function convert(amount: number, from: string, to: string): number | undefined {
  const source = UNITS[from];
  const target = UNITS[to];
  if (source === undefined || target === undefined || source.dimension !== target.dimension) return undefined;
  // Twelve significant digits drop the binary noise of the factors (1.2 × 1000 stays 1200).
  return Number(((amount * source.factor) / target.factor).toPrecision(12));
}

/** Every unit a number attribute may carry, for messages. */
export const KNOWN_UNITS: readonly string[] = Object.keys(UNITS);
