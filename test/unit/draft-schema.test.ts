import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { countryDraftSchema, countryDraftSchemaFor, recordsSchemaFor } from '../../src/generation/ai/draft-schema.ts';
import { attributeDef as attribute } from '../helpers/attribute-def.ts';

const sourced = { text: 'x', fact_ids: [] };

function draftNaming(name: string) {
  return {
    country: 'it',
    title: sourced,
    short_description: sourced,
    description: sourced,
    key_features: [],
    attributes: [{ name, value: '500', fact_ids: [] }],
    title_tag: sourced,
    meta_description: sourced,
    meta_keywords: sourced,
    google_category_id: null,
  };
}

describe('the structured-output schema of a draft', () => {
  test("holds the model to the account's attribute_ids, each list to its own, however often they are asked for in turn", () => {
    const pasta = [attribute('weight'), attribute('cooking_time')];
    const shoes = [attribute('size')];
    for (let round = 0; round < 3; round++) {
      assert.equal(countryDraftSchemaFor(pasta).safeParse(draftNaming('weight')).success, true);
      assert.equal(countryDraftSchemaFor(pasta).safeParse(draftNaming('size')).success, false);
      assert.equal(countryDraftSchemaFor(shoes).safeParse(draftNaming('size')).success, true);
      assert.equal(countryDraftSchemaFor(shoes).safeParse(draftNaming('weight')).success, false);
      assert.equal(recordsSchemaFor(pasta).safeParse({ records: [draftNaming('cooking_time')] }).success, true);
      assert.equal(recordsSchemaFor(shoes).safeParse({ records: [draftNaming('cooking_time')] }).success, false);
    }
  });

  test('is one object per list of attribute_ids, so its JSON Schema is made once', () => {
    assert.equal(countryDraftSchemaFor([attribute('weight')]), countryDraftSchemaFor([attribute('weight')]));
    assert.equal(recordsSchemaFor([attribute('weight')]), recordsSchemaFor([attribute('weight')]));
    assert.notEqual(countryDraftSchemaFor([attribute('weight')]), countryDraftSchemaFor([attribute('weight'), attribute('size')]));
    // Without attributes, any name in snake_case is allowed.
    assert.equal(countryDraftSchemaFor(undefined), countryDraftSchema);
    assert.equal(countryDraftSchemaFor([]).safeParse(draftNaming('anything_at_all')).success, true);
  });
});
