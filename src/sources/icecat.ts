import type { Config } from '../config.ts';
import type { Fact } from '../domain/facts.ts';
import { languageCode } from './remote-source-facts.ts';
import { ICECAT_SOURCE, icecatFeatureNames, icecatRecordToFacts } from './icecat-facts.ts';
import { asObject, objectAt, textAt, type JsonObject } from './remote-source-json.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { getRemoteJson, remoteJsonOptions, type RemoteFetch, type RemoteSourceOptions } from './remote-source-http.ts';
import { SourceUnavailableError, type ProductSource, type SourceQuery } from './source.ts';

// Open Icecat's JSON product API by GTIN: `GET {baseUrl}?UserName=…&Language=…&GTIN=…`.
// One language per answer, so one request per configured language; their facts are merged.

export interface IcecatSourceOptions extends RemoteSourceOptions {
  /** e.g. https://live.icecat.biz/api (operator configuration). */
  baseUrl: string;
  /** The Open Icecat account name; the API has no other credential for open content. */
  username: string;
  /** Languages asked for, one request each; English first when present, for stable attribute names. */
  languages?: readonly string[];
}

/**
 * Error codes of the JSON API (Icecat's "JSON and XML error messages" manual) that mean "this
 * account cannot have this product": 4 identifier not correct, 8 not present in the database,
 * 12 outside the account's vertical, 404 not (yet) published. Anything else (1 missing user or
 * language, 2 unknown language, 3 unknown user, 5 IP not allowed, 6/7/9/10 keys) is our set-up.
 */
const NOT_FOUND_CODES = new Set(['4', '8', '12', '404']);
const NOT_FOUND_MESSAGE = /not present in the icecat database|is not correct|not allowed to have full icecat|limited for the current user/i;

export function createIcecatSource(options: IcecatSourceOptions): ProductSource {
  const remote = remoteJsonOptions(ICECAT_SOURCE, options, { maxRedirects: 2, maxBytes: 10 * 1024 * 1024 });
  const now = options.now ?? (() => new Date());
  const languages = orderedLanguages(options.languages ?? ['en']);

  const fetchOne = async (code: string, language: string, signal?: AbortSignal): Promise<JsonObject | null> => {
    const url = new URL(options.baseUrl);
    url.searchParams.set('UserName', options.username);
    url.searchParams.set('Language', language);
    url.searchParams.set('GTIN', code);
    const answer = await getRemoteJson(url, remote, signal);
    const body = asObject(answer.body);
    if (body === undefined) throw new SourceUnavailableError(ICECAT_SOURCE, `answer ${answer.status} is JSON but not an object`);
    if (answer.status === 200 && textAt(body, 'msg') === 'OK' && objectAt(objectAt(body, 'data'), 'GeneralInfo') !== undefined) {
      return body;
    }
    const errorCode = textAt(body, 'StatusCode') ?? textAt(body, 'Code');
    const message = textAt(body, 'Message') ?? textAt(body, 'message') ?? textAt(body, 'msg') ?? 'no message';
    if ((errorCode !== undefined && NOT_FOUND_CODES.has(errorCode)) || NOT_FOUND_MESSAGE.test(message) || answer.status === 404) return null;
    // A wrong user name or a blocked IP is not "unknown product": do not let it be cached as one.
    throw new SourceUnavailableError(ICECAT_SOURCE, `answered ${answer.status}: ${message}${errorCode === undefined ? '' : ` (code ${errorCode})`}`);
  };

  return {
    name: ICECAT_SOURCE,
    cached: true,
    codeTypes: ['ean'],
    async lookup(query: SourceQuery, signal?: AbortSignal): Promise<Fact[] | null> {
      if (query.codeType !== 'ean') return null;
      const facts = new Map<string, Fact>();
      let featureNames: Map<string, string> | undefined;
      let found = false;
      // In turn, not at once: the answers share one rate limit, and the first names the features.
      for (const language of languages) {
        const record = await fetchOne(query.code, language, signal);
        if (record === null) continue;
        found = true;
        featureNames ??= icecatFeatureNames(record);
        const mapped = icecatRecordToFacts(record, { code: query.code, fetchedAt: now().toISOString(), language, featureNames });
        // Language-free facts (brand, images, kind) repeat in every answer: the first one stays.
        for (const fact of mapped) if (!facts.has(fact.id)) facts.set(fact.id, fact);
      }
      return found && facts.size > 0 ? [...facts.values()] : null;
    },
  };
}

/**
 * The source as configured (`config.sources`), or null when no Icecat user name is configured:
 * Open Icecat answers only to a registered account.
 */
export function icecatSourceFromConfig(sources: Config['sources'], fetch: RemoteFetch, languages?: readonly string[]): ProductSource | null {
  const username = sources.icecat.username;
  if (username === undefined) return null;
  return createIcecatSource({
    baseUrl: sources.icecat.baseUrl,
    username,
    languages,
    userAgent: sources.userAgent,
    timeoutMs: sources.timeoutMs,
    limiter: createRateLimiter({ requestsPerMinute: sources.icecat.requestsPerMinute }),
    fetch,
  });
}

function orderedLanguages(requested: readonly string[]): string[] {
  const unique = [...new Set(requested.map((l) => languageCode(l)).filter((l): l is string => l !== null))];
  if (unique.length === 0) return ['en'];
  return unique.includes('en') ? ['en', ...unique.filter((l) => l !== 'en')] : unique;
}
