import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Fact } from '../../src/domain/facts.ts';
import { productMeasures } from '../../src/domain/measurements/product-measures.ts';
import { productIdentifiers } from '../../src/domain/product-identifiers.ts';

const attribute = (name: string, value: string, language: string | null = 'it'): Fact => ({
  id: `catalogue:attribute.${name}`,
  key: 'attribute',
  attribute: name,
  value,
  language,
  source: 'catalogue',
  licence: null,
  fetchedAt: '2026-01-01T00:00:00Z',
});
const description = (value: string, language: string): Fact => ({ ...attribute('x', value, language), id: 'icecat:description', key: 'description', attribute: undefined });

describe('product measures', () => {
  it("reads a weight in kilograms and each named side in centimetres, as the fact's language writes numbers", () => {
    const facts = [attribute('weight', '1,2 kg'), attribute('altezza', '27 cm'), attribute('width', '7.5 cm', 'en')];
    assert.deepEqual(productMeasures(facts), { weight: 1.2, dimensions: { height: 27, width: 7.5, depth: null } });
  });

  it('takes a weight a description states when no attribute does', () => {
    assert.equal(productMeasures([description('Leggera e robusta. Peso: 1,5 kg.', 'it')]).weight, 1.5);
  });

  it('fills no side from a size that does not say which side is which, and nothing from nothing', () => {
    assert.deepEqual(productMeasures([attribute('dimensions', '30 x 20 x 10 cm')]), { weight: null, dimensions: null });
    assert.deepEqual(productMeasures([attribute('weight', 'leggero'), attribute('height', 'alta')]), { weight: null, dimensions: null });
  });
});

describe('product identifiers', () => {
  it('lists the EAN code, then each valid EAN a fact states, once', () => {
    const facts = [attribute('ean_2', '4006381333931, 8001234567897'), attribute('gtin', '4006381333931'), attribute('barcode', '4006381333932')];
    assert.deepEqual(productIdentifiers('8001234567897', 'ean', facts), { asin: null, eans: ['8001234567897', '4006381333931'] });
  });

  it('reads EANs only under barcode names', () => {
    const facts = [attribute('gtin14', '4006381333931'), attribute('upcycled_share', '8007700000004'), attribute('barcode_pack', '8001234567897')];
    assert.deepEqual(productIdentifiers(null, null, facts).eans, ['4006381333931', '8001234567897']);
  });

  it('gives the ASIN of the code, or of a fact when the code is none', () => {
    assert.deepEqual(productIdentifiers('B00EXAMPLE', 'asin', []), { asin: 'B00EXAMPLE', eans: [] });
    assert.equal(productIdentifiers('8001234567897', 'ean', [attribute('asin', 'B07XJ8C8F5')]).asin, 'B07XJ8C8F5');
    assert.equal(productIdentifiers(null, null, [attribute('asin', 'not one')]).asin, null);
  });
});
