import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { isIP, type LookupFunction } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { createGuardedSourceFetch, guardedSourceFetchFromConfig, sourceAllowedHosts, type GuardedSourceFetch } from '../../src/sources/guarded-source-fetch.ts';
import { createOpenFoodFactsSource, openFoodFactsSourceFromConfig } from '../../src/sources/open-food-facts.ts';
import { createRateLimiter } from '../../src/sources/rate-limiter.ts';
import { SourceUnavailableError, type ProductSource } from '../../src/sources/source.ts';
import { defined } from '../helpers/assert.ts';
import { ManualClock } from '../fakes/manual-clock.ts';
import { startFakeOpenFoodFacts, type FakeOpenFoodFacts } from '../fakes/open-food-facts-server.ts';
import { readProductFixtures } from '../fakes/product-fixtures.ts';
import { expectUnavailable } from '../helpers/source-errors.ts';

// The real Open Food Facts client, through the guarded dispatcher it uses in production, against
// a fake of the v3 API on loopback. The fake's base host (127.0.0.1) is allowed, as the configured
// base URL's host is in production.

const USER_AGENT = 'Vetrina-test/1.0 (tests@vetrina.invalid)';
const BARILLA = '8076800195057';
const NUTELLA = '3017620422003';
const ELVIVE = '3600523614516'; // beauty: lives on the sister site
const UNKNOWN = '4006381333931';

let fake: FakeOpenFoodFacts;
const pools: GuardedSourceFetch[] = [];

/** The sources' guarded fetch; names resolve through `resolveName` below, never through DNS. */
function guarded(allowedHosts: readonly string[]): GuardedSourceFetch {
  const pool = createGuardedSourceFetch({ allowedHosts, connectTimeoutMs: 2_000, lookup: resolveName });
  pools.push(pool);
  return pool;
}

function source(options: { timeoutMs?: number; requestsPerMinute?: number; clock?: ManualClock; baseUrl?: string; http?: GuardedSourceFetch } = {}): ProductSource {
  return createOpenFoodFactsSource({
    baseUrl: options.baseUrl ?? fake.url,
    userAgent: USER_AGENT,
    timeoutMs: options.timeoutMs ?? 5_000,
    limiter: createRateLimiter({ requestsPerMinute: options.requestsPerMinute ?? 100, clock: options.clock }),
    fetch: (options.http ?? guarded([new URL(fake.url).host, new URL(fake.sisterUrl).host])).fetch,
  });
}

/** Every name a test uses is on loopback; which of them may be reached is the allow list's call. */
const NAMES: Record<string, string> = { 'sister.test': '127.0.0.1', 'blocked.test': '127.0.0.1' };
const resolveName: LookupFunction = (hostname, options, callback) => {
  const address = NAMES[hostname];
  if (address === undefined) callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
  else if (options.all === true) callback(null, [{ address, family: isIP(address) }]);
  else callback(null, address, isIP(address));
};

/** The host of every connection undici opened, as its diagnostics channel reports it. */
const connectedTo: string[] = [];
const onConnected = (message: unknown) => {
  const params = (message as { connectParams?: { hostname?: unknown } }).connectParams;
  connectedTo.push(String(params?.hostname));
};

const lookup = (s: ProductSource, code: string, signal?: AbortSignal) => s.lookup({ code, codeType: 'ean' }, signal);
const valuesOf = (facts: Fact[], key: string) => facts.filter((f) => f.key === key).map((f) => f.value);

const unavailable = (promise: Promise<unknown>, message: RegExp) => expectUnavailable(promise, 'open_food_facts', message);

before(() => subscribe('undici:client:connected', onConnected));
after(async () => {
  unsubscribe('undici:client:connected', onConnected);
  await Promise.all(pools.map((pool) => pool.close()));
});

