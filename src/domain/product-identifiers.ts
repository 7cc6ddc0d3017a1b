// A product's identifiers as a marketplace reads them: its ASIN and every EAN it is sold under.
// Only what the product's code or a source's fact states, each checked like a code is. Pure.
import { checkProductCode } from './codes.ts';
import type { Fact } from './facts.ts';

// Attribute names a source or catalogue gives another barcode under ("ean_2", "gtin_pack", "upc").
const EAN_ATTRIBUTE = /^(?:[a-z0-9]+_)*(?:ean|eans|gtin|gtins|upc|barcode|barcodes)\d*(?:_[a-z0-9]+)*$/;

export interface ProductIdentifiers {
  asin: string | null;
  /** The code when it is an EAN, then each further EAN/GTIN a fact states: check digit valid, no repeats. */
  eans: string[];
}

export function productIdentifiers(code: string | null, codeType: 'ean' | 'asin' | 'minsan' | null, facts: readonly Fact[]): ProductIdentifiers {
  const eans: string[] = [];
  if (code !== null && codeType === 'ean') eans.push(code);
  let asin = code !== null && codeType === 'asin' ? code : null;
  for (const fact of facts) {
    if (fact.key !== 'attribute' || fact.attribute === undefined) continue;
    if (fact.attribute === 'asin' && asin === null) {
      const checked = checkProductCode(fact.value);
      if (checked.ok && checked.type === 'asin') asin = checked.code;
    } else if (EAN_ATTRIBUTE.test(fact.attribute)) {
      // A cell may list several ("8001234567890, 8001234567906").
      for (const part of fact.value.split(/[,;|\s]+/)) {
        const checked = checkProductCode(part);
        if (checked.ok && checked.type === 'ean' && !eans.includes(checked.code)) eans.push(checked.code);
      }
    }
  }
  return { asin, eans };
}
