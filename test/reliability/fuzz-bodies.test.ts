import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Property-based fuzzing of the two bodies a caller writes freely: whatever JSON arrives (lone
// surrogates, numbers past a double, deep nesting, prototype keys, wrong types in every field),
// the answer is never a 5xx. Bodies are built as JSON text, so keys such as "__proto__" arrive
// as the own keys a hostile client would send.

const RUNS = 2000;
const CREATE = '/api/v1/products/create';
const regen = (encodedReference: string) => `/api/v1/products/regenerate/${encodedReference}`;

/** Characters that break naive text handling, mixed with any UTF-16 code unit. */
const unit = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('\ud800', '\udfff', '\u0000', '\u202e', '\ufeff', 'é', '😀', '<', '&', '"', '\\', ' ', '\n') },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 12, arbitrary: fc.constantFrom('a', 'B', '1', '-', '_', '.', '/', ':', ' ') },
);
const text = fc.oneof(
  fc.string({ unit, maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', 'it', 'de', 'IT', 'xx', 'v1', 'v2', '8001234567890', '4005900136381', 'https://example.invalid/a.jpg', 'title', 'key_features', 'global_attr.x'),
  fc.string({ unit, minLength: 200, maxLength: 6000 }),
);
const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'), text);
/** Numbers as written, including ones JSON.parse turns into Infinity, 0 or an imprecise double. */
const number = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '1e-400', '-0', '123456789012345678901234567890', '9007199254740993', '0.1', '1', '2'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
);

const { json } = fc.letrec<{ json: string; array: string; object: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', maxDepth: 6 },
    text.map((s) => JSON.stringify(s)),
    number,
    fc.constantFrom('true', 'false', 'null'),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('json'), { maxLength: 6 }).map((items) => `[${items.join(',')}]`),
  object: fc.array(fc.tuple(key, tie('json')), { maxLength: 6 }).map(objectText),
}));

function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** A value for a known field: often plausible, so validation lets it through to the service. */
const plausible = (values: fc.Arbitrary<string>) => fc.oneof({ weight: 5, arbitrary: values }, { weight: 1, arbitrary: json });
const stringArray = fc.array(text, { maxLength: 8 }).map((a) => JSON.stringify(a));

/**
 * Either an object of known keys with plausible or arbitrary values plus arbitrary extra keys, a
 * valid body with some fields replaced by fuzz (so the calls reach the services and the
 * database), or any JSON at all.
 */
function body(valid: Record<string, string>, fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const entries = (chosen: [string, fc.Arbitrary<string>][]) => fc.tuple(...chosen.map(([k, arb]) => arb.map((v) => [k, v] as const)));
  const known = fc.subarray(Object.entries(fields)).chain(entries);
  const extra = fc.array(fc.tuple(key, json), { maxLength: 3 });
  const mutated = fc
    .subarray(Object.entries(fields), { minLength: 1, maxLength: 2 })
    .chain(entries)
    .map((changed) => objectText([...Object.entries(valid).filter(([k]) => !changed.some(([c]) => c === k)), ...changed]));
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(known, fc.oneof({ weight: 6, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: extra })).map(([k, e]) => objectText([...k, ...e])) },
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: json },
  );
}

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
