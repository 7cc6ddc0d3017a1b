import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { z } from 'zod';
import { buildDocument } from '../../src/http/openapi/build-document.ts';
import type { RouteDoc } from '../../src/http/openapi/route-doc.ts';
import { serviceDocument } from '../../src/http/openapi/service-document.ts';
import { appTypesSource } from '../../scripts/app-types-source.ts';
import { typedClientSource } from '../client/generate-client.ts';

const widget = z.strictObject({ id: z.string(), size: z.int() }).meta({ id: 'TestWidget' });

const regenerateLike: RouteDoc = {
  method: 'POST',
  path: '/api/v1/widgets/{id}/polish',
  summary: 'Polish a widget',
  tag: 'Widgets',
  auth: 'bearer',
  params: z.strictObject({ id: z.string().describe('The widget.') }),
  query: z.strictObject({ dry_run: z.boolean().optional() }),
  body: z.strictObject({ shine: z.int().min(1).max(10) }),
  responses: { 202: { description: 'Queued.', schema: z.strictObject({ widget: widget, others: z.array(widget) }) } },
  errors: ['validation_failed', 'product_not_found', 'version_not_found', 'insufficient_credits'],
  idempotent: true,
};

const publicRoute: RouteDoc = {
  method: 'GET',
  path: '/status',
  summary: 'Status',
  tag: 'Service',
  auth: 'none',
  responses: { 200: { description: 'Up.', schema: widget } },
  errors: [],
};

type Operation = {
  operationId: string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }>; headers?: Record<string, unknown> }>;
};

const operation = (doc: ReturnType<typeof buildDocument>, path: string, method: string) => doc.paths[path]?.[method] as unknown as Operation;

describe('buildDocument', () => {
  const doc = buildDocument([regenerateLike, publicRoute], { version: '9.9.9', serverUrl: 'https://shop.example' });

  test('each error code a route lists answers with its catalogue status, codes of one status as alternatives', () => {
    const polish = operation(doc, '/api/v1/widgets/{id}/polish', 'post');
    // 409 and the second 422 come with its Idempotency-Key: a repeat still being answered, a key reused.
    assert.deepEqual(Object.keys(polish.responses).sort(), ['202', '400', '401', '402', '403', '404', '409', '413', '415', '422', '429', '500', '503']);
    assert.deepEqual(polish.responses['404']?.content?.['application/json']?.schema, {
      oneOf: [{ $ref: '#/components/schemas/ProductNotFoundError' }, { $ref: '#/components/schemas/VersionNotFoundError' }],
    });
    assert.deepEqual(polish.responses['402']?.content?.['application/json']?.schema, { $ref: '#/components/schemas/InsufficientCreditsError' });
    const credits = doc.components.schemas.InsufficientCreditsError as { required: string[] };
    assert.deepEqual(credits.required, ['status', 'code', 'message', 'required', 'available']);
  });

  test('a public route has no security and no 401; an authenticated one takes the bearer token or the review app session', () => {
    const status = operation(doc, '/status', 'get');
    assert.deepEqual(status.security, []);
    assert.deepEqual(Object.keys(status.responses).sort(), ['200', '500']);
    assert.deepEqual(operation(doc, '/api/v1/widgets/{id}/polish', 'post').security, [{ bearer: [] }, { session: [] }]);
    assert.deepEqual(doc.components.securitySchemes.bearer, { type: 'http', scheme: 'bearer', description: "An account's API token (`vetrina tokens create <account>`)." });
  });

  test('parameters, the Idempotency-Key header and the body come from the Zod schemas', () => {
    const polish = operation(doc, '/api/v1/widgets/{id}/polish', 'post');
    assert.equal(polish.operationId, 'postWidgetsByIdPolish');
    assert.deepEqual(
      polish.parameters?.map((p) => [p.name, p.in, p.required]),
      [
        ['id', 'path', true],
        ['dry_run', 'query', false],
        ['Idempotency-Key', 'header', false],
      ],
    );
    assert.equal(polish.parameters?.[0]?.description, 'The widget.');
    assert.deepEqual(polish.requestBody?.content['application/json']?.schema, {
      type: 'object',
      properties: { shine: { type: 'integer', minimum: 1, maximum: 10 } },
      required: ['shine'],
      additionalProperties: false,
    });
    assert.ok(polish.responses['202']?.headers?.['Idempotent-Replayed'], 'a replay is marked');
  });

  test('a schema named in its metadata is one component, referenced wherever it is used', () => {
    const polish = operation(doc, '/api/v1/widgets/{id}/polish', 'post');
    assert.deepEqual(polish.responses['202']?.content?.['application/json']?.schema, {
      type: 'object',
      properties: { widget: { $ref: '#/components/schemas/TestWidget' }, others: { type: 'array', items: { $ref: '#/components/schemas/TestWidget' } } },
      required: ['widget', 'others'],
      additionalProperties: false,
    });
    assert.deepEqual(operation(doc, '/status', 'get').responses['200']?.content?.['application/json']?.schema, { $ref: '#/components/schemas/TestWidget' });
    assert.deepEqual(doc.components.schemas.TestWidget?.required, ['id', 'size']);
    assert.equal(JSON.stringify(doc).includes('$defs'), false);
    assert.deepEqual(doc.servers, [{ url: 'https://shop.example' }]);
    assert.equal(doc.info.version, '9.9.9');
  });

  test('a doc whose path parameters do not match its path, or two docs of one route, are refused', () => {
    assert.throws(() => buildDocument([{ ...regenerateLike, path: '/api/v1/widgets/{widget}/polish' }], { version: '1' }), /path parameters/);
    assert.throws(() => buildDocument([publicRoute, publicRoute], { version: '1' }), /Two docs for GET \/status/);
    // A named schema reads differently as a request (a default makes a field optional) and as an answer.
    const defaulted = z.strictObject({ n: z.int().default(1) }).meta({ id: 'TestDefaulted' });
    assert.throws(
      () => buildDocument([{ ...publicRoute, method: 'POST', body: defaulted, responses: { 200: { description: 'a', schema: defaulted } } }], { version: '1' }),
      /Two different schemas are named TestDefaulted/,
    );
  });
});

