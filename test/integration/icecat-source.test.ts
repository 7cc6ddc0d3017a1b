import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import type { Fact } from '../../src/domain/facts.ts';
import { createGuardedSourceFetch, type GuardedSourceFetch } from '../../src/sources/guarded-source-fetch.ts';
import { createIcecatSource, icecatSourceFromConfig } from '../../src/sources/icecat.ts';
import { createRateLimiter } from '../../src/sources/rate-limiter.ts';
import type { ProductSource } from '../../src/sources/source.ts';
import { defined } from '../helpers/assert.ts';
import { ManualClock } from '../fakes/manual-clock.ts';
import { FAKE_ICECAT_USERNAME, startFakeIcecat, type FakeIcecat } from '../fakes/icecat-server.ts';
import { readProductFixtures } from '../fakes/product-fixtures.ts';
import { expectUnavailable } from '../helpers/source-errors.ts';

// The real Open Icecat client, through the guarded dispatcher it uses in production, against a
// fake of its JSON API on loopback (127.0.0.1 allowed, as the configured base host is).

const USER_AGENT = 'Vetrina-test/1.0 (tests@vetrina.invalid)';
const MONITOR = '0884116415589';
const HEADPHONES = '4548736132610';
const UNKNOWN = '4006381333931';

let fake: FakeIcecat;
let http: GuardedSourceFetch;

function source(options: { languages?: string[]; username?: string; timeoutMs?: number; clock?: ManualClock } = {}): ProductSource {
  return createIcecatSource({
    baseUrl: fake.url,
    username: options.username ?? FAKE_ICECAT_USERNAME,
    languages: options.languages,
    userAgent: USER_AGENT,
    timeoutMs: options.timeoutMs ?? 5_000,
    limiter: createRateLimiter({ requestsPerMinute: 100, clock: options.clock }),
    fetch: http.fetch,
  });
}

const lookup = (s: ProductSource, code: string) => s.lookup({ code, codeType: 'ean' });
const valuesOf = (facts: Fact[], key: string, attribute?: string) =>
  facts.filter((f) => f.key === key && (attribute === undefined || f.attribute === attribute)).map((f) => f.value);

const unavailable = (promise: Promise<unknown>, message: RegExp) => expectUnavailable(promise, 'icecat', message);

/** The monitor's answer in Italian: what Icecat sends for Language=it. */
function italian(record: unknown): unknown {
  const copy = structuredClone(record) as { data: { GeneralInfo: Record<string, unknown>; FeaturesGroups: Array<{ Features: Array<Record<string, unknown>> }> } };
  const info = copy.data.GeneralInfo;
  info.Title = 'DELL UltraSharp U2723QE Monitor PC 68,6 cm (27") 3840 x 2160 Pixel 4K Ultra HD LCD Nero, Argento';
  info.Category = { CategoryID: '1583', Name: { Value: 'Monitor per PC', Language: 'IT' } };
  info.Description = { LongDesc: 'Colori e contrasto eccezionali su questo monitor 4K da 27&quot; con hub USB-C.', Language: 'IT' };
  info.SummaryDescription = { ShortSummaryDescription: 'DELL UltraSharp U2723QE, 68,6 cm (27"), 3840 x 2160 Pixel', LongSummaryDescription: '' };
  info.BulletPoints = { Language: 'IT', Values: ['Pannello IPS Black 4K UHD da 27"'] };
  for (const group of copy.data.FeaturesGroups) {
    for (const feature of group.Features) {
      const name = (feature.Feature as { Name: { Value: string } }).Name;
      if (name.Value === 'Display diagonal') {
        name.Value = 'Diagonale dello schermo';
        feature.PresentationValue = '68,6 cm (27")';
      }
      if (name.Value === 'USB hub') {
        name.Value = 'Hub USB';
        feature.PresentationValue = 'Sì';
      }
    }
  }
  return copy;
}

