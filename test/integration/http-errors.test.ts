import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { defined } from '../helpers/assert.ts';

// Every bad input gets the documented error shape and status (README, "API"), and none produces a 5xx.

/** The error codes and statuses the README lists, written out here so the test does not trust the service's own copy. */
const DOCUMENTED_STATUS: Readonly<Record<string, number>> = {
  validation_failed: 422,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthorized: 401,
  insufficient_credits: 402,
  product_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
  version_not_found: 404,
  product_busy: 409,
};

const CREATE = '/api/v1/products/create';
const VALID_EAN = '4006209700068';

type Json = Record<string, unknown>;

function bodyOf(res: LightMyRequestResponse): Json {
  const parsed: unknown = res.json();
  assert.ok(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed), `body is not an object: ${res.body}`);
  return parsed as Json;
}

function assertRequestId(res: LightMyRequestResponse): void {
  const id = res.headers['x-request-id'];
  assert.ok(typeof id === 'string' && id.length > 0, `missing x-request-id header on ${res.statusCode}`);
}

/** The contract's error shape, whatever the code: `status: error`, a known `code` with its HTTP status, a request id. */
function assertErrorShape(res: LightMyRequestResponse): Json {
  const body = bodyOf(res);
  assert.equal(body.status, 'error', res.body);
  assert.equal(typeof body.code, 'string', res.body);
  const code = body.code as string;
  assert.ok(code in DOCUMENTED_STATUS, `code ${code} is not documented`);
  assert.equal(res.statusCode, DOCUMENTED_STATUS[code], `HTTP ${res.statusCode} for ${code}: ${res.body}`);
  if (code === 'validation_failed') {
    const errors = body.errors;
    assert.ok(typeof errors === 'object' && errors !== null && !Array.isArray(errors), `errors is not an object: ${res.body}`);
    const entries = Object.entries(errors);
    assert.ok(entries.length > 0, `validation_failed without errors: ${res.body}`);
    for (const [field, messages] of entries) {
      assert.ok(Array.isArray(messages) && messages.length > 0, `errors.${field} is not a non-empty array`);
      for (const m of messages) assert.ok(typeof m === 'string' && m.length > 0, `errors.${field} holds a non-string`);
    }
  } else {
    assert.ok(typeof body.message === 'string' && body.message.length > 0, `no message: ${res.body}`);
  }
  assertRequestId(res);
  return body;
}

function expectError(res: LightMyRequestResponse, status: number, code: string): Json {
  assert.equal(res.statusCode, status, `expected ${status} ${code}, got ${res.statusCode}: ${res.body}`);
  const body = assertErrorShape(res);
  assert.equal(body.code, code);
  return body;
}

/** 422 validation_failed with messages under `field`; returns them. */
function expectFieldError(res: LightMyRequestResponse, field: string): string[] {
  const body = expectError(res, 422, 'validation_failed');
  const errors = body.errors as Record<string, string[]>;
  const messages = errors[field];
  assert.ok(messages !== undefined, `no errors["${field}"] in ${res.body}`);
  return messages;
}

function expectAccepted(res: LightMyRequestResponse): Json {
  assert.equal(res.statusCode, 202, res.body);
  assertRequestId(res);
  return bodyOf(res);
}

/** A create body that the service accepts; tests change one thing in it. */
function validCreate(overrides: Json = {}): Json {
  return { codes: VALID_EAN, countries: ['de'], agent_model: 'v1', ...overrides };
}

