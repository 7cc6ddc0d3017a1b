// The fields a marketplace-style client reads beside the record (identifiers, measures, a
// specification table), each from the product's code and facts only: what no fact states is null
// or empty. The numbers are language-free; the specification table is in the record's language.
import { productMeasures, statedMeasurements, type Dimensions } from '../domain/measurements/product-measures.ts';
import { productIdentifiers } from '../domain/product-identifiers.ts';
import type { Fact } from '../domain/facts.ts';
import { formatMeasurement, MEASUREMENT_ORDER, measurementLabel } from '../generation/template/measurement-labels.ts';
import { packFor } from '../generation/template/pack-for-language.ts';

export interface MarketplaceFields {
  asin: string | null;
  eans: string[];
  dimensions: Dimensions | null;
  weight: number | null;
}

export function marketplaceFields(product: { code: string | null; code_type: 'ean' | 'asin' | 'minsan' | null; facts: readonly Fact[] }): MarketplaceFields {
  return { ...productIdentifiers(product.code, product.code_type, product.facts), ...productMeasures(product.facts) };
}

/** Label → value in `language`: the net contents a fact states, then each stated measurement in a shopper's order. */
export function specifications(facts: readonly Fact[], language: string): Record<string, string> {
  const { pack } = packFor(language);
  const out: Record<string, string> = {};
  // "30 compresse" is words: a quantity in another language is no value of this table.
  const quantity = facts.find((f) => f.key === 'quantity' && (f.language === null || f.language === pack.language || f.language === language));
  if (quantity !== undefined) out[pack.labels.contents] = quantity.value.trim();
  const stated = statedMeasurements(facts);
  for (const name of MEASUREMENT_ORDER) {
    const found = stated.find((s) => s.measurement.name === name);
    if (found !== undefined) out[measurementLabel(name, pack.language)] = formatMeasurement(found.measurement, pack.locale);
  }
  return out;
}
