import assert from 'node:assert/strict';
import { ERROR_STATUS, type ErrorCode } from '../../src/http/errors.ts';
import { allRouteDocs } from '../../src/http/openapi/all-route-docs.ts';
import { errorCodesOf } from '../../src/http/openapi/build-document.ts';
import type { RouteDoc } from '../../src/http/openapi/route-doc.ts';
import { errorBodySchema } from '../../src/http/response-schemas.ts';

export function routeDoc(method: RouteDoc['method'], path: string): RouteDoc {
  const doc = allRouteDocs().find((d) => d.method === method && d.path === path);
  assert.ok(doc, `no RouteDoc for ${method} ${path}`);
  return doc;
}

/**
 * Checks one real answer against what the OpenAPI document says of its route: a documented
 * success status whose body parses with the response schema, or an error whose code the route
 * lists (or every authenticated route may answer) and whose body parses with that code's schema.
 * Returns the parsed body.
 */
export function assertDocumented(method: RouteDoc['method'], path: string, res: { statusCode: number; body: string }): unknown {
  const doc = routeDoc(method, path);
  const body: unknown = JSON.parse(res.body);
  const declared = doc.responses[res.statusCode];
  if (declared?.schema !== undefined) {
    const parsed = declared.schema.safeParse(body);
    assert.ok(
      parsed.success,
      `${method} ${path} ${res.statusCode}: the body does not match its documented schema: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}\n${res.body}`,
    );
    return parsed.data;
  }
  const code = (body as { code?: unknown }).code;
  assert.equal(typeof code, 'string', `${method} ${path} answered an undocumented ${res.statusCode}: ${res.body}`);
  const errorCode = code as ErrorCode;
  assert.equal(ERROR_STATUS[errorCode], res.statusCode, `${code} is not a ${res.statusCode}`);
  assert.ok(errorCodesOf(doc).includes(errorCode), `${method} ${path} does not list the error ${code} it answered`);
  const parsed = (doc.errorBodies?.[errorCode] ?? errorBodySchema(errorCode)).safeParse(body);
  assert.ok(parsed.success, `${method} ${path} ${code}: the body does not match its documented schema: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}\n${res.body}`);
  return parsed.data;
}