function rawPost(h: Harness, url: string, token: string | null, payload: string | undefined, contentType?: string) {
  return h.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

// --- deterministic fuzzing ---------------------------------------------------------------------

/** mulberry32: small, seedable, good enough to pick shapes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INTERESTING_STRINGS = [
  '',
  ' ',
  'de',
  'UK',
  'xx',
  'v1',
  'v2',
  'v3',
  VALID_EAN,
  `${VALID_EAN}, 73513537`,
  '4006209700069',
  'B00EXAMPLE',
  '012345678',
  'A012745018',
  ',,,',
  'https://example.com/a.jpg',
  'ftp://example.com/a.jpg',
  'javascript:alert(1)',
  '/relative.png',
  'global_attr.color',
  'title',
  '\u0000',
  '\ud83d\ude00 émoji',
  '٠١٢٣٤٥٦٧',
  "'; DROP TABLE products; --",
  '%s%n{{constructor}}',
  'x'.repeat(600),
];

function randomValue(rand: () => number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  switch (Math.floor(rand() * (depth > 2 ? 5 : 8))) {
    case 0:
      return null;
    case 1:
      return rand() < 0.5;
    case 2:
      return pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 42]);
    case 3:
    case 4:
      return pick(INTERESTING_STRINGS);
    case 5:
      return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
    case 6:
      return Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(INTERESTING_STRINGS));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, () => [pick(['a', 'title', 'global_attr.x', 'fields', '']), randomValue(rand, depth + 1)]));
  }
}

/** Plausible values per known field, so that mutated bodies often stay valid and reach the database. */
const PLAUSIBLE: Readonly<Record<string, readonly unknown[]>> = {
  codes: [VALID_EAN, '73513537', `${VALID_EAN}, 73513537`, 'B00EXAMPLE', '4006209700069', ' 4006-2097-00068 '],
  sku: ['SKU-1', ''],
  product_handle: ['lamp-1'],
  title: ['A lamp', ''],
  brand: ['Acme'],
  images: [['https://example.com/a.jpg'], []],
  description: ['A small desk lamp.'],
  notes: ['warm tone', ''],
  countries: [['de'], ['DE', 'fr', 'uk'], ['it', 'it']],
  agent_model: ['v1', 'v2'],
  fields: [{ title: '' }, { 'global_attr.color': 'blue', description: 'shorter' }, { key_features: 'three bullets', meta_keywords: '' }],
};

/** A body to fuzz: known fields with plausible or random values, sometimes an extra key; sometimes not an object at all. */
interface BodyKind {
  known: readonly string[];
  /** A body the service accepts; mutated bodies start from it. */
  base: Json;
}

const CREATE_KIND: BodyKind = {
  known: ['codes', 'sku', 'product_handle', 'title', 'brand', 'images', 'description', 'notes', 'countries', 'agent_model'],
  base: { codes: VALID_EAN, countries: ['de'], agent_model: 'v1' },
};
const REGENERATE_KIND: BodyKind = { known: ['fields', 'notes', 'agent_model'], base: { fields: { title: '' }, agent_model: 'v1' } };
const EXTRA_KEYS = ['extra', 'Codes', 'country', 'fields', 'id', 'constructor', 'toString', ''];

function randomBody(rand: () => number, kind: BodyKind): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const roll = rand();
  if (roll < 0.05) return JSON.stringify(randomValue(rand, 3));
  if (roll < 0.08) return JSON.stringify(kind.base).slice(0, Math.floor(rand() * 30)); // truncated JSON
  let body: Json;
  if (roll < 0.6) {
    // A valid body with up to two fields deleted, replaced by a plausible value, or by a random one.
    body = { ...kind.base };
    for (let i = Math.floor(rand() * 3); i > 0; i--) {
      const field = pick(kind.known);
      const how = rand();
      if (how < 0.2) delete body[field];
      else if (how < 0.7) body[field] = pick(PLAUSIBLE[field] ?? [null]);
      else body[field] = randomValue(rand);
    }
  } else {
    body = {};
    for (const field of kind.known) if (rand() < 0.5) body[field] = rand() < 0.5 ? pick(PLAUSIBLE[field] ?? [null]) : randomValue(rand);
  }
  if (rand() < 0.15) body[pick(EXTRA_KEYS)] = randomValue(rand);
  return JSON.stringify(body);
}

function isCount(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0;
}

/** The create call's success shape. */
function assertCreateSuccess(body: Json): void {
  assert.ok(body.status === 'success' || body.status === 'partial', JSON.stringify(body));
  assert.equal(typeof body.message, 'string');
  const data = body.data as Json;
  assert.ok(isCount(data.total_requested) && isCount(data.successful) && isCount(data.failed), JSON.stringify(data));
  assert.ok(Array.isArray(data.imported_products) && Array.isArray(data.failures), JSON.stringify(data));
  for (const p of data.imported_products as Json[]) assert.equal(p.status, 'queued');
  for (const f of data.failures as Json[]) {
    assert.equal(typeof f.code, 'string');
    assert.equal(typeof f.reason, 'string');
    assert.equal(typeof f.message, 'string');
  }
}

