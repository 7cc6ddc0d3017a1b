import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { conformValue } from '../../src/domain/attributes/conform-value.ts';
import { checkWrittenValue, fillFromFacts } from '../../src/domain/attributes/fill-from-facts.ts';
import { parseNumber } from '../../src/domain/attributes/number-value.ts';
import { proposeFamily } from '../../src/domain/attributes/propose-family.ts';
import type { Fact, FactKey } from '../../src/domain/facts.ts';
import { attributeDef as attribute } from '../helpers/attribute-def.ts';

function fact(id: string, key: FactKey, value: string, name?: string, language: string | null = null): Fact {
  return { id, key, value, language, source: 'catalogue', licence: null, fetchedAt: '2026-11-01T00:00:00Z', ...(name === undefined ? {} : { attribute: name }) };
}

const colour = attribute('colour', 'single-select', {
  options: ['Yellow', 'Black', 'Grey'].map((value) => ({ value, value_id: value.toLowerCase() })),
});
const weight = attribute('net_weight', 'number', { unit: 'g', name: 'Net weight' });
const vegan = attribute('vegan', 'boolean');

describe('select values match across the eight languages', () => {
  for (const word of ['giallo', 'Gelb', 'yellow', 'jaune', 'amarillo', 'żółty', 'geel', 'amarelo', 'YELLOW']) {
    it(`"${word}" is the option Yellow`, () => assert.deepEqual(conformValue(colour, word, true), { ok: true, value: 'Yellow' }));
  }
  it('a multi-select option holding "/" or "," is one option, and can be set', () => {
    const finish = attribute('finish', 'multi-select', { options: ['Black/White', 'Rot, Grün', 'Matt'].map((value, i) => ({ value, value_id: `f${i}` })) });
    assert.deepEqual(conformValue(finish, 'Black/White', true), { ok: true, value: 'Black/White' });
    assert.deepEqual(conformValue(finish, 'matt | black/white', true), { ok: true, value: 'Black/White | Matt' });
    assert.deepEqual(conformValue(finish, 'Rot, Grün', true), { ok: true, value: 'Rot, Grün' });
    assert.equal(conformValue(finish, 'Black | Glossy', true).ok, false);
  });
  it('a colour outside the options is refused, with the options named', () => {
    const result = conformValue(colour, 'viola', true);
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.message, /Yellow, Black, Grey/);
  });
});

describe('numbers are normalised to the unit', () => {
  it('"1,2 kg" is 1200 g', () => assert.deepEqual(conformValue(weight, '1,2 kg', false), { ok: true, value: '1200' }));
  it('"500 gr" is 500 g, "0.5 kilo" 500', () => {
    assert.deepEqual(conformValue(weight, '500 gr', false), { ok: true, value: '500' });
    assert.deepEqual(conformValue(weight, '0.5 kilo', false), { ok: true, value: '500' });
  });
  it('spellings the template engine reads are read here too: "2 lbs", "1,5 litrów"', () => {
    assert.deepEqual(conformValue(weight, '2 lbs', false), { ok: true, value: '907.18474' });
    assert.deepEqual(conformValue(attribute('volume', 'number', { unit: 'ml' }), '1,5 litrów', false), { ok: true, value: '1500' });
  });
  it('a volume is not a weight', () => assert.equal(conformValue(weight, '1 l', false).ok, false));
  it('a bare number is the unit only when a person types it', () => {
    assert.deepEqual(conformValue(weight, '250', true), { ok: true, value: '250' });
    assert.equal(conformValue(weight, '250', false).ok, false);
  });
  it('"1.200 g" and "10,000 mAh" are read in the fact\'s language, and are no value when it is unknown', () => {
    const capacity = attribute('capacity', 'number', { unit: 'mAh' });
    assert.deepEqual(fillFromFacts([weight], [fact('q', 'attribute', '1.200 g', 'net_weight', 'it')]).values, { net_weight: '1200' });
    assert.deepEqual(fillFromFacts([weight], [fact('q', 'attribute', '1,250 kg', 'net_weight', 'de')]).values, { net_weight: '1250' });
    assert.deepEqual(fillFromFacts([capacity], [fact('c', 'attribute', '10,000 mAh', 'capacity', 'en')]).values, { capacity: '10000' });
    assert.deepEqual(fillFromFacts([capacity], [fact('c', 'attribute', '10.000 mAh', 'capacity', 'it')]).values, { capacity: '10000' });
    const unknown = fillFromFacts([weight, capacity], [fact('q', 'attribute', '1.200 g', 'net_weight'), fact('c', 'attribute', '10,000 mAh', 'capacity')]);
    assert.deepEqual(unknown.values, {});
    assert.deepEqual(unknown.missing, ['net_weight', 'capacity']);
    const typed = conformValue(weight, '1.200', true);
    assert.equal(typed.ok, false);
    assert.match(typed.ok ? '' : typed.message, /1200 or 1\.2/);
    assert.deepEqual(conformValue(weight, '0,250 kg', false), { ok: true, value: '250' });
  });
  it('reads European and English separators', () => {
    assert.equal(parseNumber('1.234,5'), 1234.5);
    assert.equal(parseNumber('1,234.5'), 1234.5);
    assert.equal(parseNumber('1,2'), 1.2);
  });
});

