import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { attributeSupported, evidenceOf, findUngrounded, numbersIn } from '../../src/generation/grounding.ts';

const facts = [
  { value: 'Acqua minerale naturale, confezione da 6 bottiglie da 1.5L' },
  { value: 'Colore: <b>nero</b>' },
  { value: '500 GR' },
  { value: 'glutine' },
  { value: 'latte' },
];

describe('grounding check', () => {
  it('accepts numbers however they are written: 1,5 = 1.5, 500g = 500 g = 500 GR', () => {
    const record = {
      title: 'Acqua minerale naturale 6 × 1,5 l',
      description: 'Peso 500 g. Confezione da 6.',
      key_features: ['Contenuto: 500g'],
      global_attr: { unit_volume: '1,5 l', pack_count: '6', colour: 'Nero', allergens: 'glutine, latte' },
    };
    assert.deepEqual(findUngrounded(record, facts), []);
  });

  it('catches a planted invented number in any field', () => {
    const problems = findUngrounded({ title: 'Acqua minerale naturale 6 × 1,5 l', key_features: ['Scade tra 24 mesi'], meta_description: 'Da 2 l' }, facts);
    assert.deepEqual(problems.map((p) => [p.field, p.kind, p.value]).sort(), [
      ['key_features.0', 'number', '24'],
      ['meta_description', 'number', '2 l'],
    ]);
  });

  it('a multipack phrase must be stated as such: "6 × 1,5 l" is not "6 bottiglie da 1,5 l"', () => {
    assert.deepEqual(
      findUngrounded({ global_attr: { net_quantity: '6 × 1,5 l' } }, facts).map((p) => p.field),
      ['global_attr.net_quantity'],
    );
    assert.deepEqual(findUngrounded({ global_attr: { net_quantity: '6 × 1,5 l' } }, [{ value: '6x1.5L' }]), []);
  });

  it('catches a known number with an invented unit', () => {
    assert.deepEqual(
      findUngrounded({ title: 'Bottiglia da 1,5 kg' }, facts).map((p) => p.value),
      ['1,5 kg'],
    );
  });

  it('catches an invented attribute value, and one item invented in a list', () => {
    const problems = findUngrounded({ global_attr: { colour: 'rosso', allergens: 'glutine, soia', material: 'vetro' } }, facts);
    assert.deepEqual(
      problems.map((p) => p.field),
      ['global_attr.colour', 'global_attr.allergens', 'global_attr.material'],
    );
  });

  it('does not accept a value found only inside another word', () => {
    assert.equal(attributeSupported('ero', evidenceOf(facts)), false);
    assert.equal(attributeSupported('NERO', evidenceOf(facts)), true);
  });

  it('lists numbers with and without units', () => {
    const { bare, measures } = numbersIn('6 x 1,5 L, lotto 42');
    assert.deepEqual(bare, ['6', '42']);
    assert.deepEqual(
      measures.map((m) => m.key),
      ['1.5 l'],
    );
  });
});