describe('Icecat source', () => {
  before(async () => {
    const fixtures = readProductFixtures('icecat');
    fake = await startFakeIcecat({ fixtures });
    http = createGuardedSourceFetch({ allowedHosts: [new URL(fake.url).host], connectTimeoutMs: 2_000 });
    const monitor = defined(
      fixtures.find((f) => f.code === MONITOR),
      'monitor fixture',
    );
    fake.setRecord(MONITOR, 'it', italian(monitor.record));
  });
  after(async () => {
    await http.close();
    await fake.close();
  });

  test('a known GTIN: name, brand, category, features with units, descriptions, images, the Open Icecat terms', async () => {
    const facts = defined(await lookup(source(), HEADPHONES), 'facts');
    assert.deepEqual(valuesOf(facts, 'name'), ['WH-1000XM5']);
    assert.deepEqual(valuesOf(facts, 'brand'), ['Sony']);
    assert.deepEqual(valuesOf(facts, 'kind'), ['electronics']);
    assert.deepEqual(valuesOf(facts, 'category'), ['Headphones & Headsets']);
    assert.deepEqual(valuesOf(facts, 'attribute', 'battery_life'), ['30 h']);
    assert.deepEqual(valuesOf(facts, 'attribute', 'mpn'), ['WH1000XM5B.CE7']);
    assert.ok(valuesOf(facts, 'description').includes('Up to 30 hours of battery life'));
    assert.equal(valuesOf(facts, 'image').length, 3);
    for (const fact of facts) {
      assert.equal(fact.source, 'icecat');
      assert.equal(fact.licence, 'Open-Icecat');
    }
  });

  test('asks by GTIN with the user name and language, and says who it is', async () => {
    await lookup(source(), HEADPHONES);
    const request = defined(fake.requestsFor(HEADPHONES).at(-1), 'request');
    assert.equal(request.path, '/api');
    assert.equal(request.query.get('UserName'), FAKE_ICECAT_USERNAME);
    assert.equal(request.query.get('Language'), 'en');
    assert.equal(request.query.get('GTIN'), HEADPHONES);
    assert.equal(request.userAgent, USER_AGENT);
  });

  test('one request per language; features keep their English names in every language', async () => {
    const before = fake.requestsFor(MONITOR).length;
    const facts = defined(await lookup(source({ languages: ['it', 'en'] }), MONITOR), 'facts');
    const sent = fake.requestsFor(MONITOR).slice(before);
    assert.deepEqual(
      sent.map((r) => r.query.get('Language')),
      ['en', 'it'],
      'English first: it names the features',
    );

    const diagonal = facts.filter((f) => f.attribute === 'display_diagonal');
    assert.deepEqual(
      diagonal.map((f) => [f.language, f.value]),
      [
        ['en', '68.6 cm (27")'],
        ['it', '68,6 cm (27")'],
      ],
    );
    assert.deepEqual(
      facts.filter((f) => f.attribute === 'usb_hub').map((f) => [f.language, f.value]),
      [
        ['en', 'Yes'],
        ['it', 'Sì'],
      ],
    );
    assert.deepEqual(
      facts.filter((f) => f.key === 'category').map((f) => [f.language, f.value]),
      [
        ['en', 'Computer monitors'],
        ['it', 'Monitor per PC'],
      ],
    );
    assert.ok(facts.some((f) => f.key === 'description' && f.language === 'it' && f.value.includes('monitor 4K da 27"')));
    // Language-free facts appear once.
    assert.deepEqual(valuesOf(facts, 'brand'), ['DELL']);
    assert.equal(new Set(facts.map((f) => f.id)).size, facts.length);
  });

  test('a language Icecat does not have is skipped; the others still answer', async () => {
    const facts = defined(await lookup(source({ languages: ['en', 'pt'] }), HEADPHONES), 'facts');
    assert.ok(facts.every((f) => f.language === null || f.language === 'en'));
  });

  test('an unknown GTIN is null, not an error', async () => {
    assert.equal(await lookup(source({ languages: ['en', 'it'] }), UNKNOWN), null);
    assert.equal(fake.requestsFor(UNKNOWN).length, 2);
  });

  test('an unknown user name is unavailable (set-up), never "unknown product"', async () => {
    await unavailable(lookup(source({ username: 'nobody-here' }), HEADPHONES), /the Icecat user is unknown \(code 3\)/);
  });

  test('429 with a long Retry-After: unavailable, and no request is sent while paused', async () => {
    fake.fail(MONITOR, { kind: 'rate_limited', retryAfterSeconds: 300 });
    try {
      const s = source();
      const error = await unavailable(lookup(s, MONITOR), /429/);
      assert.equal(error.retryAfterSeconds, 300);
      const before = fake.requests.length;
      await unavailable(lookup(s, HEADPHONES), /paused/);
      assert.equal(fake.requests.length, before);
    } finally {
      fake.clearFailure(MONITOR);
    }
  });

  test('429 with a short Retry-After between two languages: waited out, and both languages answer', async () => {
    const clock = new ManualClock();
    const before = fake.requestsFor(MONITOR).length;
    fake.fail(MONITOR, { kind: 'rate_limited', retryAfterSeconds: 10 }, { language: 'it' });
    try {
      const pending = lookup(source({ languages: ['en', 'it'], clock }), MONITOR);
      await clock.untilSleeping();
      fake.clearFailure(MONITOR);
      clock.advance(10_000);
      const facts = defined(await pending, 'facts');
      assert.deepEqual(
        facts.filter((f) => f.key === 'category').map((f) => f.language),
        ['en', 'it'],
      );
      assert.deepEqual(
        fake
          .requestsFor(MONITOR)
          .slice(before)
          .map((r) => r.query.get('Language')),
        ['en', 'it', 'it'],
      );
    } finally {
      fake.clearFailure(MONITOR);
    }
  });

  test('5xx, no answer in time, and a body that is not JSON are unavailable', async () => {
    fake.fail(MONITOR, { kind: 'server_error' });
    try {
      await unavailable(lookup(source(), MONITOR), /500/);
      fake.fail(MONITOR, { kind: 'slow' });
      await unavailable(lookup(source({ timeoutMs: 200 }), MONITOR), /did not answer within 200 ms/);
      fake.fail(MONITOR, { kind: 'malformed' });
      await unavailable(lookup(source(), MONITOR), /not JSON/);
    } finally {
      fake.clearFailure(MONITOR);
    }
  });

  test('the configured source exists only with a user name', () => {
    assert.equal(icecatSourceFromConfig(loadConfig({}).sources, http.fetch), null);
    const configured = defined(icecatSourceFromConfig(loadConfig({ ICECAT_USERNAME: 'someone' }).sources, http.fetch), 'source');
    assert.equal(configured.name, 'icecat');
    assert.equal(configured.cached, true);
    assert.deepEqual(configured.codeTypes, ['ean']);
  });
});