describe('Open Food Facts source', () => {
  before(async () => {
    fake = await startFakeOpenFoodFacts({ fixtures: readProductFixtures('open_food_facts') });
  });
  after(async () => {
    await fake.close();
  });

  test('a known food: facts in every language it has, with licences and the product page', async () => {
    const facts = defined(await lookup(source(), BARILLA), 'facts');
    const names = new Map(facts.filter((f) => f.key === 'name').map((f) => [f.language, f.value]));
    assert.equal(names.get('it'), 'Spaghetti n. 5');
    assert.equal(names.get('de'), 'Spaghetti Nr. 5');
    assert.equal(names.get('fr'), 'Spaghetti n°5');
    assert.deepEqual(valuesOf(facts, 'brand'), ['Barilla']);
    assert.deepEqual(valuesOf(facts, 'quantity'), ['500 g']);
    assert.deepEqual(valuesOf(facts, 'kind'), ['food']);
    assert.deepEqual(valuesOf(facts, 'allergens'), ['gluten']);
    for (const fact of facts) {
      assert.equal(fact.source, 'open_food_facts');
      assert.equal(fact.licence, fact.key === 'image' ? 'CC-BY-SA-3.0' : 'ODbL-1.0');
      assert.equal(fact.url, `${fake.url}/product/${BARILLA}`);
      assert.ok(!Number.isNaN(Date.parse(fact.fetchedAt)));
    }
  });

  test('asks the v3 endpoint once, for every product type, only for the fields it maps, and says who it is', async () => {
    const before = fake.requests.length;
    await lookup(source(), NUTELLA);
    const sent = fake.requests.slice(before);
    assert.equal(sent.length, 1);
    const request = defined(sent[0], 'request');
    assert.equal(request.method, 'GET');
    assert.equal(request.path, `/api/v3/product/${NUTELLA}`);
    assert.equal(request.query.get('product_type'), 'all');
    assert.ok(defined(request.query.get('fields'), 'fields').split(',').includes('product_name_languages'));
    assert.equal(request.userAgent, USER_AGENT);
  });

  test('reads the full product shape too (no fields= answer): localised keys, tags, images', async () => {
    const facts = defined(await lookup(source(), NUTELLA), 'facts');
    assert.ok(facts.some((f) => f.key === 'name' && f.language === 'fr' && f.value.startsWith('Pâte à tartiner Nutella')));
    assert.deepEqual(valuesOf(facts, 'allergens'), ['milk', 'nuts', 'soybeans']);
    assert.ok(valuesOf(facts, 'image').every((url) => url.startsWith('https://images.openfoodfacts.org/')));
  });

  test('an unknown code is null (404 product_not_found), not an error', async () => {
    assert.equal(await lookup(source(), UNKNOWN), null);
    assert.equal(fake.requestsFor(UNKNOWN).length, 1);
  });

  test('a beauty product: follows the redirect to the sister site and maps it as beauty', async () => {
    const facts = defined(await lookup(source(), ELVIVE), 'facts');
    assert.deepEqual(valuesOf(facts, 'kind'), ['beauty']);
    assert.ok(valuesOf(facts, 'name').some((name) => name.includes('Total Repair 5')));
    assert.deepEqual(
      fake.requestsFor(ELVIVE).map((r) => r.server),
      ['main', 'sister'],
    );
    assert.ok(fake.requestsFor(ELVIVE).every((r) => r.userAgent === USER_AGENT));
    // The page is on the site that answered.
    assert.ok(facts.every((f) => f.url === `${fake.sisterUrl}/product/${ELVIVE}`));
  });

  test('only GTINs are looked up; other codes are null without a request', async () => {
    const before = fake.requests.length;
    assert.equal(await source().lookup({ code: 'B0TESTTEST', codeType: 'asin' }, undefined), null);
    assert.equal(fake.requests.length, before);
    const s = source();
    assert.deepEqual(s.codeTypes, ['ean']);
    assert.equal(s.cached, true);
    assert.equal(s.name, 'open_food_facts');
  });

  test('429 with Retry-After: unavailable, and the source holds back every later request', async () => {
    const code = '8002270014901';
    fake.fail(code, { kind: 'rate_limited', retryAfterSeconds: 120 });
    try {
      const s = source();
      const error = await unavailable(lookup(s, code), /429/);
      assert.equal(error.retryAfterSeconds, 120);
      const before = fake.requests.length;
      // A product the fake would serve: the source does not even ask.
      const paused = await unavailable(lookup(s, BARILLA), /paused/);
      assert.ok((paused.retryAfterSeconds ?? 0) > 0 && (paused.retryAfterSeconds ?? 0) <= 120);
      assert.equal(fake.requests.length, before, 'no request while paused');
    } finally {
      fake.clearFailure(code);
    }
  });

  test('429 with a short Retry-After: the lookup waits it out and asks again', async () => {
    fake.fail(BARILLA, { kind: 'rate_limited', retryAfterSeconds: 5 });
    try {
      const clock = new ManualClock();
      const before = fake.requestsFor(BARILLA).length;
      const pending = lookup(source({ clock }), BARILLA);
      await clock.untilSleeping();
      assert.equal(fake.requestsFor(BARILLA).length - before, 1, 'the 429');
      fake.clearFailure(BARILLA);
      clock.advance(4_000);
      assert.equal(fake.requestsFor(BARILLA).length - before, 1, 'nothing is sent before the pause ends');
      clock.advance(1_000);
      const facts = defined(await pending, 'facts');
      assert.deepEqual(valuesOf(facts, 'brand'), ['Barilla']);
      assert.equal(fake.requestsFor(BARILLA).length - before, 2);
    } finally {
      fake.clearFailure(BARILLA);
    }
  });

  test('429 without Retry-After pauses the source for a minute: lookups meanwhile wait, then go on', async () => {
    const code = NUTELLA;
    fake.fail(code, { kind: 'rate_limited' });
    try {
      const clock = new ManualClock();
      const s = source({ clock });
      const before = fake.requests.length;
      const first = lookup(s, code);
      await clock.untilSleeping();
      const second = lookup(s, BARILLA);
      fake.clearFailure(code);
      clock.advance(59_000);
      assert.equal(fake.requests.length - before, 1, 'only the 429 was sent so far');
      clock.advance(1_000);
      assert.ok(defined(await first, 'first').length > 0);
      assert.deepEqual(valuesOf(defined(await second, 'second'), 'brand'), ['Barilla']);
      assert.equal(fake.requests.length - before, 3);
    } finally {
      fake.clearFailure(code);
    }
  });

  test('429 with a Retry-After above the bound fails at once, without waiting', async () => {
    const code = '8002270014918';
    fake.fail(code, { kind: 'rate_limited', retryAfterSeconds: 3600 });
    try {
      const clock = new ManualClock();
      const error = await unavailable(lookup(source({ clock }), code), /429 Too Many Requests$/);
      assert.equal(error.retryAfterSeconds, 3600);
      assert.equal(clock.sleeping, 0);
      assert.equal(fake.requestsFor(code).length, 1);
    } finally {
      fake.clearFailure(code);
    }
  });

  test('a third 429 in a row fails the lookup', async () => {
    const code = '8002270014925';
    fake.fail(code, { kind: 'rate_limited', retryAfterSeconds: 5 });
    try {
      const clock = new ManualClock();
      const failed = unavailable(lookup(source({ clock }), code), /429 Too Many Requests 3 times in a row/);
      for (let retry = 0; retry < 2; retry++) {
        await clock.untilSleeping();
        clock.advance(5_000);
      }
      const error = await failed;
      assert.equal(error.retryAfterSeconds, 5);
      assert.equal(fake.requestsFor(code).length, 3);
    } finally {
      fake.clearFailure(code);
    }
  });

  test("an abort while waiting out a 429 rejects with the caller's reason", async () => {
    const code = '8002270014932';
    fake.fail(code, { kind: 'rate_limited', retryAfterSeconds: 5 });
    try {
      const clock = new ManualClock();
      const controller = new AbortController();
      const pending = lookup(source({ clock }), code, controller.signal);
      await clock.untilSleeping();
      const reason = new Error('job cancelled');
      controller.abort(reason);
      await assert.rejects(pending, (error) => error === reason);
      assert.equal(fake.requestsFor(code).length, 1);
    } finally {
      fake.clearFailure(code);
    }
  });

  test('5xx is unavailable', async () => {
    const code = '5449000000996';
    fake.fail(code, { kind: 'server_error', status: 503 });
    try {
      await unavailable(lookup(source(), code), /503/);
    } finally {
      fake.clearFailure(code);
    }
  });

  test('no answer within the timeout is unavailable', async () => {
    const code = '8001505005707';
    fake.fail(code, { kind: 'slow' });
    try {
      await unavailable(lookup(source({ timeoutMs: 200 }), code), /did not answer within 200 ms/);
    } finally {
      fake.clearFailure(code);
    }
  });

  test('a body that is not JSON is unavailable, not "unknown product" (it would be cached as such)', async () => {
    const code = '3175681851849';
    fake.fail(code, { kind: 'malformed' });
    try {
      await unavailable(lookup(source(), code), /not JSON/);
    } finally {
      fake.clearFailure(code);
    }
  });

  test('a redirect off http(s) is not followed', async () => {
    const code = '8002270116537';
    fake.fail(code, { kind: 'redirect', location: 'file:///etc/passwd' });
    try {
      await unavailable(lookup(source(), code), /file: URL; only http\(s\) is followed/);
      assert.equal(fake.requestsFor(code).length, 1);
    } finally {
      fake.clearFailure(code);
    }
  });

  test('a redirect loop stops after a few hops', async () => {
    const code = '8000070018648';
    fake.fail(code, { kind: 'redirect', location: `/api/v3/product/${code}?product_type=all` });
    try {
      await unavailable(lookup(source(), code), /more than 3 redirects/);
      assert.equal(fake.requestsFor(code).length, 4);
    } finally {
      fake.clearFailure(code);
    }
  });

  test('a network error is unavailable', async () => {
    // Port 1 on loopback refuses connections.
    await unavailable(lookup(source({ baseUrl: 'http://127.0.0.1:1' }), BARILLA), /could not reach 127\.0\.0\.1:1/);
  });

  test("the caller's own abort is passed on as is, not as the source's failure", async () => {
    const code = '8001120890351';
    fake.fail(code, { kind: 'slow' });
    try {
      const controller = new AbortController();
      const pending = lookup(source(), code, controller.signal);
      controller.abort(new Error('job cancelled'));
      await assert.rejects(pending, (error) => !(error instanceof SourceUnavailableError) && /job cancelled/.test(String(error)));
    } finally {
      fake.clearFailure(code);
    }
  });

  test('requests wait for the limiter: no more than its per-minute rate reach the service', async () => {
    const clock = new ManualClock();
    const s = source({ requestsPerMinute: 2, clock });
    const codes = [BARILLA, NUTELLA, '5053827175432'];
    const before = fake.requests.length;
    const answers = codes.map((code) => lookup(s, code));
    await Promise.all(answers.slice(0, 2));
    await clock.untilSleeping();
    assert.equal(fake.requests.length - before, 2, 'the third waits for the window');
    clock.advance(60_000);
    const third = defined(await answers[2], 'third answer');
    assert.deepEqual(valuesOf(third, 'brand'), ["Kellogg's"]);
    assert.equal(fake.requests.length - before, 3);
  });
});

