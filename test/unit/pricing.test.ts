import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AGENT_MODELS, DEFAULT_AGENT_MODEL, createCost, modelCredits, regenerateCost } from '../../src/domain/pricing.ts';
import type { AgentModel } from '../../src/domain/pricing.ts';

describe('createCost', () => {
  // [model, countries, image standardisation, credits per product]
  const table: ReadonlyArray<readonly [AgentModel, number, boolean, number]> = [
    ['v2', 1, false, 5],
    ['v2', 2, false, 6],
    ['v2', 3, false, 7],
    ['v2', 1, true, 6],
    ['v2', 2, true, 7],
    ['v2', 5, true, 10],
    ['v2', 50, false, 54],
    ['v1', 1, false, 1],
    ['v1', 2, false, 2],
    ['v1', 1, true, 2],
    ['v1', 3, true, 4],
    ['v1', 4, false, 4],
    ['v1', 50, true, 51],
  ];
  for (const [model, countries, images, credits] of table) {
    it(`${model}, ${countries} countr${countries === 1 ? 'y' : 'ies'}, image standardisation ${images ? 'on' : 'off'} → ${credits}`, () => {
      assert.equal(createCost(model, countries, images), credits);
    });
  }

  it('image standardisation adds exactly 1 per product, whatever the country count', () => {
    for (const model of AGENT_MODELS) {
      for (let n = 1; n <= 10; n++) assert.equal(createCost(model, n, true) - createCost(model, n, false), 1);
    }
  });

  it('each country beyond the first adds exactly 1', () => {
    for (const model of AGENT_MODELS) {
      for (let n = 1; n < 10; n++) assert.equal(createCost(model, n + 1, false) - createCost(model, n, false), 1);
    }
  });

  it('a product needs at least one country: 0, negative, fractional and NaN counts throw', () => {
    for (const n of [0, -1, 0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => createCost('v2', n, false), RangeError, String(n));
    }
  });
});

describe('regenerateCost', () => {
  it('is flat: v2 5, v1 1', () => {
    assert.equal(regenerateCost('v2'), 5);
    assert.equal(regenerateCost('v1'), 1);
  });
});

describe('agent models', () => {
  it('v1 and v2, default v2', () => {
    assert.deepEqual([...AGENT_MODELS].sort(), ['v1', 'v2']);
    assert.equal(DEFAULT_AGENT_MODEL, 'v2');
    assert.equal(createCost(DEFAULT_AGENT_MODEL, 1, false), 5);
  });
});

describe('TEMPLATE_V2_CREDITS', () => {
  it('lowers v2 only while the template engine writes it', () => {
    const lowered = modelCredits({ v2ByTemplate: true, templateV2Credits: 2 });
    assert.deepEqual(lowered, { v1: 1, v2: 2 });
    assert.equal(createCost('v2', 3, true, lowered), 2 + 2 + 1);
    assert.equal(regenerateCost('v2', lowered), 2);
    assert.deepEqual(modelCredits({ v2ByTemplate: false, templateV2Credits: 2 }), { v1: 1, v2: 5 }, 'a model-written v2 costs its published price');
  });
});