/** The regenerate call's success shape. */
function assertRegenerateSuccess(body: Json): void {
  assert.equal(body.status, 'success', JSON.stringify(body));
  assert.equal(typeof body.message, 'string');
  const data = body.data as Json;
  assert.equal(typeof data.product_id, 'string');
  assert.equal(data.status, 'queued');
  assert.ok(Array.isArray(data.fields_to_regenerate) && data.fields_to_regenerate.every((f) => typeof f === 'string'));
}

function isJsonObject(payload: string): boolean {
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** Checks one fuzz response; returns what is wrong with it, or null when it matches the contract. */
function contractViolation(res: LightMyRequestResponse, success: (body: Json) => void, request: string, payload: string): string | null {
  try {
    assert.ok(res.statusCode < 500, 'a 5xx');
    if (!isJsonObject(payload)) assert.equal(bodyOf(res).code, 'invalid_json', 'a body that is not a JSON object');
    if (res.statusCode === 202) {
      assertRequestId(res);
      success(bodyOf(res));
    } else {
      assertErrorShape(res);
    }
    return null;
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return `${request.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)} (${why?.slice(0, 120)})`;
  }
}

/** Sends `count` random requests; fails listing every request whose response broke the contract. */
async function fuzz(t: TestContext, count: number, send: () => Promise<{ res: LightMyRequestResponse; request: string; payload: string }>, success: (body: Json) => void) {
  const statuses = new Map<number, number>();
  const violations: string[] = [];
  for (let i = 0; i < count; i++) {
    const { res, request, payload } = await send();
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const violation = contractViolation(res, success, request, payload);
    if (violation !== null) violations.push(violation);
  }
  t.diagnostic(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
  assert.deepEqual(violations, [], `${violations.length} of ${count} responses broke the contract`);
  // The generator must reach both sides, or the fuzz proves little.
  assert.ok((statuses.get(422) ?? 0) > 0, `no 422 among ${JSON.stringify([...statuses])}`);
  assert.ok((statuses.get(202) ?? 0) > 0, `no 202 among ${JSON.stringify([...statuses])}`);
}

// --- tests -------------------------------------------------------------------------------------

for (const target of databaseTargets()) {
  describe(`HTTP errors [${target.name}]`, () => {
    let h: Harness;
    let token: string;
    let productId: string;

    before(async () => {
      h = await startHarness(target, { workers: false, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
      ({ token } = await h.account(1_000_000));
      const created = await h.post(CREATE, token, validCreate());
      expectAccepted(created);
      const rows = await h.container.db.query<{ id: string }>('SELECT id FROM products WHERE code = $1', [VALID_EAN]);
      assert.equal(rows.length, 1);
      productId = defined(rows[0], 'product row').id;
    });
    after(async () => {
      await h.close();
    });

    const regenerateUrl = () => `/api/v1/products/regenerate/${productId}`;

    describe('body is not a JSON object', () => {
      for (const payload of ['{"countries": [', "{'codes': '1'}", 'not json', '{"a":1}}', '']) {
        test(`malformed ${JSON.stringify(payload)} → 400 invalid_json`, async () => {
          expectError(await rawPost(h, CREATE, token, payload, 'application/json'), 400, 'invalid_json');
          expectError(await rawPost(h, regenerateUrl(), token, payload, 'application/json'), 400, 'invalid_json');
        });
      }
      for (const payload of ['[]', '[{"codes":"4006209700068","countries":["de"]}]', '"text"', '42', 'null', 'true']) {
        test(`JSON ${payload} that is not an object → 400 invalid_json`, async () => {
          expectError(await rawPost(h, CREATE, token, payload, 'application/json'), 400, 'invalid_json');
          expectError(await rawPost(h, regenerateUrl(), token, payload, 'application/json'), 400, 'invalid_json');
        });
      }
    });

    describe('Content-Type', () => {
      const json = JSON.stringify(validCreate());
      for (const contentType of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'application/jsonp', 'text/json']) {
        test(`POST with Content-Type ${contentType ?? '(none)'} → 415 unsupported_media_type`, async () => {
          expectError(await rawPost(h, CREATE, token, json, contentType), 415, 'unsupported_media_type');
          const regen = JSON.stringify({ fields: { title: '' } });
          expectError(await rawPost(h, regenerateUrl(), token, regen, contentType), 415, 'unsupported_media_type');
        });
      }

      test('the same JSON body is accepted with application/json; charset=utf-8', async () => {
        expectAccepted(await rawPost(h, CREATE, token, json, 'application/json; charset=utf-8'));
      });
    });

    describe('wrong field types', () => {
      const cases: ReadonlyArray<readonly [string, unknown, string?]> = [
        ['codes', 4006209700068],
        ['codes', [VALID_EAN]],
        ['sku', 12],
        ['product_handle', ['a']],
        ['title', { en: 'x' }],
        ['brand', true],
        ['description', 1],
        ['notes', false],
        ['images', 'https://example.com/a.jpg'],
        ['images', [42], 'images.0'],
        ['countries', 'de'],
        ['countries', [49], 'countries.0'],
        ['agent_model', 'v3'],
        ['agent_model', 2],
      ];
      for (const [field, value, path] of cases) {
        test(`${field}: ${JSON.stringify(value)} → 422 on ${path ?? field}`, async () => {
          const body = field === 'codes' ? { countries: ['de'], codes: value } : validCreate({ [field]: value });
          expectFieldError(await h.post(CREATE, token, body), path ?? field);
        });
      }

      test('several wrong fields are all reported in one response', async () => {
        const res = await h.post(CREATE, token, validCreate({ sku: 1, brand: 2, agent_model: 'v9' }));
        const body = expectError(res, 422, 'validation_failed');
        assert.deepEqual(Object.keys(body.errors as Json).sort(), ['agent_model', 'brand', 'sku']);
      });
    });

    test('an unknown body field is a 422 on that field name, not silently dropped', async () => {
      const res = await h.post(CREATE, token, validCreate({ colour: 'red', country: ['de'] }));
      expectFieldError(res, 'colour');
      expectFieldError(res, 'country');
      expectFieldError(await h.post(regenerateUrl(), token, { fields: { title: '' }, note: 'typo' }), 'note');
    });

    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      test(`an unknown body field named "${key}" (an Object.prototype member) is a 422 on that name, not a 500`, async () => {
        expectFieldError(await h.post(CREATE, token, validCreate({ [key]: null })), key);
        expectFieldError(await h.post(regenerateUrl(), token, { fields: { title: '' }, [key]: 1 }), key);
      });
    }

    test('a product id longer than the router allows still gets the contract error shape', async () => {
      const id = 'x'.repeat(150);
      for (const res of [await h.post(`/api/v1/products/regenerate/${id}`, token, { fields: { title: '' } }), await h.get(`/api/v1/products/details/${id}`, token)]) {
        const body = assertErrorShape(res);
        assert.ok(['product_not_found', 'validation_failed'].includes(body.code as string), res.body);
      }
    });

    describe('string length limits', () => {
      const limits: ReadonlyArray<readonly [string, number]> = [
        ['title', 500],
        ['sku', 255],
        ['product_handle', 255],
        ['brand', 200],
        ['notes', 5_000],
        ['description', 20_000],
      ];
      for (const [field, max] of limits) {
        test(`${field} of ${max + 1} characters → 422 on ${field}`, async () => {
          const messages = expectFieldError(await h.post(CREATE, token, validCreate({ [field]: 'x'.repeat(max + 1) })), field);
          assert.ok(
            messages.some((m) => m.includes(String(max))),
            `the message should state the limit: ${messages.join(' | ')}`,
          );
        });
      }

      test('a title of exactly 500 characters is accepted', async () => {
        expectAccepted(await h.post(CREATE, token, validCreate({ title: 't'.repeat(500) })));
      });

      test('an image URL over 2048 characters → 422 on images.0', async () => {
        const url = `https://example.com/${'a'.repeat(2048)}.jpg`;
        expectFieldError(await h.post(CREATE, token, validCreate({ images: [url] })), 'images.0');
      });
    });

    test('non-http image URLs are rejected under images.<index>, valid ones are not', async () => {
      const images = ['https://example.com/ok.jpg', 'ftp://example.com/a.jpg', 'javascript:alert(1)', '/img/a.jpg', 'example.com/a.jpg', 'http://example.com/ok.png'];
      const res = await h.post(CREATE, token, { description: 'A lamp', images, countries: ['de'] });
      const body = expectError(res, 422, 'validation_failed');
      assert.deepEqual(Object.keys(body.errors as Json).sort(), ['images.1', 'images.2', 'images.3', 'images.4']);
    });

    test('an unknown country → 422 on countries, and the message names the bad entry', async () => {
      const messages = expectFieldError(await h.post(CREATE, token, validCreate({ countries: ['de', 'zq', 'fr'] })), 'countries');
      assert.ok(
        messages.some((m) => m.includes('zq')),
        messages.join(' | '),
      );
      assert.ok(!messages.some((m) => /"de"|"fr"/.test(m)), `valid entries must not be blamed: ${messages.join(' | ')}`);

      const three = expectFieldError(await h.post(CREATE, token, validCreate({ countries: ['DEU'] })), 'countries');
      assert.ok(
        three.some((m) => m.includes('DEU')),
        three.join(' | '),
      );
    });

    test('countries missing or empty → 422, the message says countries is required', async () => {
      const missing = expectFieldError(await h.post(CREATE, token, { codes: VALID_EAN }), 'countries');
      assert.ok(
        missing.some((m) => /countries/i.test(m) && /required/i.test(m)),
        missing.join(' | '),
      );
      expectFieldError(await h.post(CREATE, token, validCreate({ countries: [] })), 'countries');
    });

    describe('regenerate body', () => {
      for (const [label, body] of [
        ['missing fields', { notes: 'n' }],
        ['empty fields', { fields: {} }],
      ] as const) {
        test(`${label} → 422 on fields: at least one field must be specified`, async () => {
          const messages = expectFieldError(await h.post(regenerateUrl(), token, body), 'fields');
          assert.ok(
            messages.some((m) => /at least one field/i.test(m)),
            messages.join(' | '),
          );
        });
      }

      test('an unknown key in fields → 422 on fields.<key>', async () => {
        const res = await h.post(regenerateUrl(), token, { fields: { title: 'ok', colour: 'x', 'global_attr.Bad-Name': 'y' } });
        const body = expectError(res, 422, 'validation_failed');
        assert.deepEqual(Object.keys(body.errors as Json).sort(), ['fields.colour', 'fields.global_attr.Bad-Name']);
      });

      for (const value of [5, null, true, ['a'], { text: 'a' }]) {
        test(`a non-string value ${JSON.stringify(value)} in fields → 422 on fields.<key>`, async () => {
          expectFieldError(await h.post(regenerateUrl(), token, { fields: { description: value } }), 'fields.description');
          expectFieldError(await h.post(regenerateUrl(), token, { fields: { 'global_attr.color': value } }), 'fields.global_attr.color');
        });
      }

      test('fields that is not an object → 422 on fields', async () => {
        expectFieldError(await h.post(regenerateUrl(), token, { fields: ['title'] }), 'fields');
        expectFieldError(await h.post(regenerateUrl(), token, { fields: 'title' }), 'fields');
      });

      test('a valid body on the same product is accepted (the checks above are about the body)', async () => {
        const res = expectAccepted(await h.post(regenerateUrl(), token, { fields: { title: '', 'global_attr.color': 'blue' }, agent_model: 'v1' }));
        assertRegenerateSuccess(res);
      });
    });

    describe('routes and methods', () => {
      for (const url of ['/api/v1/nope', '/api/v2/products/create', '/nothing-here', '/api/v1/products/archive']) {
        test(`unknown route GET ${url} → 404 not_found`, async () => {
          expectError(await h.get(url, token), 404, 'not_found');
        });
      }

      test('unknown route with POST and a JSON body → 404 not_found', async () => {
        expectError(await h.post('/api/v1/products/archive', token, validCreate()), 404, 'not_found');
      });

      const wrongMethods: ReadonlyArray<readonly ['GET' | 'PUT' | 'DELETE' | 'PATCH', () => string]> = [
        ['GET', () => CREATE],
        ['PUT', () => CREATE],
        ['DELETE', () => regenerateUrl()],
        ['GET', () => regenerateUrl()],
        ['DELETE', () => `/api/v1/products/details/${productId}`],
        ['PATCH', () => '/api/v1/account'],
      ];
      for (const [method, url] of wrongMethods) {
        test(`${method} on a known path that does not serve it → 405 method_not_allowed`, async () => {
          const res = await h.app.inject({ method, url: url(), headers: { authorization: `Bearer ${token}` } });
          expectError(res, 405, 'method_not_allowed');
        });
      }

      test('POST on a GET-only path with a JSON body → 405 method_not_allowed', async () => {
        expectError(await h.post('/api/v1/account', token, {}), 405, 'method_not_allowed');
      });
    });

    test('x-request-id is always ours, one per request, even when the caller sends its own', async () => {
      const mine = await h.app.inject({ method: 'GET', url: '/api/v1/nope', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'client-req-42' } });
      assertRequestId(mine);
      assert.notEqual(mine.headers['x-request-id'], 'client-req-42');
      const a = await h.get('/api/v1/nope', token);
      const b = await h.get('/api/v1/nope', token);
      assertRequestId(a);
      assertRequestId(b);
      assert.notEqual(a.headers['x-request-id'], b.headers['x-request-id']);
    });

    test('fuzz: 300 pseudo-random create bodies never get a 5xx and always match the contract', async (t) => {
      const rand = prng(20240601);
      await fuzz(
        t,
        300,
        async () => {
          const payload = randomBody(rand, CREATE_KIND);
          return { res: await rawPost(h, CREATE, token, payload, 'application/json'), request: payload, payload };
        },
        assertCreateSuccess,
      );
    });

    test('fuzz: 200 pseudo-random regenerate bodies and ids never get a 5xx and always match the contract', async (t) => {
      const rand = prng(7);
      const ids = [productId, VALID_EAN, 'no-such-product', '%20', 'x'.repeat(300), '00000000-0000-0000-0000-000000000000', 'ünïcode', "1' OR '1'='1"];
      await fuzz(
        t,
        200,
        async () => {
          const payload = randomBody(rand, REGENERATE_KIND);
          const id = encodeURIComponent(ids[Math.floor(rand() * ids.length)] ?? productId);
          const res = await rawPost(h, `/api/v1/products/regenerate/${id}`, token, payload, 'application/json');
          return { res, request: `${id.slice(0, 40)} ${payload}`, payload };
        },
        assertRegenerateSuccess,
      );
    });
  });

  describe(`HTTP body size limit [${target.name}]`, () => {
    let h: Harness;
    let token: string;
    before(async () => {
      h = await startHarness(target, { workers: false, env: { BODY_LIMIT_BYTES: '2048' } });
      ({ token } = await h.account(1000));
    });
    after(async () => {
      await h.close();
    });

    test('a body over the limit → 413 payload_too_large', async () => {
      const payload = JSON.stringify(validCreate({ description: 'd'.repeat(3000) }));
      assert.ok(Buffer.byteLength(payload) > 2048);
      expectError(await rawPost(h, CREATE, token, payload, 'application/json'), 413, 'payload_too_large');
    });

    test('multi-byte characters count as bytes: 1000 emoji (4000 bytes) → 413', async () => {
      const payload = JSON.stringify(validCreate({ description: '\u{1F600}'.repeat(1000) }));
      expectError(await rawPost(h, CREATE, token, payload, 'application/json'), 413, 'payload_too_large');
    });

    test('a body just under the limit is accepted', async () => {
      const payload = JSON.stringify(validCreate({ description: 'd'.repeat(1800) }));
      assert.ok(Buffer.byteLength(payload) < 2048);
      expectAccepted(await rawPost(h, CREATE, token, payload, 'application/json'));
    });
  });
}
