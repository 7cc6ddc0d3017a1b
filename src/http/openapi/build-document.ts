import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';
import { errorBodySchema } from '../response-schemas.ts';
import type { RouteDoc } from './route-doc.ts';

// The OpenAPI 3.1 document, built from the routes' docs and nothing else: every schema in it is
// the JSON Schema Zod derives from the schema the route validates with (requests) or the tests
// parse its answers with (responses). Pure: the same docs always give the same document.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers?: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}

export interface DocumentOptions {
  /** The service's version (package.json). */
  version: string;
  /** Where the API is served; omitted, clients resolve paths against the document's own origin. */
  serverUrl?: string;
}

/** Every route behind a token can also answer these (`forbidden`: a token of the other kind, account or admin). */
const AUTHENTICATED_ERRORS: readonly ErrorCode[] = ['unauthorized', 'forbidden', 'rate_limited', 'internal_error', 'unavailable'];
/** Every route that reads a body can also answer these before its handler runs. */
const BODY_ERRORS: readonly ErrorCode[] = ['invalid_json', 'unsupported_media_type', 'payload_too_large'];
/**
 * What a retried key can answer, and `validation_failed` for a malformed key (on a route that
 * reads no body too); looked up by name so the list follows the catalogue in errors.ts.
 */
const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['validation_failed', 'idempotency_key_reused', 'idempotency_key_in_use'].filter(
  (code): code is ErrorCode => code in ERROR_STATUS,
);

const SECURITY: Record<RouteDoc['auth'], JsonObject[]> = {
  // Either one: the review app's cookie stands for the token it was started with (POST /api/v1/session).
  bearer: [{ bearer: [] }, { session: [] }],
  admin: [{ adminBearer: [] }],
  none: [],
};

const DESCRIPTION = [
  'Vetrina creates product content from product codes. Every `/api/v1` route except this document takes `Authorization: Bearer <token>`.',
  'Every error body is `{"status":"error","code":…}`: `validation_failed` carries `errors` (readable messages by request field path), every other code a `message`.',
  'Each response carries an `x-request-id` header; quote it when reporting a problem.',
].join('\n\n');

export function buildDocument(docs: readonly RouteDoc[], options: DocumentOptions): OpenApiDocument {
  const components = new SchemaComponents();
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  const operationIds = new Set<string>();
  for (const doc of docs) {
    const item = paths[doc.path] ?? {};
    paths[doc.path] = item;
    const method = doc.method.toLowerCase();
    if (item[method] !== undefined) throw new Error(`Two docs for ${doc.method} ${doc.path}.`);
    const operation = operationOf(doc, components);
    const id = String(operation.operationId);
    if (operationIds.has(id)) throw new Error(`Two operations are named ${id}.`);
    operationIds.add(id);
    item[method] = operation;
    if (!tags.includes(doc.tag)) tags.push(doc.tag);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vetrina API', version: options.version, description: DESCRIPTION },
    ...(options.serverUrl === undefined ? {} : { servers: [{ url: options.serverUrl }] }),
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: components.sorted(),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: "An account's API token (`vetrina tokens create <account>`)." },
        adminBearer: { type: 'http', scheme: 'bearer', description: 'An admin token (`vetrina tokens create --admin`).' },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-vetrina_session',
          description:
            "The review app's session (POST /api/v1/session); named `vetrina_session` only on plain http from the server's own machine. Every POST, PUT, PATCH and DELETE with it must send its CSRF token in `x-csrf-token`.",
        },
      },
    },
  };
}

function operationOf(doc: RouteDoc, components: SchemaComponents): JsonObject {
  const parameters: Json[] = [...parametersOf(doc, components)];
  if (doc.idempotent === true) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Any 1–255 printable ASCII characters. A repeat with the same key and request within 24 hours gets the first answer again, and changes and charges nothing.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
    });
  }
  const operation: JsonObject = {
    operationId: operationIdOf(doc),
    summary: doc.summary,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    tags: [doc.tag],
    security: SECURITY[doc.auth],
  };
  if (parameters.length > 0) operation.parameters = parameters;
  if (doc.body !== undefined) {
    operation.requestBody = { required: true, content: contentOf(doc.bodyContentType, components.convert(doc.body, 'input')) };
  }
  operation.responses = responsesOf(doc, components);
  return operation;
}

