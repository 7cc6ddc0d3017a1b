import type { Config } from '../config.ts';
import type { Fact } from '../domain/facts.ts';
import { asObject, objectAt, textAt } from './remote-source-json.ts';
import { OPEN_FOOD_FACTS_FIELDS, OPEN_FOOD_FACTS_SOURCE, openFoodFactsRecordToFacts } from './open-food-facts-facts.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { getRemoteJson, remoteJsonOptions, type RemoteFetch, type RemoteSourceOptions } from './remote-source-http.ts';
import { SourceUnavailableError, type ProductSource, type SourceQuery } from './source.ts';

// The Open Food Facts family through the public v3 product endpoint. `product_type=all` makes any of
// the four sites answer for all of them: a product of another type comes back as a 302 to its own
// site (openbeautyfacts, openpetfoodfacts, openproductsfacts), which we follow.

/** `userAgent`: the API asks for "AppName/Version (contact)". */
export interface OpenFoodFactsSourceOptions extends RemoteSourceOptions {
  /** e.g. https://world.openfoodfacts.org (operator configuration). */
  baseUrl: string;
  /** The redirect to the sister site is one hop; a few more allow for http → https on the way. */
  maxRedirects?: number;
}

export function createOpenFoodFactsSource(options: OpenFoodFactsSourceOptions): ProductSource {
  const remote = remoteJsonOptions(OPEN_FOOD_FACTS_SOURCE, options, { maxRedirects: 3, maxBytes: 5 * 1024 * 1024 });
  const now = options.now ?? (() => new Date());
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;

  return {
    name: OPEN_FOOD_FACTS_SOURCE,
    cached: true,
    codeTypes: ['ean'],
    async lookup(query: SourceQuery, signal?: AbortSignal): Promise<Fact[] | null> {
      if (query.codeType !== 'ean') return null;
      const url = new URL(`api/v3/product/${encodeURIComponent(query.code)}`, base);
      url.searchParams.set('product_type', 'all');
      url.searchParams.set('fields', OPEN_FOOD_FACTS_FIELDS.join(','));
      const answer = await getRemoteJson(url, remote, signal);
      const fetchedAt = now().toISOString();

      const body = asObject(answer.body);
      if (body === undefined) {
        throw new SourceUnavailableError(OPEN_FOOD_FACTS_SOURCE, `answer ${answer.status} is JSON but not an object`);
      }
      const status = textAt(body, 'status');
      const result = textAt(objectAt(body, 'result'), 'id');
      if (answer.status === 404 || result === 'product_not_found' || status === 'failure') return null;
      if (answer.status !== 200) {
        throw new SourceUnavailableError(OPEN_FOOD_FACTS_SOURCE, `answered ${answer.status} (${result ?? 'no result id'})`);
      }
      if (objectAt(body, 'product') === undefined) {
        // A success without a product is a broken answer, not an unknown product.
        throw new SourceUnavailableError(OPEN_FOOD_FACTS_SOURCE, `answered ${status ?? 'without a status'} but without a product`);
      }
      const facts = openFoodFactsRecordToFacts(body, { code: query.code, fetchedAt, answeredUrl: answer.url });
      return facts.length > 0 ? facts : null;
    },
  };
}

/** The source as configured (`config.sources`), with its own limiter at the configured rate. */
export function openFoodFactsSourceFromConfig(sources: Config['sources'], fetch: RemoteFetch): ProductSource {
  return createOpenFoodFactsSource({
    baseUrl: sources.openFoodFacts.baseUrl,
    userAgent: sources.userAgent,
    timeoutMs: sources.timeoutMs,
    limiter: createRateLimiter({ requestsPerMinute: sources.openFoodFacts.requestsPerMinute }),
    fetch,
  });
}
