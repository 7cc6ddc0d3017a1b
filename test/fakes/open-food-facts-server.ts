import type { ServerResponse } from 'node:http';
import type { ProductFixture } from './product-fixtures.ts';
import { answerFailure, listen, sendJson, type FakeFailure, type SeenRequest } from './http-fake.ts';

// A fake of the Open Food Facts family's v3 product endpoint, in its wire format:
//   GET /api/v3/product/{code}[?product_type=all&fields=…]
// Two servers: `main` (Open Food Facts, food) and `sister` (standing in for Open Beauty / Pet Food /
// Products Facts). A record whose product_type is not food lives on the sister; asked on main with
// product_type=all, main answers 302 to the sister, as the real API does.

export interface FakeOpenFoodFacts {
  /** Base URL to configure as OPEN_FOOD_FACTS_URL. */
  url: string;
  /** The sister site's base URL. */
  sisterUrl: string;
  /** Every request received, on either server, in order. */
  requests: SeenRequest[];
  /** Requests for one product code (on either server). */
  requestsFor(code: string): SeenRequest[];
  /** Adds or replaces a product: `record` is the v3 response body. */
  setRecord(code: string, record: unknown): void;
  /** Makes every later request for `code` answer with a failure (until `clearFailure`). */
  fail(code: string, failure: FakeFailure): void;
  clearFailure(code: string): void;
  close(): Promise<void>;
}

const PRODUCT_PATH = /^\/api\/v3(?:\.\d+)?\/product\/([^/]+?)(?:\.json)?$/;

export interface FakeOpenFoodFactsOptions {
  fixtures?: readonly ProductFixture[];
  records?: Record<string, unknown>;
  /**
   * The name main's redirects give the sister site (default 127.0.0.1). A name needs a client
   * whose lookup maps it to 127.0.0.1: it lets a test tell the two sites' hosts apart.
   */
  sisterHost?: string;
}

export async function startFakeOpenFoodFacts(options: FakeOpenFoodFactsOptions = {}): Promise<FakeOpenFoodFacts> {
  const records = new Map<string, unknown>(Object.entries(options.records ?? {}));
  for (const fixture of options.fixtures ?? []) if (fixture.source === 'open_food_facts') records.set(fixture.code, fixture.record);
  const failures = new Map<string, FakeFailure>();
  const requests: SeenRequest[] = [];

  const typeOf = (record: unknown): string => {
    const product = typeof record === 'object' && record !== null && 'product' in record ? record.product : undefined;
    const type = typeof product === 'object' && product !== null && 'product_type' in product ? product.product_type : undefined;
    return typeof type === 'string' ? type : 'food';
  };

  let sisterUrl = '';
  const serve = (site: 'main' | 'sister') => (_request: unknown, response: ServerResponse, url: URL) => {
    const match = PRODUCT_PATH.exec(url.pathname);
    const code = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    if (code === undefined) {
      sendJson(response, 404, { status: 'failure', result: { id: 'not_found', name: 'Not found' }, errors: [], warnings: [] });
      return;
    }
    if (answerFailure(response, failures.get(code))) return;
    const record = records.get(code);
    const here = site === 'main' ? typeOf(record) === 'food' : typeOf(record) !== 'food';
    if (record !== undefined && here) {
      sendJson(response, 200, record);
      return;
    }
    if (record !== undefined && site === 'main' && url.searchParams.get('product_type') === 'all') {
      response.writeHead(302, { location: `${sisterUrl}${url.pathname}${url.search}` });
      response.end();
      return;
    }
    sendJson(response, 404, notFound(code));
  };

  const main = await listen('main', requests, serve('main'));
  const sister = await listen('sister', requests, serve('sister'));
  const named = new URL(sister.url);
  if (options.sisterHost !== undefined) named.hostname = options.sisterHost;
  sisterUrl = named.origin;

  return {
    url: main.url,
    sisterUrl,
    requests,
    requestsFor: (code) => requests.filter((r) => PRODUCT_PATH.exec(r.path)?.[1] === code),
    setRecord: (code, record) => void records.set(code, record),
    fail: (code, failure) => void failures.set(code, failure),
    clearFailure: (code) => void failures.delete(code),
    close: async () => {
      await Promise.all([main.close(), sister.close()]);
    },
  };
}

/** The v3 answer for an unknown code (HTTP 404). */
function notFound(code: string): unknown {
  return {
    code,
    errors: [
      {
        field: { id: 'code', value: code },
        impact: { id: 'failure', lc_name: 'Failure', name: 'Failure' },
        message: { id: 'product_not_found', lc_name: 'Product not found', name: 'Product not found' },
      },
    ],
    result: { id: 'product_not_found', lc_name: 'Product not found', name: 'Product not found' },
    status: 'failure',
    warnings: [],
  };
}