describe('filling from facts', () => {
  const inScope = [colour, weight, vegan];
  it('each value cites the fact that states it; silence stays empty and is listed', () => {
    const fill = fillFromFacts(inScope, [fact('c:attribute.colore', 'attribute', 'giallo', 'colore'), fact('c:quantity', 'quantity', '1,2 kg')]);
    assert.deepEqual(fill.values, { colour: 'Yellow', net_weight: '1200' });
    assert.deepEqual(fill.sources, { 'global_attr.colour': ['c:attribute.colore'], 'global_attr.net_weight': ['c:quantity'] });
    assert.deepEqual(fill.missing, ['vegan']);
  });
  it('a stated boolean fills, a negation is false, silence is empty', () => {
    assert.equal(fillFromFacts([vegan], [fact('d', 'description', 'Pasta vegana di semola.')]).values.vegan, 'true');
    assert.equal(fillFromFacts([vegan], [fact('d', 'description', 'This spread is not vegan.')]).values.vegan, 'false');
    assert.deepEqual(fillFromFacts([vegan], [fact('d', 'description', 'A hazelnut spread.')]).missing, ['vegan']);
    assert.equal(fillFromFacts([vegan], [fact('v', 'attribute', 'nein', 'vegan')]).values.vegan, 'false');
  });
  it('a negation reaches only its own clause: "senza glutine, vegano" is vegan', () => {
    const glutenFree = attribute('gluten_free', 'boolean');
    const fill = fillFromFacts([vegan, glutenFree], [fact('d', 'description', 'Senza glutine, vegano.')]);
    assert.deepEqual(fill.values, { vegan: 'true', gluten_free: 'true' });
    assert.equal(fillFromFacts([vegan], [fact('d', 'description', 'No gluten, vegan')]).values.vegan, 'true');
    assert.deepEqual(checkWrittenValue(vegan, 'true', [fact('d', 'description', 'Ohne Gluten, vegan')]), { value: 'true', factIds: ['d'] });
  });
  it('a yes or no right after the name answers it: "Vegan: no" is false', () => {
    assert.equal(fillFromFacts([vegan], [fact('d', 'description', 'Vegan: no')]).values.vegan, 'false');
    assert.equal(fillFromFacts([attribute('gluten_free', 'boolean')], [fact('d', 'description', 'Glutenfrei: nein')]).values.gluten_free, 'false');
    assert.equal(fillFromFacts([vegan], [fact('d', 'description', 'Vegano: sì')]).values.vegan, 'true');
    assert.equal(checkWrittenValue(vegan, 'true', [fact('d', 'description', 'Vegan? No.')]), undefined);
  });
  it('an engine value passes only when a cited fact states it', () => {
    const facts = [fact('a', 'attribute', 'Gelb', 'farbe'), fact('d', 'description', 'Nice lamp.')];
    assert.deepEqual(checkWrittenValue(colour, 'yellow', facts), { value: 'Yellow', factIds: ['a'] });
    assert.equal(checkWrittenValue(colour, 'Black', facts), undefined);
    assert.equal(checkWrittenValue(colour, 'Yellow', [facts[1] as Fact]), undefined);
  });
});

describe('family proposal', () => {
  it('a category naming the family in another language proposes it', () => {
    const schema = {
      attributes: [],
      families: [
        { id: 'f1', family_id: 'electronics', name: 'Electronics', description: null, attribute_ids: [] },
        { id: 'f2', family_id: 'cosmetics', name: 'Cosmetics', description: null, attribute_ids: [] },
      ],
    };
    assert.equal(proposeFamily(schema, [fact('cat', 'category', 'Beauté > Soins du visage')])?.familyId, 'f2');
    assert.equal(proposeFamily(schema, [fact('cat', 'category', 'Garden')]), undefined);
  });
});