describe('Open Food Facts source: where redirects may lead', () => {
  // Main answers on 127.0.0.1 (the configured base host); its redirects name the sister site
  // `sister.test`, which the test lookup maps to the sister server on another 127.0.0.1 port.
  let named: FakeOpenFoodFacts;
  const sisterPort = () => new URL(named.sisterUrl).port;
  /** The base URL's host and port: allowing 127.0.0.1 alone would allow only ports 80 and 443. */
  const mainHost = () => new URL(named.url).host;
  before(async () => {
    named = await startFakeOpenFoodFacts({ fixtures: readProductFixtures('open_food_facts'), sisterHost: 'sister.test' });
  });
  after(async () => {
    await named.close();
  });

  const sourceAllowing = (allowedHosts: readonly string[]) => source({ baseUrl: named.url, http: guarded(allowedHosts) });

  /** Fails the test when a connection to one of `hosts` was opened while `run` ran. */
  async function withoutConnectingTo<T>(hosts: readonly string[], run: () => Promise<T>): Promise<T> {
    const before = connectedTo.length;
    const result = await run();
    assert.deepEqual(
      connectedTo.slice(before).filter((host) => hosts.includes(host)),
      [],
      'a connection was opened to a refused host',
    );
    return result;
  }

  test('the sister site is followed when its host is allowed', async () => {
    const facts = defined(await lookup(sourceAllowing([mainHost(), `sister.test:${sisterPort()}`]), ELVIVE), 'facts');
    assert.deepEqual(valuesOf(facts, 'kind'), ['beauty']);
    assert.deepEqual(
      named.requestsFor(ELVIVE).map((r) => r.server),
      ['main', 'sister'],
    );
    assert.ok(facts.every((f) => f.url === `http://sister.test:${sisterPort()}/product/${ELVIVE}`));
  });

  test('a redirect to a private address under a name that is not allowed is refused before connecting', async () => {
    const before = named.requests.length;
    const error = await withoutConnectingTo(['sister.test'], () =>
      unavailable(lookup(sourceAllowing([mainHost()]), ELVIVE), /^refused to connect to sister\.test:\d+ \(redirected from 127\.0\.0\.1:\d+\): it is a private/),
    );
    assert.equal(error.retryAfterSeconds, null);
    assert.deepEqual(
      named.requests.slice(before).map((r) => r.server),
      ['main'],
      'the sister got nothing',
    );
  });

  test('a redirect to another loopback port under an unknown-to-the-list name is refused before connecting', async () => {
    const code = '8002270116544';
    named.fail(code, { kind: 'redirect', location: `http://blocked.test:${sisterPort()}/api/v3/product/${BARILLA}?product_type=all` });
    try {
      const before = named.requests.length;
      await withoutConnectingTo(['blocked.test'], () =>
        unavailable(lookup(sourceAllowing([mainHost(), `sister.test:${sisterPort()}`]), code), /refused to connect to blocked\.test:\d+ \(redirected from 127\.0\.0\.1:\d+\)/),
      );
      assert.deepEqual(
        named.requests.slice(before).map((r) => r.path),
        [`/api/v3/product/${code}`],
        'only the redirect was asked for',
      );
    } finally {
      named.clearFailure(code);
    }
  });

  test('a redirect to the cloud metadata address is refused before connecting, even for an allowed host', async () => {
    const code = '8002270116551';
    named.fail(code, { kind: 'redirect', location: 'http://169.254.169.254/latest/meta-data/' });
    try {
      await withoutConnectingTo(['169.254.169.254'], () =>
        unavailable(lookup(sourceAllowing([mainHost(), '169.254.169.254']), code), /refused to connect to 169\.254\.169\.254 \(redirected from 127\.0\.0\.1:\d+\)/),
      );
    } finally {
      named.clearFailure(code);
    }
  });

  test('as configured: the base URL host and FETCH_ALLOWED_HOSTS are allowed, nothing else private', async () => {
    const config = loadConfig({
      SOURCES: 'open_food_facts',
      OPEN_FOOD_FACTS_URL: named.url,
      ICECAT_URL: 'http://icecat-mirror.intra:8080/api',
      FETCH_ALLOWED_HOSTS: 'cdn.intra',
    });
    assert.deepEqual(sourceAllowedHosts(config), ['cdn.intra', mainHost(), 'icecat-mirror.intra:8080']);
    const pool = guardedSourceFetchFromConfig(config, resolveName);
    pools.push(pool);
    const configured = openFoodFactsSourceFromConfig(config.sources, pool.fetch);
    assert.deepEqual(valuesOf(defined(await lookup(configured, BARILLA), 'facts'), 'brand'), ['Barilla']);
    await unavailable(lookup(configured, ELVIVE), /refused to connect to sister\.test/);
  });
});
