// A product's physical measures as numbers a marketplace can sort and ship by: its weight and its
// height, width and depth, read only from what its facts state. Pure; no I/O.
// A size written "30 × 20 × 10 cm" does not say which side is the height, so it fills no side
// here (it is still a measurement the caller can show as written).
import type { Fact } from '../facts.ts';
import { canonicalUnit, decimalMarkOf, readNumber } from '../numbers.ts';
import { UNITS } from '../units.ts';
import { type Measurement, scanMeasurements } from './scan-measurements.ts';

/** In centimetres, as CommerceClarity's clients read them. */
export interface Dimensions {
  height: number | null;
  width: number | null;
  depth: number | null;
}

export interface ProductMeasures {
  /** In kilograms, as CommerceClarity's clients read it. */
  weight: number | null;
  dimensions: Dimensions | null;
}

/** A stated measurement and the fact it came from. */
export interface StatedMeasurement {
  measurement: Measurement;
  factId: string;
}

// Attribute names sources and catalogues give each measure under (Icecat's "Weight", "Height").
const WEIGHT_NAMES: ReadonlySet<string> = new Set(['weight', 'product_weight', 'item_weight', 'gross_weight', 'peso', 'gewicht', 'poids']);
const SIDE_NAMES: Readonly<Record<keyof Dimensions, ReadonlySet<string>>> = {
  height: new Set(['height', 'product_height', 'altezza', 'hohe', 'hauteur', 'altura']),
  width: new Set(['width', 'product_width', 'larghezza', 'breite', 'largeur', 'anchura', 'ancho']),
  depth: new Set(['depth', 'product_depth', 'profondita', 'tiefe', 'profondeur', 'profundidad']),
};

// Attribute names (as `attributeName` writes them) that name a measurement in another language:
// the scan finds a measurement by the words beside it, so the value is read under the English name.
const MEASUREMENT_ALIASES: Readonly<Record<string, string>> = {
  capacita: 'capacity',
  capacite: 'capacity',
  capacidad: 'capacity',
  capacidade: 'capacity',
  fassungsvermogen: 'capacity',
  pojemnosc: 'capacity',
  ...Object.fromEntries([...WEIGHT_NAMES].map((name) => [name, 'weight'])),
};

// The whole value is one amount and its unit: "1,2 kg", "30cm". Anything else is not read.
const AMOUNT = /^\s*(\d[\d.,\u00a0\u202f ]*?)\s?([\p{L}"″µ]+(?:\s?[\p{L}]+)?)\.?\s*$/u;

/** The amount a fact's whole value states, in its dimension's base unit (g, mm), or null. */
export function baseAmount(value: string, language: string | null, dimension: 'mass' | 'length'): number | null {
  const match = AMOUNT.exec(value);
  if (match?.[1] === undefined || match[2] === undefined) return null;
  const unit = canonicalUnit(match[2]);
  const info = unit === undefined ? undefined : UNITS[unit];
  if (unit === undefined || info === undefined || info.dimension !== dimension) return null;
  const read = readNumber(match[1].trim(), decimalMarkOf(language), unit);
  if (read === null) return null;
  return roundOff(Number(read) * info.factor);
}

/** 1.2 × 1000 is 1199.9999999999998 in floating point; the source said 1200. */
function roundOff(n: number): number {
  return Number(n.toPrecision(12));
}

/** Measurements stated by the facts' attributes and texts, the first statement of each kind only. */
export function statedMeasurements(facts: readonly Fact[]): StatedMeasurement[] {
  const seen = new Set<string>();
  const out: StatedMeasurement[] = [];
  for (const fact of facts) {
    if (fact.key !== 'attribute' && fact.key !== 'description' && fact.key !== 'name') continue;
    const text =
      fact.key === 'attribute' && fact.attribute !== undefined ? `${(MEASUREMENT_ALIASES[fact.attribute] ?? fact.attribute).replaceAll('_', ' ')}: ${fact.value}` : fact.value;
    for (const measurement of scanMeasurements(text, fact.language)) {
      if (seen.has(measurement.name)) continue;
      seen.add(measurement.name);
      out.push({ measurement, factId: fact.id });
    }
  }
  return out;
}

/** The weight (kg) and sides (cm) the facts state; null where none does. */
export function productMeasures(facts: readonly Fact[]): ProductMeasures {
  let weight: number | null = null;
  const sides: Dimensions = { height: null, width: null, depth: null };
  for (const fact of facts) {
    if (fact.key !== 'attribute' || fact.attribute === undefined) continue;
    if (weight === null && WEIGHT_NAMES.has(fact.attribute)) weight = baseAmount(fact.value, fact.language, 'mass');
    for (const side of ['height', 'width', 'depth'] as const) {
      if (sides[side] === null && SIDE_NAMES[side].has(fact.attribute)) sides[side] = baseAmount(fact.value, fact.language, 'length');
    }
  }
  // A weight stated only in a text ("Weight: 1.2 kg" in a description).
  if (weight === null) {
    const stated = statedMeasurements(facts.filter((f) => f.key !== 'attribute')).find((s) => s.measurement.name === 'weight');
    const amount = stated?.measurement.amounts[0];
    const info = stated === undefined ? undefined : UNITS[stated.measurement.unit];
    if (stated?.measurement.amounts.length === 1 && amount !== undefined && !amount.ambiguous && info?.dimension === 'mass') weight = roundOff(Number(amount.value) * info.factor);
  }
  // Read in the base units (g, mm), given in CommerceClarity's (kg, cm).
  const dimensions =
    sides.height === null && sides.width === null && sides.depth === null
      ? null
      : { height: scaled(sides.height, 10), width: scaled(sides.width, 10), depth: scaled(sides.depth, 10) };
  return { weight: scaled(weight, 1000), dimensions };
}

function scaled(amount: number | null, per: number): number | null {
  return amount === null ? null : roundOff(amount / per);
}
