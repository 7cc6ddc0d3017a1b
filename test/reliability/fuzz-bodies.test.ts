import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { body, key, objectText, plausible, stringArray, text } from '../helpers/fuzz-json.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Property-based fuzzing of the two bodies a caller writes freely: whatever JSON arrives, the
// answer is never a 5xx (test/helpers/fuzz-json.ts says what the fuzz holds). Every other body
// route is fuzzed in fuzz-routes.test.ts.

const RUNS = 2000;
const CREATE = '/api/v1/products/create';
const regen = (encodedReference: string) => `/api/v1/products/regenerate/${encodedReference}`;

const createBody = body(
  { codes: '"8001234567890"', title: '"Tazza in ceramica"', description: '"Ceramica smaltata."', countries: '["it"]' },
  {
    codes: plausible(fc.constantFrom('"8001234567890"', '"4005900136381, 8001234567890"', '"A123"')),
    sku: plausible(text.map((s) => JSON.stringify(s))),
    product_handle: plausible(text.map((s) => JSON.stringify(s))),
    title: plausible(text.map((s) => JSON.stringify(s))),
    brand: plausible(text.map((s) => JSON.stringify(s))),
    description: plausible(text.map((s) => JSON.stringify(s))),
    notes: plausible(text.map((s) => JSON.stringify(s))),
    images: plausible(stringArray),
    countries: plausible(fc.oneof(fc.constantFrom('["it"]', '["de","at"]', '["IT","it"]'), stringArray)),
    agent_model: plausible(fc.constantFrom('"v1"', '"v2"')),
  },
);

const fieldName = fc.oneof(
  fc.constantFrom('title', 'short_description', 'description', 'key_features', 'title_tag', 'meta_description', 'meta_keywords', 'global_attr.colour', 'global_attr.'),
  key,
);
const regenerateBody = body(
  { fields: '{"title":""}' },
  {
    notes: plausible(text.map((s) => JSON.stringify(s))),
    fields: plausible(fc.array(fc.tuple(fieldName, plausible(text.map((s) => JSON.stringify(s)))), { maxLength: 5 }).map(objectText)),
    agent_model: plausible(fc.constantFrom('"v1"', '"v2"')),
  },
);

for (const target of databaseTargets()) {
  describe(`fuzzed request bodies [${target.name}]`, () => {
    let h: Harness;
    let token: string;
    let productId: string;

    before(async () => {
      h = await startHarness(target, { env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
      ({ token } = await h.account(1_000_000));
      const res = await h.post(CREATE, token, { sku: 'FUZZ-1', title: 'Tazza in ceramica', description: 'Ceramica smaltata.', countries: ['it'] });
      assert.equal(res.statusCode, 202, res.body);
      productId = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([productId]));
    });
    after(async () => {
      await h?.close();
    });

    async function send(url: string, payload: string): Promise<{ status: number; body: string }> {
      const res = await h.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload });
      return { status: res.statusCode, body: res.body };
    }

    const noServerError = (res: { status: number; body: string }) => {
      assert.ok(res.status < 500, `${res.status} ${res.body}`);
      const parsed = JSON.parse(res.body) as { status?: unknown };
      assert.ok(parsed.status === 'error' || res.status === 202, res.body);
    };

    test(`create: no 5xx over ${RUNS} arbitrary bodies`, { timeout: 600_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(createBody, async (payload) => noServerError(await send(CREATE, payload))),
        { numRuns: RUNS },
      );
    });

    test(`regenerate: no 5xx over ${RUNS} arbitrary bodies and product references`, { timeout: 600_000 }, async () => {
      // As a client puts it in the path: percent-encoded, sometimes not valid UTF-8 once decoded.
      const reference = fc.oneof(
        { weight: 6, arbitrary: fc.constant(productId) },
        { weight: 1, arbitrary: fc.constantFrom('FUZZ-1', '8001234567890', '%ED%A0%80', '%FF', '%00', '..%2F..%2Fetc') },
        { weight: 1, arbitrary: text.map((s) => encodeURIComponent(s.toWellFormed())) },
      );
      await fc.assert(
        fc.asyncProperty(reference, regenerateBody, async (ref, payload) => noServerError(await send(regen(ref), payload))),
        { numRuns: RUNS },
      );
    });
  });
}
