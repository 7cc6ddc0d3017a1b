import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { issueToken } from '../../src/services/tokens.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { body, json, key, objectText, plausible, stringArray, text } from '../helpers/fuzz-json.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { seedProduct } from '../helpers/seed-products.ts';

// Every body route but create and regenerate (fuzz-bodies.test.ts), fuzzed the same way: whatever
// arrives, the answer is never a 5xx, always in the contract's shape, and no call but an accepted
// create or regenerate changes the account's balance. No worker runs, so nothing else moves it.

const RUNS = 150;
const [EAN = ''] = validEans(1, 77);

const quoted = (arb: fc.Arbitrary<string>) => arb.map((s) => JSON.stringify(s));
const anyText = plausible(quoted(text));
const bool = plausible(fc.constantFrom('true', 'false'));
/** The body of a route that takes none but `{}`: that, stray keys, or any JSON. */
const noFields = fc.oneof(
  { weight: 3, arbitrary: fc.constant('{}') },
  { weight: 3, arbitrary: fc.array(fc.tuple(key, json), { maxLength: 3 }).map(objectText) },
  { weight: 1, arbitrary: json },
);

interface FuzzedRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  admin?: boolean;
  body: fc.Arbitrary<string>;
}

for (const target of databaseTargets()) {
  describe(`fuzzed bodies of every other route [${target.name}]`, () => {
    let h: Harness;
    let token: string;
    let accountId: string;
    let accountName: string;
    let adminToken: string;
    let routes: FuzzedRoute[] = [];

    before(async () => {
      h = await startHarness(target, {
        workers: false,
        env: { RATE_LIMIT_PER_MINUTE: '1000000', FETCH_ALLOWED_HOSTS: '127.0.0.1:9', AUTH_FAILURES_PER_MINUTE: '1000000' },
      });
      const account = await h.account(1_000_000);
      ({ token, id: accountId, name: accountName } = account);
      adminToken = (await issueToken(h.container.db, null, { admin: true })).token;
      const productId = await seedProduct(h.container.db, accountId, {
        code: EAN,
        sku: 'FUZZ-1',
        countries: ['it'],
        content: { it: { title: 'Tazza in ceramica', description: 'Ceramica smaltata.' } },
      });
      const attribute = await h.post('/api/v1/attributes/create', token, {
        attribute_id: 'colore',
        name: 'Colore',
        type: 'single-select',
        scope: 'global',
        options: [{ action: 'new', value: 'Rosso' }],
      });
      assert.equal(attribute.statusCode, 200, attribute.body);
      const family = await h.post('/api/v1/families/create', token, { family_id: 'tazze', name: 'Tazze', attribute_ids: ['colore'] });
      assert.ok(family.statusCode < 300, family.body);
      const hook = await h.post('/api/v1/webhooks', token, { url: 'http://127.0.0.1:9/hook' });
      assert.equal(hook.statusCode, 201, hook.body);
      const hookId = hook.json<{ data: { id: string } }>().data.id;

      const reference = plausible(fc.constantFrom(JSON.stringify(productId), JSON.stringify(EAN), '"FUZZ-1"'));
      const attributeFields = {
        name: anyText,
        type: plausible(fc.constantFrom('"text"', '"number"', '"boolean"', '"single-select"', '"multi-select"', '"rich-text"')),
        scope: plausible(fc.constantFrom('"global"', '"family"')),
        description: anyText,
        is_enabled: bool,
        is_essential: bool,
        unit: plausible(fc.constantFrom('"g"', '"ml"', '"W"', 'null')),
        options: plausible(
          fc.constantFrom('[{"action":"new","value":"Blu"}]', '[{"action":"update","Rosso":null,"new_name":"Rossa"}]', '[{"action":"delete","Rosso":null}]', '[]'),
        ),
        family_ids: plausible(fc.constantFrom('["tazze"]', '[]', '["nessuna"]')),
      };
      routes = [
        {
          method: 'POST',
          url: '/api/v1/products/update',
          body: body(
            { code: JSON.stringify(productId), country: '"it"', title: '"Tazza rossa"' },
            {
              code: reference,
              country: plausible(fc.constantFrom('"it"', '"de"', '"IT"')),
              title: anyText,
              name: anyText,
              brand: anyText,
              short_description: anyText,
              description: anyText,
              key_features: plausible(stringArray),
              title_tag: anyText,
              meta_description: anyText,
              meta_keywords: anyText,
              product_handle: anyText,
              global_attr: plausible(fc.constantFrom('{"colore":"Rosso"}', '{"colore":null}', '{"colore":"Verde"}', '{"x":"y"}')),
              family: plausible(fc.constantFrom('"tazze"', 'null', '"nessuna"')),
            },
          ),
        },
        {
          method: 'PUT',
          url: '/api/v1/inventories/set-publication-state',
          body: body(
            { ids: JSON.stringify(productId), publication_state: '"ready"' },
            {
              ids: plausible(fc.constantFrom(JSON.stringify(productId), `"${productId},FUZZ-1"`, '""', '","')),
              publication_state: plausible(fc.constantFrom('"ready"', '"online"', '"pending_review"')),
            },
          ),
        },
        {
          method: 'POST',
          url: '/api/v1/products/create/quote',
          body: body(
            { codes: JSON.stringify(EAN), countries: '["it"]' },
            { codes: anyText, countries: plausible(stringArray), agent_model: plausible(fc.constantFrom('"v1"', '"v2"')) },
          ),
        },
        { method: 'POST', url: '/api/v1/webhooks', body: body({ url: '"http://127.0.0.1:9/other"' }, { url: anyText, events: plausible(stringArray), description: anyText }) },
        {
          method: 'PATCH',
          url: `/api/v1/webhooks/${hookId}`,
          body: body({ description: '"Negozio"' }, { url: anyText, events: plausible(stringArray), description: anyText, enabled: bool }),
        },
        { method: 'POST', url: `/api/v1/webhooks/${hookId}/test`, body: noFields },
        { method: 'POST', url: `/api/v1/webhooks/${hookId}/secret/rotate`, body: body({}, { expire_previous_after_seconds: plausible(fc.constantFrom('0', '60', '86400')) }) },
        {
          method: 'POST',
          url: '/api/v1/attributes/create',
          body: body({ attribute_id: '"peso"', name: '"Peso"', type: '"number"', scope: '"global"' }, { attribute_id: anyText, ...attributeFields }),
        },
        { method: 'PUT', url: '/api/v1/attributes/update/colore', body: body({ name: '"Colore"' }, { attribute_id: anyText, ...attributeFields }) },
        {
          method: 'POST',
          url: '/api/v1/families/create',
          body: body({ family_id: '"piatti"', name: '"Piatti"' }, { family_id: anyText, name: anyText, description: anyText, attribute_ids: plausible(stringArray) }),
        },
        {
          method: 'PUT',
          url: '/api/v1/families/update/tazze',
          body: body({ name: '"Tazze"' }, { family_id: anyText, name: anyText, description: anyText, attribute_ids: plausible(stringArray) }),
        },
        { method: 'DELETE', url: '/api/v1/products/delete', body: body({ code: '"NON-ESISTE"' }, { code: plausible(fc.constantFrom('"NON-ESISTE"', '"FUZZ-2"')) }) },
        { method: 'POST', url: '/api/v1/session', body: noFields },
        {
          method: 'POST',
          url: '/api/v1/admin/accounts',
          admin: true,
          body: body({ name: '"fuzz-shop"' }, { name: anyText, credits: plausible(fc.constantFrom('0', '5', '-1')), image_standardization: bool }),
        },
        {
          method: 'PATCH',
          url: `/api/v1/admin/accounts/${accountName}`,
          admin: true,
          body: body(
            { image_standardization: 'false' },
            {
              image_standardization: bool,
              country_languages: plausible(fc.constantFrom('{"be":"fr"}', '{}', '{"xx":"zz"}')),
              credits_low_threshold: plausible(fc.constantFrom('1', 'null', '0')),
            },
          ),
        },
        // Credits to an account made for the purpose: the fuzzed account's balance must not move.
        { method: 'POST', url: '/api/v1/admin/accounts/fuzz-credits/credits', admin: true, body: body({ amount: '5' }, { amount: plausible(fc.constantFrom('5', '-5', '0')) }) },
        { method: 'POST', url: '/api/v1/admin/tokens', admin: true, body: body({ account: '"fuzz-credits"' }, { account: anyText, admin: bool }) },
      ];
      const made = await h.app.inject({
        method: 'POST',
        url: '/api/v1/admin/accounts',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        payload: '{"name":"fuzz-credits","credits":100}',
      });
      assert.equal(made.statusCode, 201, made.body);
    });
    after(async () => {
      await h?.close();
    });

    const inContractShape = (res: { statusCode: number; body: string }, what: string) => {
      assert.ok(res.statusCode < 500, `${what}: ${res.statusCode} ${res.body}`);
      const parsed = JSON.parse(res.body) as { status?: unknown; code?: unknown; message?: unknown };
      if (res.statusCode >= 400) {
        assert.equal(parsed.status, 'error', `${what}: ${res.body}`);
        assert.equal(typeof parsed.code, 'string', `${what}: ${res.body}`);
        assert.equal(typeof parsed.message, 'string', `${what}: ${res.body}`);
      }
    };

    test(`no 5xx and no charge over ${RUNS} arbitrary bodies on each route`, { timeout: 900_000 }, async () => {
      assert.ok(routes.length >= 17);
      const start = await h.balance(accountId);
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(route.body, async (payload) => {
            const res = await h.app.inject({
              method: route.method,
              url: route.url,
              headers: { authorization: `Bearer ${route.admin === true ? adminToken : token}`, 'content-type': 'application/json' },
              payload,
            });
            inContractShape(res, `${route.method} ${route.url} ${payload.slice(0, 200)}`);
          }),
          { numRuns: RUNS },
        );
        assert.deepEqual(await h.balance(accountId), start, `${route.method} ${route.url} changed the balance`);
      }
    });

    test(`catalogue uploads: no 5xx over ${RUNS} arbitrary files, and every import ends`, { timeout: 600_000 }, async () => {
      const line = fc.oneof(json, fc.string({ maxLength: 200 }), fc.constantFrom(`{"ean":"${EAN}","title":"Tazza"}`, 'ean;title', `${EAN};Tazza`, '"unclosed', ''));
      const file = fc.array(line, { maxLength: 12 }).map((lines) => lines.join('\n'));
      const type = fc.constantFrom('text/csv', 'application/x-ndjson', 'text/tab-separated-values', 'application/octet-stream');
      await fc.assert(
        fc.asyncProperty(file, type, async (payload, contentType) => {
          const res = await h.app.inject({ method: 'POST', url: '/api/v1/catalogue/imports', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
          inContractShape(res, `upload ${contentType} ${payload.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
      const running = await h.container.db.query("SELECT id FROM catalogue_imports WHERE account_id = $1 AND state = 'running'", [accountId]);
      assert.deepEqual(running, [], 'no import is left running');
      assert.deepEqual(await h.balance(accountId), { credits: 1_000_000, ledger: 1_000_000 });
    });
  });
}
