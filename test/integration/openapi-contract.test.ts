import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { issueToken } from '../../src/services/tokens.ts';
import { defined } from '../helpers/assert.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

// Every operation of the published OpenAPI document, driven with a valid request and its main
// errors. The harness checks each answer (status, media type, body) and each accepted request
// against GET /api/v1/openapi.json and fails the run on any mismatch; this test makes sure every
// operation is among them, and that the document refuses what the service refuses.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const lamp = {
  codes: '8001234567897',
  title: 'Lampada da tavolo Arco',
  brand: 'Lumina',
  description: 'Lampada da tavolo in metallo. Luce LED calda. Interruttore sul cavo.',
  countries: ['it', 'de'],
};

const CSV = 'code,title,brand\n8001234567897,Lampada Arco,Lumina\n';
const JSONL = '{"code":"8001234567897","title":"Lampada Arco","brand":"Lumina"}\n';

for (const target of databaseTargets()) {
  describe(`every operation of the OpenAPI document answers as it says [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      // Webhook endpoints on a loopback port nothing listens on: registered, never reached.
      h = await startHarness(target, { env: { FETCH_ALLOWED_HOSTS: '127.0.0.1:9' } });
    });
    after(async () => {
      await h.close();
    });

    function call(method: Method, url: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
      return h.app.inject({
        method,
        url,
        headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    }
    function upload(url: string, token: string, contentType: string, payload: string | Buffer): Promise<LightMyRequestResponse> {
      return h.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload });
    }
    async function expect(status: number, res: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
      const answer = await res;
      assert.equal(answer.statusCode, status, `${answer.raw.req.method} ${answer.raw.req.url}: ${answer.body}`);
      return answer;
    }

    test('each operation, with a valid request and its main errors, matches the document', async (t) => {
      const { token, name } = await h.account(1000);
      const admin = (await issueToken(h.container.db, null, { admin: true })).token;

      // Products: create, its errors, quote.
      const CREATE = '/api/v1/products/create';
      const created = await expect(202, call('POST', CREATE, token, lamp));
      const id = defined(created.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]).id;
      await expect(202, call('POST', CREATE, token, { codes: `${validEans(1, 901).join(',')},123`, countries: ['it'] }));
      const noCountries = await expect(422, call('POST', CREATE, token, { codes: validEans(1, 902).join(',') }));
      assert.ok(noCountries.json<{ errors: Record<string, string[]> }>().errors.countries, noCountries.body);
      await expect(422, call('POST', CREATE, token, { codes: '123,456', countries: ['it'] }));
      await expect(401, call('POST', CREATE, null, lamp));
      await expect(400, h.app.inject({ method: 'POST', url: CREATE, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{' }));
      await expect(415, upload(CREATE, token, 'text/plain', 'codes=1'));
      await expect(202, call('POST', CREATE, token, { codes: validEans(1, 903).join(','), countries: ['it'] }, { 'idempotency-key': 'contract-1' }));
      await expect(422, call('POST', CREATE, token, { codes: validEans(1, 904).join(','), countries: ['it'] }, { 'idempotency-key': 'contract-1' }));
      const poor = await h.account(1);
      await expect(402, call('POST', CREATE, poor.token, lamp));
      await expect(200, call('POST', '/api/v1/products/create/quote', token, lamp));
      await expect(422, call('POST', '/api/v1/products/create/quote', token, { codes: lamp.codes }));
      await h.settled(await h.generationIdsOf([id]));

      // Reading, regenerating, restoring, editing.
      await expect(200, call('GET', `/api/v1/products/details/${id}`, token));
      await expect(404, call('GET', '/api/v1/products/details/nothing-like-it', token));
      await expect(200, call('GET', `/api/v1/products/details/${id}/de`, token));
      await expect(404, call('GET', `/api/v1/products/details/${id}/fr`, token));
      await expect(202, call('POST', `/api/v1/products/regenerate/${id}`, token, { fields: { title: 'shorter' } }));
      await expect(404, call('POST', '/api/v1/products/regenerate/nothing-like-it', token, { fields: { title: '' } }));
      await expect(422, call('POST', `/api/v1/products/regenerate/${id}`, token, { fields: {} }));
      await h.settled(await h.generationIdsOf([id]));
      const HISTORY = `/api/v1/products/details/${id}/history`;
      const version = defined((await expect(200, call('GET', HISTORY, token))).json<{ data: { versions: { id: string }[] } }>().data.versions[0]).id;
      await expect(422, call('GET', `${HISTORY}?limit=0`, token));
      await expect(200, call('POST', `/api/v1/products/restore/${id}`, token, { version_id: version }));
      await expect(422, call('POST', `/api/v1/products/restore/${id}`, token, { version_id: 'not-a-uuid' }));
      await expect(200, call('POST', '/api/v1/products/update', token, { code: id, country: 'it', title: 'Lampada Arco' }));
      await expect(404, call('POST', '/api/v1/products/update', token, { code: 'nothing-like-it', country: 'it', title: 'x' }));
      await expect(422, call('POST', '/api/v1/products/update', token, { code: id }));
      const history = await expect(200, call('GET', HISTORY, token));
      assert.ok(
        history.json<{ data: { versions: { change: string }[] } }>().data.versions.some((v) => v.change === 'manual'),
        history.body,
      );

      // Lists, exports (each format with its media type), publication state.
      await expect(200, call('GET', '/api/v1/products?per_page=5', token));
      await expect(422, call('GET', '/api/v1/products?per_page=0', token));
      for (const [format, mediaType] of [
        ['jsonl', 'application/x-ndjson'],
        ['csv', 'text/csv'],
        ['shopify', 'text/csv'],
      ] as const) {
        const exported = await expect(200, call('GET', `/api/v1/products/export?country=it&format=${format}`, token));
        assert.match(String(exported.headers['content-type']), new RegExp(`^${mediaType}`));
      }
      await expect(422, call('GET', '/api/v1/products/export', token));
      for (const url of ['/api/v1/inventories/set-publication-state', '/inventories/set-publication-state']) {
        await expect(200, call('PUT', url, token, { ids: id, publication_state: 'ready' }));
        await expect(422, call('PUT', url, token, { ids: id, publication_state: 'sold' }));
      }

      // The account.
      await expect(200, call('GET', '/api/v1/account', token));
      await expect(200, call('GET', '/api/v1/account/ledger', token));
      await expect(422, call('GET', '/api/v1/account/ledger?limit=0', token));
      await expect(200, call('GET', '/api/v1/pricing', token));

      // The account's catalogue, in each media type it takes; what it refuses names the import.
      const IMPORTS = '/api/v1/catalogue/imports';
      const imported = await expect(202, upload(IMPORTS, token, 'text/csv', CSV));
      await expect(202, upload(IMPORTS, token, 'text/tab-separated-values', CSV.replaceAll(',', '\t')));
      await expect(202, upload(IMPORTS, token, 'application/x-ndjson', JSONL));
      await expect(202, upload(IMPORTS, token, 'application/jsonl', JSONL));
      await expect(415, upload(IMPORTS, token, 'image/png', CSV));
      const zip = await expect(415, upload(IMPORTS, token, 'text/csv', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 1)])));
      assert.equal(typeof zip.json<{ import_id?: unknown }>().import_id, 'string', 'the 415 names the failed import');
      const unclosed = await expect(422, upload(IMPORTS, token, 'text/csv', `code,title\n8001234567897,"Unclosed\n${`${'a'.repeat(1_000_000)}\n`.repeat(6)}`));
      assert.equal(typeof unclosed.json<{ import_id?: unknown }>().import_id, 'string', 'the 422 names the failed import');
      await expect(200, call('GET', `${IMPORTS}/${imported.json<{ data: { id: string } }>().data.id}`, token));
      await expect(404, call('GET', `${IMPORTS}/00000000-0000-4000-8000-000000000000`, token));

      // The account's category tree: read, replaced in each media type, an import read back.
      const TREE = '/api/v1/custom-category';
      await expect(200, call('GET', TREE, token));
      const treeImport = await expect(202, upload(`${TREE}/import`, token, 'text/csv', 'id,path\n1,Casa\n1.1,Casa > Luce\n'));
      await expect(202, upload(`${TREE}/import`, token, 'application/x-ndjson', '{"id":"1","path":"Casa"}\n'));
      await expect(415, upload(`${TREE}/import`, token, 'image/png', 'id,path\n'));
      const noRow = await expect(422, upload(`${TREE}/import`, token, 'text/csv', 'id,path\n,Casa\n'));
      assert.equal(typeof noRow.json<{ import_id?: unknown }>().import_id, 'string', 'the 422 names the failed import');
      await expect(200, call('GET', TREE, token));
      await expect(200, call('GET', `${TREE}/imports/${treeImport.json<{ data: { id: string } }>().data.id}`, token));
      await expect(404, call('GET', `${TREE}/imports/00000000-0000-4000-8000-000000000000`, token));

      // Google's tree, searched.
      await expect(200, call('GET', '/api/v1/google-categories?search=lamps', token));
      await expect(422, call('GET', '/api/v1/google-categories', token));

      // Attributes and families.
      await expect(200, call('POST', '/api/v1/families/create', token, { family_id: 'lighting', name: 'Lighting' }));
      await expect(200, call('POST', '/api/v1/families/create', token, { family_id: 'spare', name: 'Spare' }));
      await expect(422, call('POST', '/api/v1/families/create', token, { name: 'No id' }));
      await expect(200, call('GET', '/api/v1/families', token));
      await expect(200, call('PUT', '/api/v1/families/update/lighting', token, { description: 'Lamps' }));
      await expect(404, call('PUT', '/api/v1/families/update/nothing', token, { description: 'x' }));
      await expect(200, call('DELETE', '/api/v1/families/delete/spare', token));
      await expect(404, call('DELETE', '/api/v1/families/delete/spare', token));
      await expect(200, call('POST', '/api/v1/attributes/create', token, { attribute_id: 'power', name: 'Power', type: 'number', unit: 'W', scope: 'global' }));
      await expect(200, call('POST', '/api/v1/attributes/create', token, { attribute_id: 'finish', name: 'Finish', type: 'text', scope: 'global' }));
      await expect(422, call('POST', '/api/v1/attributes/create', token, { attribute_id: 'Bad Id', name: 'x', type: 'text', scope: 'global' }));
      await expect(200, call('GET', '/api/v1/attributes', token));
      await expect(200, call('PUT', '/api/v1/attributes/update/power', token, { name: 'Rated power' }));
      await expect(404, call('PUT', '/api/v1/attributes/update/nothing', token, { name: 'x' }));
      await expect(200, call('DELETE', '/api/v1/attributes/delete/finish', token));
      await expect(404, call('DELETE', '/api/v1/attributes/delete/finish', token));

      // Webhooks.
      const hook = await expect(201, call('POST', '/api/v1/webhooks', token, { url: 'http://127.0.0.1:9/hook', events: ['product.completed'] }));
      const hookId = hook.json<{ data: { id: string } }>().data.id;
      await expect(422, call('POST', '/api/v1/webhooks', token, { url: 'ftp://127.0.0.1:9/hook' }));
      await expect(200, call('GET', '/api/v1/webhooks', token));
      await expect(200, call('PATCH', `/api/v1/webhooks/${hookId}`, token, { description: 'Shop' }));
      await expect(422, call('PATCH', `/api/v1/webhooks/${hookId}`, token, {}));
      await expect(200, call('POST', `/api/v1/webhooks/${hookId}/secret/rotate`, token, { expire_previous_after_seconds: 0 }));
      await expect(202, call('POST', `/api/v1/webhooks/${hookId}/test`, token, {}));
      await expect(200, call('GET', `/api/v1/webhooks/${hookId}/deliveries`, token));
      await expect(422, call('DELETE', `/api/v1/webhooks/${hookId}`, token, undefined, { 'idempotency-key': 'not\ttoday' }));
      await expect(200, call('DELETE', `/api/v1/webhooks/${hookId}`, token));
      await expect(404, call('DELETE', `/api/v1/webhooks/${hookId}`, token));

      // The review app's session.
      const session = await expect(201, call('POST', '/api/v1/session', token, {}));
      const cookie = defined(/vetrina_session=([^;]+)/.exec(String(session.headers['set-cookie']))?.[1], 'the session cookie');
      const csrf = session.json<{ data: { csrf_token: string } }>().data.csrf_token;
      await expect(200, call('GET', '/api/v1/session', null, undefined, { cookie: `vetrina_session=${cookie}` }));
      await expect(200, call('DELETE', '/api/v1/session', null, undefined, { cookie: `vetrina_session=${cookie}`, 'x-csrf-token': csrf }));
      await expect(401, call('GET', '/api/v1/session', null));

      // The operator's routes.
      await expect(200, call('GET', '/api/v1/admin/accounts', admin));
      await expect(403, call('GET', '/api/v1/admin/accounts', token));
      const shop = `contract-${process.pid}-shop`;
      await expect(201, call('POST', '/api/v1/admin/accounts', admin, { name: shop, credits: 10 }));
      await expect(422, call('POST', '/api/v1/admin/accounts', admin, {}));
      await expect(200, call('PATCH', `/api/v1/admin/accounts/${shop}`, admin, { image_standardization: true }));
      await expect(422, call('PATCH', `/api/v1/admin/accounts/${shop}`, admin, {}));
      await expect(404, call('PATCH', '/api/v1/admin/accounts/nobody-at-all', admin, { image_standardization: true }));
      await expect(200, call('POST', `/api/v1/admin/accounts/${name}/credits`, admin, { amount: 5 }));
      await expect(422, call('POST', `/api/v1/admin/accounts/${name}/credits`, admin, { amount: 0 }));
      const issued = await expect(201, call('POST', '/api/v1/admin/tokens', admin, { account: shop }));
      await expect(404, call('POST', '/api/v1/admin/tokens', admin, { account: 'nobody-at-all' }));
      await expect(200, call('GET', '/api/v1/admin/tokens', admin));
      await expect(200, call('GET', '/api/v1/admin/audit?limit=2', admin));
      await expect(422, call('GET', '/api/v1/admin/audit?before=x', admin));
      await expect(200, call('DELETE', `/api/v1/admin/tokens/${issued.json<{ data: { token_id: string } }>().data.token_id}`, admin));
      const ADMIN_IMPORTS = '/api/v1/admin/catalogue/imports';
      await expect(201, upload(ADMIN_IMPORTS, admin, 'text/csv', CSV));
      await expect(201, upload(ADMIN_IMPORTS, admin, 'application/x-ndjson', JSONL));
      await expect(201, upload(`${ADMIN_IMPORTS}?file_name=shared.csv`, admin, 'application/octet-stream', CSV));
      await expect(415, upload(ADMIN_IMPORTS, admin, 'image/png', CSV));

      // Public routes.
      await expect(200, call('GET', '/health', null));
      await expect(200, call('GET', '/api/v1/openapi.json', null));
      await expect(200, call('GET', '/docs', null));
      await expect(200, call('GET', '/docs/swagger-ui.css', null));
      await expect(404, call('GET', '/docs/nothing.js', null));
      await expect(200, call('GET', '/app', null));
      await expect(200, call('GET', '/app/main.ts', null));
      await expect(404, call('GET', '/app/nothing.js', null));
      await expect(200, call('GET', '/app/vendor/preact.js', null));
      await expect(200, call('GET', '/app/domain/codes.ts', null));
      await expect(404, call('GET', '/app/domain/nothing.ts', null));
      await expect(404, call('GET', `/media/${'a'.repeat(64)}.jpg`, null));

      // Last, as it removes the product.
      await expect(200, call('DELETE', '/api/v1/products/delete', token, { code: id }));
      await expect(404, call('DELETE', '/api/v1/products/delete', token, { code: id }));

      // Every operation answered at least once, and each answer matched (close() fails on any that did not).
      const unanswered = h.contract.operationIds().filter((operation) => !h.contract.checked.has(operation));
      assert.deepEqual(unanswered, [], 'operations this test did not drive');
      assert.deepEqual(h.contractViolations, []);
      // A success of each, but for a media file (only the operator's standardised images exist).
      const neverSucceeded = [...h.contract.checked].filter(([, seen]) => ![...seen].some((answer) => answer.startsWith('2'))).map(([operation]) => operation);
      assert.deepEqual(neverSucceeded, ['getMediaByFile']);
      const answers = [...h.contract.checked.values()].reduce((n, seen) => n + seen.size, 0);
      t.diagnostic(
        `${h.contract.operationIds().length} operations; ${h.contract.answers} answers checked against the document, ${answers} distinct by operation, status and media type`,
      );
    });

    test('the document refuses what the service refuses: no countries, an empty change', async () => {
      const problems = h.contract.check({
        method: 'POST',
        route: '/api/v1/products/create',
        url: '/api/v1/products/create',
        requestContentType: 'application/json',
        requestBody: { codes: lamp.codes },
        query: {},
        status: 202,
        responseContentType: 'application/json',
        responseBody: Buffer.from(JSON.stringify({ status: 'success', message: 'All 1 product(s) successfully queued for import', data: {} })),
      });
      assert.ok(
        problems.some((p) => p.includes("must have required property 'countries'")),
        problems.join('\n'),
      );
      for (const route of ['/api/v1/webhooks/:id', '/api/v1/admin/accounts/:name']) {
        const empty = h.contract.check({
          method: 'PATCH',
          route,
          url: route,
          requestContentType: 'application/json',
          requestBody: {},
          query: {},
          status: 200,
          responseContentType: 'application/json',
          responseBody: Buffer.from('{}'),
        });
        assert.ok(
          empty.some((p) => p.includes('must NOT have fewer than 1 properties')),
          empty.join('\n'),
        );
      }
    });
  });
}
