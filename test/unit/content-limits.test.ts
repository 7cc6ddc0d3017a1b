import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CONTENT_LIMITS } from '../../src/domain/content-limits.ts';
import { instructionsFor } from '../../src/generation/ai/prompts.ts';
import { serviceDocument } from '../../src/http/openapi/service-document.ts';

// One table of content limits: what the API documents for an edit and what the model is told to
// write within are the numbers the update route and the length check enforce (their own tests).

type Schema = { maxLength?: number; maxItems?: number; items?: Schema; anyOf?: Schema[]; additionalProperties?: Schema; properties?: Record<string, Schema> };

function updateBody(): Record<string, Schema> {
  const built: unknown = serviceDocument();
  const document = built as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>> };
  const properties = document.paths['/api/v1/products/update']?.post?.requestBody.content['application/json']?.schema.properties;
  assert.ok(properties, 'the update operation documents its body');
  return properties;
}

const stringOf = (schema: Schema | undefined): Schema | undefined => schema?.anyOf?.find((s) => s.maxLength !== undefined) ?? schema;

describe('content limits', () => {
  test("the update operation's documented limits are the table's", () => {
    const body = updateBody();
    for (const field of ['title', 'short_description', 'description', 'title_tag', 'meta_description', 'meta_keywords', 'product_handle', 'brand'] as const) {
      assert.equal(stringOf(body[field])?.maxLength, CONTENT_LIMITS[field].maxChars, field);
    }
    assert.equal(body.name?.maxLength, CONTENT_LIMITS.title.maxChars, 'name, the alias of title');
    assert.equal(body.key_features?.maxItems, CONTENT_LIMITS.key_features.maxItems);
    assert.equal(body.key_features?.items?.maxLength, CONTENT_LIMITS.key_features.maxCharsEach);
    assert.equal(stringOf(body.global_attr?.additionalProperties)?.maxLength, CONTENT_LIMITS.attribute_value.maxChars);
  });

  test('the model is told the limits a generated record is checked against', () => {
    const rules = instructionsFor('draft');
    assert.doesNotMatch(rules, /\{\{/, 'every limit the prompt names is filled in');
    for (const said of [
      `most ${CONTENT_LIMITS.title.maxChars} characters`,
      `(at most ${CONTENT_LIMITS.short_description.maxChars})`,
      `${CONTENT_LIMITS.key_features.minItemsWanted} to ${CONTENT_LIMITS.key_features.maxItems} short points`,
      `each at most ${CONTENT_LIMITS.key_features.maxCharsEach} characters`,
      `\`title_tag\` at most ${CONTENT_LIMITS.title_tag.maxChars}`,
      `\`meta_description\` at most ${CONTENT_LIMITS.meta_description.maxChars}`,
      `\`meta_keywords\` at most ${CONTENT_LIMITS.meta_keywords.maxItems} comma-separated`,
    ]) {
      assert.ok(rules.replace(/\s+/g, ' ').includes(said), `the rules say "${said}"`);
    }
  });
});
