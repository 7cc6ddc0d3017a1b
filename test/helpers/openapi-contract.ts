import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Checks real traffic against the published OpenAPI document, as a validating proxy would: every
// answer (status, media type, body) must be one its operation declares, and every request the
// service accepted (2xx) must be one the document allows (media type, body, query). The harness
// runs every request of the integration tests through it.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface Exchange {
  method: string;
  /** The route that answered, as Fastify writes it (`/api/v1/products/details/:id`); absent for a 404 of no route. */
  route: string | undefined;
  url: string;
  requestContentType: string | undefined;
  /** The parsed JSON body; undefined when there was none or it was read as a stream. */
  requestBody: unknown;
  query: Record<string, string | string[] | undefined>;
  status: number;
  responseContentType: string | undefined;
  responseBody: Buffer;
}

interface Operation {
  operationId: string;
  pointer: string;
  parameters: JsonObject[];
  requestBody: JsonObject | undefined;
  responses: JsonObject;
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const pointerOf = (...tokens: string[]) => tokens.map((t) => `/${t.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** `/products/details/:id` → `/products/details/{id}`, as OpenAPI writes paths. */
export const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The documented media type `actual` falls under: itself, `type/*` or `*\/*`. */
function declaredMediaType(content: JsonObject, actual: string): string | undefined {
  if (content[actual] !== undefined) return actual;
  const wildcard = `${actual.split('/')[0]}/*`;
  if (content[wildcard] !== undefined) return wildcard;
  return content['*/*'] === undefined ? undefined : '*/*';
}

export class OpenApiContract {
  readonly #ajv: Ajv2020;
  readonly #operations = new Map<string, Operation>();
  readonly #validators = new Map<string, ValidateFunction>();
  /** Each operation's answers checked so far, by operationId, as `status media-type`. */
  readonly checked = new Map<string, Set<string>>();
  /** How many answers were checked (every request to an operation of the document). */
  answers = 0;

  constructor(document: JsonObject) {
    // OpenAPI's own keywords (`openapi`, `paths` …) sit beside the schemas: not strict.
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(this.#ajv);
    this.#ajv.addSchema(document, 'openapi');
    const paths = isObject(document.paths) ? document.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (!isObject(op)) continue;
        this.#operations.set(`${method.toUpperCase()} ${path}`, {
          operationId: String(op.operationId),
          pointer: pointerOf('paths', path, method),
          parameters: Array.isArray(op.parameters) ? op.parameters.filter(isObject) : [],
          requestBody: isObject(op.requestBody) ? op.requestBody : undefined,
          responses: isObject(op.responses) ? op.responses : {},
        });
      }
    }
  }

  /** The operations of the document, by operationId. */
  operationIds(): string[] {
    return [...this.#operations.values()].map((op) => op.operationId);
  }

  /** What in `exchange` the document does not allow; empty when it all matches. */
  check(exchange: Exchange): string[] {
    if (exchange.route === undefined || exchange.method === 'HEAD' || exchange.method === 'OPTIONS') return [];
    const operation = this.#operations.get(`${exchange.method} ${openApiPath(exchange.route)}`);
    // Not an operation of the API (the 405 of a known path, the metrics route): nothing to check against.
    if (operation === undefined) return [];
    this.answers += 1;
    const where = `${exchange.method} ${exchange.url} → ${exchange.status}`;
    const problems = [...this.#checkResponse(operation, exchange), ...(exchange.status < 300 ? this.#checkRequest(operation, exchange) : [])];
    return problems.map((p) => `${where}: ${p}`);
  }

  #checkResponse(operation: Operation, exchange: Exchange): string[] {
    const status = String(exchange.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => operation.responses[k] !== undefined);
    const response = key === undefined ? undefined : operation.responses[key];
    if (key === undefined || !isObject(response)) return [`the status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`];
    const mediaType = mediaTypeOf(exchange.responseContentType);
    const record = (media: string) => {
      const seen = this.checked.get(operation.operationId) ?? new Set<string>();
      seen.add(`${status} ${media}`);
      this.checked.set(operation.operationId, seen);
    };
    if (!isObject(response.content)) {
      record('-');
      return exchange.responseBody.length === 0 ? [] : [`the answer has a body (${mediaType || 'no media type'}) where its status declares none`];
    }
    const declared = declaredMediaType(response.content, mediaType);
    if (declared === undefined) return [`the media type "${mediaType}" is not one declared (${Object.keys(response.content).join(', ')})`];
    record(declared);
    if (!isJson(mediaType)) return [];
    let body: unknown;
    try {
      body = JSON.parse(exchange.responseBody.toString('utf8'));
    } catch {
      return [`the ${mediaType} body is not JSON: ${exchange.responseBody.toString('utf8').slice(0, 200)}`];
    }
    return this.#validate(pointerOf('responses', key, 'content', declared, 'schema'), operation, body, 'the body');
  }

  #checkRequest(operation: Operation, exchange: Exchange): string[] {
    const problems: string[] = [];
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
      const value = exchange.query[parameter.name];
      if (value === undefined) {
        if (parameter.required === true) problems.push(`the required query parameter ${parameter.name} was missing, and the service accepted it`);
        continue;
      }
      const index = operation.parameters.indexOf(parameter);
      const pointer = `${pointerOf('parameters', String(index), 'schema')}`;
      problems.push(...this.#validate(pointer, operation, coerce(value, parameter.schema), `the query parameter ${parameter.name}`));
    }
    const content = operation.requestBody?.content;
    const mediaType = mediaTypeOf(exchange.requestContentType);
    if (mediaType === '') return problems;
    if (!isObject(content)) return [...problems, `the service accepted a ${mediaType} body the operation does not declare`];
    const declared = declaredMediaType(content, mediaType);
    if (declared === undefined) return [...problems, `the service accepted a ${mediaType} body; the document allows only ${Object.keys(content).join(', ')}`];
    if (isJson(mediaType) && exchange.requestBody !== undefined) {
      problems.push(...this.#validate(pointerOf('requestBody', 'content', declared, 'schema'), operation, exchange.requestBody, 'the service accepted a request body that'));
    }
    return problems;
  }

  #validate(pointer: string, operation: Operation, value: unknown, what: string): string[] {
    const ref = `openapi#${operation.pointer}${pointer}`;
    let validate = this.#validators.get(ref);
    if (validate === undefined) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#validators.set(ref, validate);
    }
    if (validate(value)) return [];
    const shown = JSON.stringify(value);
    return [`${what} does not match its schema: ${this.#ajv.errorsText(validate.errors, { dataVar: 'body' })}\n    ${shown.length > 600 ? `${shown.slice(0, 600)}…` : shown}`];
  }
}

/** A query string value as the schema's type reads it (`?limit=5` is the integer 5). */
function coerce(value: string | string[], schema: Json | undefined): unknown {
  const single = Array.isArray(value) ? value[0] : value;
  if (!isObject(schema) || single === undefined) return single;
  if (schema.type === 'array') return Array.isArray(value) ? value : value.split(',');
  if ((schema.type === 'integer' || schema.type === 'number') && single.trim() !== '' && Number.isFinite(Number(single))) return Number(single);
  if (schema.type === 'boolean' && (single === 'true' || single === 'false')) return single === 'true';
  return single;
}
