import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { serviceDocument } from '../../src/http/openapi/service-document.ts';
import { defined } from '../helpers/assert.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { assertDocumented } from '../helpers/route-contract.ts';

const lamp = {
  codes: '8001234567897',
  title: 'Lampada da tavolo Arco',
  brand: 'Lumina',
  description: 'Lampada da tavolo in metallo. Luce LED calda. Interruttore sul cavo.',
  countries: ['it', 'de'],
};

/** `/products/details/:id` → `/products/details/{id}`, as OpenAPI writes paths. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

for (const target of databaseTargets()) {
  describe(`the OpenAPI document describes the service [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target);
    });
    after(async () => {
      await h.close();
    });

    test('every route the app registers is in the document, and every route in the document is registered', async () => {
      const registered = new Set<string>();
      const app = await buildApp(h.container, {
        onRoute: (route: RouteOptions) => {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          // The 405 answers of methodNotAllowed (the only routes that take OPTIONS), Fastify's own HEAD
          // twin of each GET, and the wildcard 404 under /media/ are not operations of the API.
          if (methods.includes('OPTIONS') || route.url.endsWith('*')) return;
          for (const method of methods) if (method !== 'HEAD') registered.add(`${method} ${openApiPath(route.url)}`);
        },
      });
      await app.ready();
      await app.close();
      const documented = new Set(Object.entries(serviceDocument().paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)));
      assert.ok(registered.has('POST /api/v1/products/create'), `the hook saw the routes: ${[...registered].join(', ')}`);
      assert.deepEqual([...registered].filter((r) => !documented.has(r)).sort(), [], 'registered routes missing from the document');
      assert.deepEqual([...documented].filter((r) => !registered.has(r)).sort(), [], 'documented routes the app does not serve');
    });

    test('GET /api/v1/openapi.json is public and serves the document the routes build', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.deepEqual(res.json(), JSON.parse(JSON.stringify(serviceDocument())));
      assertDocumented('GET', '/api/v1/openapi.json', res);
    });

    test('/docs is served from the package and asks the browser for nothing outside this origin', async () => {
      const page = await h.app.inject({ method: 'GET', url: '/docs' });
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/);
      assert.doesNotMatch(csp, /https?:|\*/, 'the policy names no other origin');
      assert.doesNotMatch(page.body, /(https?:)?\/\/[a-z0-9]/i, 'the page names no other origin');
      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => defined(m[1]));
      assert.deepEqual(assets.sort(), ['/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css', '/docs/vetrina-docs.js']);
      for (const asset of assets) {
        const res = await h.app.inject({ method: 'GET', url: asset });
        assert.equal(res.statusCode, 200, asset);
        assert.match(String(res.headers['content-type']), asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
        assert.ok(res.body.length > 0, asset);
      }
      const init = await h.app.inject({ method: 'GET', url: '/docs/vetrina-docs.js' });
      assert.match(init.body, /url: '\/api\/v1\/openapi\.json'/);
      assert.match(init.body, /validatorUrl: null/, 'no validator badge (it would call validator.swagger.io)');
      assert.doesNotMatch(init.body, /https?:/);
      for (const other of ['/docs/index.html', '/docs/package.json', '/docs/..%2Fpackage.json']) {
        const res = await h.app.inject({ method: 'GET', url: other });
        assert.equal(res.statusCode, 404, other);
      }
    });

    test('real answers of every route parse with the schemas the document shows', async () => {
      const { token } = await h.account(40);
      const get = async (path: string, url: string) => assertDocumented('GET', path, await h.get(url, token));
      const post = async (path: string, url: string, body: unknown) => assertDocumented('POST', path, await h.post(url, token, body));

      await get('/api/v1/account', '/api/v1/account');
      assertDocumented('GET', '/health', await h.app.inject({ method: 'GET', url: '/health' }));
      assertDocumented('GET', '/media/{file}', await h.app.inject({ method: 'GET', url: `/media/${'a'.repeat(64)}.jpg` }));
      assertDocumented('GET', '/docs/{file}', await h.app.inject({ method: 'GET', url: '/docs/nothing.js' }));

      const CREATE = '/api/v1/products/create';
      const created = (await post(CREATE, CREATE, lamp)) as { status: string; data: { imported_products: { id: string }[] } };
      assert.equal(created.status, 'success');
      const id = defined(created.data.imported_products[0]).id;
      const partial = (await post(CREATE, CREATE, { codes: `${validEans(1, 79).join(',')}, 123`, countries: ['it'] })) as { status: string };
      assert.equal(partial.status, 'partial');
      await post(CREATE, CREATE, { codes: '123,456', countries: ['it'] });
      await post(CREATE, CREATE, { codes: validEans(2, 77).join(','), countries: ['it'], colour: 'red' });
      await post(CREATE, CREATE, { codes: validEans(20, 78).join(','), countries: ['it'] });
      assertDocumented('POST', CREATE, await h.app.inject({ method: 'POST', url: CREATE, payload: '{}', headers: { 'content-type': 'application/json' } }));
      assertDocumented(
        'POST',
        CREATE,
        await h.app.inject({ method: 'POST', url: CREATE, payload: '{', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }),
      );
      assertDocumented(
        'POST',
        CREATE,
        await h.app.inject({ method: 'POST', url: CREATE, payload: 'codes=1', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' } }),
      );
      await h.settled(await h.generationIdsOf([id]));

      const details = (await get('/api/v1/products/details/{id}', `/api/v1/products/details/${id}`)) as { status: string };
      assert.equal(details.status, 'success');
      await get('/api/v1/products/details/{id}/{country}', `/api/v1/products/details/${id}/de`);
      await get('/api/v1/products/details/{id}/{country}', `/api/v1/products/details/${id}/fr`);
      await get('/api/v1/products/details/{id}', '/api/v1/products/details/nothing-like-it');

      const REGENERATE = '/api/v1/products/regenerate/{id}';
      await post(REGENERATE, `/api/v1/products/regenerate/${id}`, { fields: { title: 'shorter' } });
      await post(REGENERATE, '/api/v1/products/regenerate/nothing-like-it', { fields: { title: '' } });
      await post(REGENERATE, `/api/v1/products/regenerate/${id}`, { fields: { colour: 'x' } });
      await h.settled(await h.generationIdsOf([id]));

      const HISTORY = '/api/v1/products/details/{id}/history';
      const history = (await get(HISTORY, `/api/v1/products/details/${id}/history?limit=1`)) as { data: { versions: { id: string }[] } };
      const version = defined(history.data.versions[0], 'a version').id;
      await get(HISTORY, `/api/v1/products/details/${id}/history?limit=0`);
      await get(HISTORY, `/api/v1/products/details/${id}/history?before=00000000-0000-4000-8000-000000000000`);

      const RESTORE = '/api/v1/products/restore/{id}';
      await post(RESTORE, `/api/v1/products/restore/${id}`, { version_id: '00000000-0000-4000-8000-000000000000' });
      await post(RESTORE, `/api/v1/products/restore/${id}`, { version_id: 'not-a-uuid' });
      const restored = (await post(RESTORE, `/api/v1/products/restore/${id}`, { version_id: version })) as { status: string };
      assert.equal(restored.status, 'success');
    });
  });

  describe(`a product still in the queue, and the rate limit, are documented too [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      // Three calls a minute: the fourth shows the rate limit's answer.
      h = await startHarness(target, { workers: false, env: { RATE_LIMIT_PER_MINUTE: '3' } });
    });
    after(async () => {
      await h.close();
    });

    test('details of a queued product, a restore while it is queued, and a call over the rate limit match the document', async () => {
      const { token } = await h.account(100);
      const res = await h.post('/api/v1/products/create', token, lamp);
      const id = defined(res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]).id;
      const details = await h.get(`/api/v1/products/details/${id}`, token);
      assert.equal(details.statusCode, 202);
      assertDocumented('GET', '/api/v1/products/details/{id}', details);
      const busy = await h.post(`/api/v1/products/restore/${id}`, token, { version_id: '00000000-0000-4000-8000-000000000000' });
      assert.equal(busy.statusCode, 409);
      assertDocumented('POST', '/api/v1/products/restore/{id}', busy);
      const limited = await h.get('/api/v1/account', token);
      assert.equal(limited.statusCode, 429);
      assertDocumented('GET', '/api/v1/account', limited);
    });
  });
}
