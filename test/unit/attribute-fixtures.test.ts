import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkWrittenValue } from '../../src/domain/attributes/fill-from-facts.ts';
import { attributesInScope, isSelect, missingAttributes, MULTI_VALUE_SEPARATOR } from '../../src/domain/attributes/schema.ts';
import { emptyContent } from '../../src/domain/content.ts';
import { shapeRecords } from '../../src/pipeline/fill-attributes.ts';
import { readProductFixtures } from '../fakes/product-fixtures.ts';
import { FAMILY_OF_CATEGORY, FIXTURE_SCHEMA, fixtureFacts } from '../fixtures/attribute-schema.ts';

// Every product fixture (Open Food Facts, Icecat, AIFA and catalogue shapes) filled with a schema of
// 20 attributes in three families: the invariants a shop relies on, whatever the product.
const fixtures = readProductFixtures();

describe('the fixture schema over every product fixture', () => {
  test('there are at least 50 fixtures and 20 attributes in 3 families', () => {
    assert.ok(fixtures.length >= 50, String(fixtures.length));
    assert.equal(FIXTURE_SCHEMA.attributes.length, 20);
    assert.equal(FIXTURE_SCHEMA.families.length, 3);
  });

  for (const fixture of fixtures) {
    test(fixture.slug, () => {
      const facts = fixtureFacts(fixture);
      const family = FAMILY_OF_CATEGORY[fixture.category];
      const [record] = shapeRecords(FIXTURE_SCHEMA, family, [emptyContent('it', 'it')], facts, null, []);
      assert.ok(record);
      const inScope = attributesInScope(FIXTURE_SCHEMA, family);
      const byId = new Map(facts.map((f) => [f.id, f]));
      for (const [key, value] of Object.entries(record.global_attr)) {
        const attribute = inScope.find((a) => a.attribute_id === key);
        assert.ok(attribute, `${key} is in the product's scope`);
        if (isSelect(attribute.type)) {
          for (const part of value.split(MULTI_VALUE_SEPARATOR))
            assert.ok(
              attribute.options.some((o) => o.value === part),
              `${key}: "${part}" is an option`,
            );
        }
        if (attribute.type === 'number') assert.match(value, /^-?\d+(\.\d+)?$/, `${key} is a plain number in ${attribute.unit ?? 'no unit'}`);
        if (attribute.type === 'boolean') assert.ok(value === 'true' || value === 'false');
        const cited = (record.sources[`global_attr.${key}`] ?? []).map((id) => byId.get(id));
        assert.ok(cited.length > 0 && cited.every((f) => f !== undefined), `${key} cites facts of the product`);
        assert.ok(
          checkWrittenValue(
            attribute,
            value,
            cited.flatMap((f) => (f === undefined ? [] : [f])),
          ),
          `${key}: a cited fact states "${value}"`,
        );
      }
      const missing = missingAttributes(FIXTURE_SCHEMA, family, record.global_attr);
      assert.deepEqual([...missing, ...Object.keys(record.global_attr)].sort(), inScope.map((a) => a.attribute_id).sort(), 'every attribute in scope is filled or listed missing');
    });
  }
});