function parametersOf(doc: RouteDoc, components: SchemaComponents): JsonObject[] {
  const placeholders = [...doc.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const path = objectProperties(doc.params, components);
  const named = path.map((p) => p.name);
  if (placeholders.length !== named.length || placeholders.some((name) => !named.includes(name))) {
    throw new Error(`${doc.method} ${doc.path}: path parameters ${JSON.stringify(named)} do not match the path.`);
  }
  const query = objectProperties(doc.query, components);
  return [...path.map((p) => parameter(p, 'path', true)), ...query.map((p) => parameter(p, 'query', p.required))];
}

function parameter(p: { name: string; schema: JsonObject }, location: 'path' | 'query', required: boolean): JsonObject {
  const { description, ...schema } = p.schema;
  return { name: p.name, in: location, required, ...(typeof description === 'string' ? { description } : {}), schema };
}

function objectProperties(schema: z.ZodObject | undefined, components: SchemaComponents): { name: string; schema: JsonObject; required: boolean }[] {
  if (schema === undefined) return [];
  const json = components.convert(schema, 'input');
  const properties = json.properties;
  const required = Array.isArray(json.required) ? json.required : [];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  return Object.entries(properties).map(([name, value]) => ({
    name,
    schema: typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {},
    required: required.includes(name),
  }));
}

function responsesOf(doc: RouteDoc, components: SchemaComponents): JsonObject {
  const responses: JsonObject = {};
  const replayed =
    doc.idempotent === true
      ? { 'Idempotent-Replayed': { description: '`true` when this is the kept answer to an earlier request with the same key.', schema: { type: 'string', enum: ['true'] } } }
      : undefined;
  for (const [status, response] of Object.entries(doc.responses)) {
    const ok = Number(status) < 400;
    responses[status] = {
      description: response.description,
      ...(ok && replayed !== undefined ? { headers: replayed } : {}),
      ...(response.schema === undefined ? {} : { content: contentOf(response.contentType, components.convert(response.schema, 'output')) }),
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(doc)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    // A success status the route declares is its own (no error code answers below 400).
    if (responses[status] !== undefined) continue;
    const schemas = list.map((code) => components.convert(doc.errorBodies?.[code] ?? errorBodySchema(code), 'output'));
    responses[status] = {
      description: list.map((code) => `\`${code}\``).join(', '),
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds until the token may call again.', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: schemas.length === 1 ? (schemas[0] ?? {}) : { oneOf: schemas } } },
    };
  }
  return responses;
}

/** One media type or several, each with the same schema. */
function contentOf(mediaTypes: string | readonly string[] | undefined, schema: JsonObject): JsonObject {
  const list: readonly string[] = mediaTypes === undefined ? ['application/json'] : typeof mediaTypes === 'string' ? [mediaTypes] : mediaTypes;
  return Object.fromEntries(list.map((mediaType) => [mediaType, { schema }]));
}

/** Every error code a route can answer: its own, and those every route of its kind can. */
export function errorCodesOf(doc: RouteDoc): ErrorCode[] {
  const codes = new Set<ErrorCode>(doc.errors);
  if (doc.body !== undefined) for (const code of BODY_ERRORS) codes.add(code);
  if (doc.idempotent === true) for (const code of IDEMPOTENCY_ERRORS) codes.add(code);
  for (const code of doc.auth === 'none' ? ['internal_error' as const] : AUTHENTICATED_ERRORS) codes.add(code);
  return [...codes];
}

/** `GET /api/v1/products/details/{id}` → `getProductsDetailsById`, unless the doc names it. */
function operationIdOf(doc: RouteDoc): string {
  if (doc.operationId !== undefined) return doc.operationId;
  const words = doc.path
    .replace(/^\/api\/v1(?=\/)/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      const parts = (param ?? segment).split(/[^A-Za-z0-9]+/).filter((p) => p !== '');
      return param === undefined ? parts : ['by', ...parts];
    });
  return doc.method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** Zod → JSON Schema, with every schema named in its metadata (`id`) moved to components once. */
class SchemaComponents {
  readonly #schemas: Record<string, JsonObject> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
    const { $schema: _dialect, $defs, ...rest } = json;
    if (typeof $defs === 'object' && $defs !== null && !Array.isArray($defs)) {
      for (const [name, def] of Object.entries($defs)) {
        const moved = toComponentRefs(def);
        if (typeof moved !== 'object' || moved === null || Array.isArray(moved)) continue;
        const existing = this.#schemas[name];
        if (existing !== undefined && !isDeepStrictEqual(existing, moved)) throw new Error(`Two different schemas are named ${name}.`);
        this.#schemas[name] = moved;
      }
    }
    const out = toComponentRefs(rest);
    return typeof out === 'object' && out !== null && !Array.isArray(out) ? out : {};
  }

  sorted(): Record<string, JsonObject> {
    return Object.fromEntries(Object.entries(this.#schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}

function toComponentRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === '$ref' && typeof item === 'string' ? item.replace(/^#\/\$defs\//, '#/components/schemas/') : toComponentRefs(item)]),
  );
}