describe('the service document', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(serviceDocument()) as never);
    assert.ok(result.valid, compileErrors(result));
    assert.equal(result.specification, 'OpenAPI');
    // The validator does look: a parameter in a place OpenAPI has no name for is refused.
    const broken = structuredClone(serviceDocument());
    const history = broken.paths['/api/v1/products/details/{id}/history']?.get as { parameters: { in: string }[] };
    history.parameters[1] = { ...history.parameters[1], in: 'body' };
    assert.equal((await validate(broken as never)).valid, false);
  });

  test('docs/openapi.json, which the typed client of the tests is generated from, is the document the service serves (else: npm run openapi:client)', () => {
    const committed: unknown = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    assert.deepEqual(committed, JSON.parse(JSON.stringify(serviceDocument())));
  });

  test('test/client/vetrina-api.ts, the typed client of the tests, is what the generator makes of the served document (else: npm run openapi:client)', async () => {
    const committed = readFileSync(new URL('../client/vetrina-api.ts', import.meta.url), 'utf8');
    assert.ok(committed === (await typedClientSource(serviceDocument())), 'the committed client is stale: run npm run openapi:client');
  });

  test("app/api-types.ts, the review app's wire types, is what the generator makes of the served document (else: npm run openapi:client)", async () => {
    const committed = readFileSync(new URL('../../app/api-types.ts', import.meta.url), 'utf8');
    assert.ok(committed === (await appTypesSource(serviceDocument())), 'the committed app types are stale: run npm run openapi:client');
  });

  test('every route has its error answers, and the create and regenerate routes are in it', () => {
    const paths = serviceDocument().paths;
    assert.ok(paths['/api/v1/products/create']?.post, 'create');
    assert.ok(paths['/api/v1/products/regenerate/{id}']?.post, 'regenerate');
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(item)) {
        const responses = (op as unknown as Operation).responses;
        const statuses = Object.keys(responses);
        assert.ok(statuses.includes('500'), `${method} ${path} documents 500`);
        assert.ok(
          statuses.some((s) => Number(s) < 400),
          `${method} ${path} documents a success`,
        );
      }
    }
  });
});
