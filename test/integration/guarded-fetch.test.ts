import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import sharp from 'sharp';
import { request } from 'undici';
import { FetchError } from '../../src/media/fetcher.ts';
import { createGuardedAgent, createGuardedFetcher, type GuardedFetcherOptions } from '../../src/media/guarded-fetch.ts';

// One real HTTP server on 127.0.0.1 plays the image host. The fetcher reaches it as `images.test`,
// a name the injected lookup maps to 127.0.0.1 and that is on the allow list; `blocked.test` maps
// to the same server but is not allowed, so any request that reaches the server for it is a leak.

const MAX_BYTES = 64 * 1024;
/** A small FETCH_MAX_BYTES, under which whole over-long responses arrive before they are refused. */
const SMALL_LIMIT = 1024;
const events = new EventEmitter();
const seen: { host: string; path: string }[] = [];
/** The host of every connection undici established, as its diagnostics channel reports it. */
const connectedTo: string[] = [];
let literalConnectionsAllowed = 0;
const onConnected = (message: unknown) => {
  const params = (message as { connectParams?: { hostname?: unknown } }).connectParams;
  connectedTo.push(String(params?.hostname));
};
let port = 0;
let png: Buffer;
let jpeg: Buffer;

const NAMES: Record<string, string[]> = {
  'images.test': ['127.0.0.1'],
  'blocked.test': ['127.0.0.1'],
  // a loopback answer next to a public one: the socket could pick either, so the name is refused
  // (loopback first, so that even a broken guard sends nothing beyond this machine)
  'mixed.test': ['127.0.0.1', '93.184.216.34'],
};
const asked: string[] = [];
const lookup: LookupFunction = (hostname, options, callback) => {
  asked.push(hostname);
  const found = (NAMES[hostname] ?? []).map((address) => ({ address, family: isIP(address) }));
  const first = found[0];
  if (first === undefined) callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
  else if (options.all === true) callback(null, found);
  else callback(null, first.address, first.family);
};

function route(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  const redirect = (location: string) => res.writeHead(302, { location }).end();
  if (path === '/photo.png') res.writeHead(200, { 'content-type': 'text/plain' }).end(png);
  else if (path === '/chunked.png') res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' }).end(png);
  else if (path === '/photo.jpg') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(jpeg);
  else if (path === '/notes.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('these are notes, not a photo\n');
  else if (path === '/endless.png') {
    // chunked, no Content-Length, never ends on its own: only a reader that stops and aborts frees it
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(png);
    const chunk = Buffer.alloc(16 * 1024, 1);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on('drain', pump);
    res.on('close', () => events.emit('cut', !res.writableFinished));
    pump();
  } else if (path === '/huge.png') {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MAX_BYTES * 100) });
    res.write(png);
    res.on('close', () => events.emit('cut', !res.writableFinished));
  } else if (path === '/hang') events.emit('hang');
  else if (path.startsWith('/redirect/')) {
    const left = Number(path.slice('/redirect/'.length));
    if (left <= 1) redirect('/photo.png');
    else redirect(`/redirect/${left - 1}`);
  } else if (path === '/to') redirect(url.searchParams.get('target') ?? '/');
  else if (path === '/status') res.writeHead(Number(url.searchParams.get('code'))).end('no');
  else if (path === '/secret') res.writeHead(200).end('internal data');
  else if (path === '/over-long') {
    // A small body over a small limit, sent at once: it has fully arrived when the reader stops.
    const body = Buffer.concat([png, Buffer.alloc(SMALL_LIMIT * 2, 1)]);
    if (url.searchParams.has('length')) res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(body.byteLength) }).end(body);
    else res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' }).end(body);
  } else if (path === '/sized') {
    const body = Buffer.concat([png, Buffer.alloc(Number(url.searchParams.get('bytes')) - png.byteLength, 0)]);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(body.byteLength) }).end(body);
  } else res.writeHead(404).end();
}

const server = createServer((req, res) => {
  seen.push({ host: req.headers.host ?? '', path: req.url ?? '' });
  route(req, res);
});

const fetchers: { close(): Promise<void> }[] = [];
function fetcher(overrides: Partial<GuardedFetcherOptions> = {}) {
  const f = createGuardedFetcher({
    maxBytes: MAX_BYTES,
    connectTimeoutMs: 2000,
    timeoutMs: 10_000,
    allowedHosts: [`images.test:${port}`],
    userAgent: 'VetrinaTest/1',
    lookup,
    ...overrides,
  });
  fetchers.push(f);
  return f;
}

const at = (path: string, host = 'images.test') => `http://${host}:${port}${path}`;

/** The FetchError a call rejects with; fails the test when it resolves or throws anything else. */
async function failureOf(call: Promise<unknown>): Promise<FetchError> {
  try {
    await call;
  } catch (err) {
    assert.ok(err instanceof FetchError, `expected a FetchError, got ${String(err)}`);
    return err;
  }
  assert.fail('the fetch succeeded');
}

function assertNoLeak(): void {
  assert.deepEqual(
    seen.filter((r) => r.path === '/secret' || r.host.startsWith('blocked.test') || r.host.includes('::ffff')),
    [],
    'the server received a request for a blocked address',
  );
  // Only the allowed name was ever connected to, and 127.0.0.1 in the one test that allows it.
  const others = connectedTo.filter((host) => host !== 'images.test');
  assert.deepEqual(others, Array(literalConnectionsAllowed).fill('127.0.0.1'), 'a connection was opened to a blocked address');
}

before(async () => {
  subscribe('undici:client:connected', onConnected);
  const base = sharp({ create: { width: 16, height: 12, channels: 3, background: '#c03020' } });
  png = await base.clone().png().toBuffer();
  jpeg = await base.clone().jpeg().toBuffer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  assert.ok(address !== null && typeof address === 'object');
  port = address.port;
});

after(async () => {
  unsubscribe('undici:client:connected', onConnected);
  await Promise.all(fetchers.map((f) => f.close()));
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

describe('guarded fetcher: content', () => {
  test('a PNG is recognised from its bytes although the server calls it text/plain', async () => {
    const got = await fetcher().fetch(at('/photo.png'), { expect: 'image' });
    assert.deepEqual(got.detected, { mime: 'image/png', ext: 'png' });
    assert.equal(got.declaredType, 'text/plain');
    assert.deepEqual(Buffer.from(got.bytes), png);
    assert.equal(got.url, at('/photo.png'));
  });

  test('a JPEG is recognised from its bytes although the server calls it octet-stream', async () => {
    const got = await fetcher().fetch(at('/photo.jpg'), { expect: 'image' });
    assert.deepEqual(got.detected, { mime: 'image/jpeg', ext: 'jpg' });
    assert.equal(got.bytes.byteLength, jpeg.byteLength);
  });

  test('a text file named .jpg and served as image/jpeg is refused as unexpected_type', async () => {
    const err = await failureOf(fetcher().fetch(at('/notes.jpg'), { expect: 'image' }));
    assert.equal(err.reason, 'unexpected_type');
    assert.equal(err.transient, false);
    assert.match(err.message, /images\.test.*not an image/);
  });

  test('without expect, unrecognised bytes are returned with no detected type', async () => {
    const got = await fetcher().fetch(at('/notes.jpg'));
    assert.equal(got.detected, null);
    assert.equal(Buffer.from(got.bytes).toString(), 'these are notes, not a photo\n');
  });
});

describe('guarded fetcher: size', () => {
  test('a chunked body without Content-Length is cut off once it passes maxBytes', async () => {
    const cut = once(events, 'cut');
    const err = await failureOf(fetcher().fetch(at('/endless.png'), { expect: 'image' }));
    assert.equal(err.reason, 'too_large');
    assert.equal(err.transient, false);
    assert.match(err.message, new RegExp(`images\\.test.*more than ${MAX_BYTES} bytes`));
    assert.deepEqual(await cut, [true], 'the server saw the response aborted before its end');
  });

  test('a Content-Length over the limit is refused before the body is read', async () => {
    const cut = once(events, 'cut');
    const err = await failureOf(fetcher().fetch(at('/huge.png')));
    assert.equal(err.reason, 'too_large');
    assert.match(err.message, /announced/);
    assert.deepEqual(await cut, [true]);
  });

  test('a per-call maxBytes lowers the limit', async () => {
    const err = await failureOf(fetcher().fetch(at('/photo.png'), { maxBytes: 10 }));
    assert.equal(err.reason, 'too_large');
  });
});

describe('guarded fetcher: time', () => {
  test('a server that never answers is a transient timeout', async () => {
    const err = await failureOf(fetcher({ timeoutMs: 300 }).fetch(at('/hang')));
    assert.equal(err.reason, 'timeout');
    assert.equal(err.transient, true);
    assert.match(err.message, /images\.test/);
  });

  test("the caller's signal cancels the fetch with the caller's reason", async () => {
    const controller = new AbortController();
    const hanging = once(events, 'hang');
    const call = fetcher().fetch(at('/hang'), { signal: controller.signal });
    await hanging;
    const reason = new Error('shutting down');
    controller.abort(reason);
    await assert.rejects(call, (err) => err === reason);
  });
});

describe('guarded fetcher: redirects', () => {
  test('three redirects are followed to the image', async () => {
    const got = await fetcher().fetch(at('/redirect/3'), { expect: 'image' });
    assert.equal(got.url, at('/photo.png'));
    assert.equal(got.detected?.mime, 'image/png');
  });

  test('a fourth redirect is refused and not followed', async () => {
    const before = seen.length;
    const err = await failureOf(fetcher().fetch(at('/redirect/4')));
    assert.equal(err.reason, 'too_many_redirects');
    assert.equal(err.transient, false);
    assert.deepEqual(
      seen.slice(before).map((r) => r.path),
      ['/redirect/4', '/redirect/3', '/redirect/2', '/redirect/1'],
    );
  });

  test('maxRedirects 0 refuses the first redirect', async () => {
    const err = await failureOf(fetcher({ maxRedirects: 0 }).fetch(at('/redirect/1')));
    assert.equal(err.reason, 'too_many_redirects');
  });

  /** [what, the redirect target, the host the message must name] */
  const blockedTargets: ReadonlyArray<readonly [string, () => string, string]> = [
    ['a name that resolves to loopback but is not allowed', () => at('/secret', 'blocked.test'), 'blocked.test'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['loopback written as IPv4-mapped IPv6', () => at('/secret', '[::ffff:127.0.0.1]'), '[::ffff:7f00:1]'],
    ['loopback written as a decimal number', () => `http://2130706433:${port}/secret`, '127.0.0.1'],
    ['a name with a public and a loopback address', () => at('/secret', 'mixed.test'), 'mixed.test'],
  ];
  for (const [what, target, host] of blockedTargets) {
    test(`a redirect to ${what} is refused as address_blocked before any connection`, async () => {
      const err = await failureOf(fetcher().fetch(at(`/to?target=${encodeURIComponent(target())}`)));
      assert.equal(err.reason, 'address_blocked');
      assert.equal(err.transient, false);
      assert.ok(err.message.startsWith(`${host}:`) || err.message.startsWith(`${host} `), err.message);
      if (host.endsWith('.test')) assert.doesNotMatch(err.message, /127\.0\.0\.1|93\.184/, 'the message does not tell what the name resolved to');
      assertNoLeak();
    });
  }

  test('a redirect to a non-http scheme is refused as url_invalid', async () => {
    const err = await failureOf(fetcher().fetch(at(`/to?target=${encodeURIComponent('file:///etc/passwd')}`)));
    assert.equal(err.reason, 'url_invalid');
    assert.match(err.message, /redirected from images\.test/);
  });
});

describe('guarded fetcher: addresses', () => {
  test('a blocked name or IP literal is refused without a request', async () => {
    for (const url of [at('/secret', 'blocked.test'), at('/secret', '127.0.0.1'), at('/secret', '[::1]'), 'http://[fd00:ec2::254]/latest/meta-data/']) {
      const err = await failureOf(fetcher().fetch(url));
      assert.equal(err.reason, 'address_blocked', url);
    }
    assertNoLeak();
  });

  test('an IP literal on the allow list is fetched', async () => {
    const got = await fetcher({ allowedHosts: [`127.0.0.1:${port}`] }).fetch(at('/photo.png', '127.0.0.1'));
    literalConnectionsAllowed = connectedTo.filter((host) => host === '127.0.0.1').length;
    assert.equal(literalConnectionsAllowed, 1);
    assert.equal(got.detected?.mime, 'image/png');
  });

  test('the dispatcher itself refuses an IP literal, which never goes through a lookup', async () => {
    const agent = createGuardedAgent({ maxBytes: MAX_BYTES, connectTimeoutMs: 2000, timeoutMs: 10_000, userAgent: 'x', allowedHosts: [`images.test:${port}`], lookup });
    try {
      await assert.rejects(request(at('/secret', '127.0.0.1'), { dispatcher: agent }), { name: 'AddressBlockedError' });
      await assert.rejects(request(at('/secret', '[::ffff:7f00:1]'), { dispatcher: agent }), { name: 'AddressBlockedError' });
    } finally {
      await agent.close();
    }
    assertNoLeak();
  });

  test('URLs that are not http(s) or carry credentials are refused as url_invalid', async () => {
    const before = seen.length;
    for (const url of ['ftp://images.test/a.png', 'file:///etc/passwd', `http://user:pw@images.test:${port}/photo.png`, 'not a url']) {
      const err = await failureOf(fetcher().fetch(url));
      assert.equal(err.reason, 'url_invalid', url);
      assert.doesNotMatch(`${err.message} ${err.url}`, /pw/, 'credentials are not repeated');
    }
    assert.equal(seen.length, before, 'nothing was sent');
  });

  test('a name that does not exist and a name on a private address fail alike, so internal DNS cannot be mapped', async () => {
    // Both lookups are injected: nothing is resolved by DNS, and 10.0.0.1 is refused before any socket.
    const answering =
      (answer: (callback: Parameters<LookupFunction>[2]) => void): LookupFunction =>
      (_hostname, _options, callback) =>
        answer(callback);
    const missing = answering((callback) => callback(Object.assign(new Error('getaddrinfo ENOTFOUND probe.test'), { code: 'ENOTFOUND' }), ''));
    const internal = answering((callback) => callback(null, [{ address: '10.0.0.1', family: 4 }]));
    const url = 'http://probe.test/a.png';
    const [a, b] = [await failureOf(fetcher({ lookup: missing }).fetch(url)), await failureOf(fetcher({ lookup: internal }).fetch(url))];
    assert.deepEqual([a.reason, a.message, a.transient, a.url], [b.reason, b.message, b.transient, b.url]);
    assert.equal(a.reason, 'address_blocked');
    assert.match(a.message, /^probe\.test is not fetched/);
    assert.doesNotMatch(a.message, /10\.0\.0\.1|ENOTFOUND|not found/);
  });
});

describe('guarded fetcher: HTTP status', () => {
  const cases: ReadonlyArray<readonly [number, boolean]> = [
    [404, false],
    [403, false],
    [410, false],
    [429, true],
    [500, true],
    [503, true],
  ];
  for (const [code, transient] of cases) {
    test(`${code} is an http_error, ${transient ? '' : 'not '}transient`, async () => {
      const err = await failureOf(fetcher().fetch(at(`/status?code=${code}`)));
      assert.equal(err.reason, 'http_error');
      assert.equal(err.transient, transient);
      assert.match(err.message, new RegExp(`images\\.test.*${code}`));
    });
  }
});

describe('guarded fetcher: ports of allowed hosts', () => {
  // A second loopback server stands for another service on the same host: a database, an admin port.
  const other = createServer((req, res) => {
    otherSeen.push(req.url ?? '');
    res.writeHead(200).end('internal service');
  });
  const otherSeen: string[] = [];
  let otherPort = 0;
  before(async () => {
    other.listen(0, '127.0.0.1');
    await once(other, 'listening');
    const address = other.address();
    assert.ok(address !== null && typeof address === 'object');
    otherPort = address.port;
  });
  after(async () => {
    other.closeAllConnections();
    other.close();
    await once(other, 'close');
  });

  test('an allowed host on another port is refused, directly and through a redirect, before any connection', async () => {
    for (const f of [fetcher(), fetcher({ allowedHosts: [`images.test:${port}`, `127.0.0.1:${port}`] })]) {
      for (const url of [`http://images.test:${otherPort}/secret`, `http://127.0.0.1:${otherPort}/secret`]) {
        assert.equal((await failureOf(f.fetch(url))).reason, 'address_blocked', url);
        const redirected = await failureOf(f.fetch(at(`/to?target=${encodeURIComponent(url)}`)));
        assert.equal(redirected.reason, 'address_blocked', `redirect to ${url}`);
      }
    }
    assert.deepEqual(otherSeen, [], 'the other port received a request');
  });

  test('an entry without a port allows only 80 and 443, not the port the host happens to serve on', async () => {
    const err = await failureOf(fetcher({ allowedHosts: ['images.test'] }).fetch(at('/photo.png')));
    assert.equal(err.reason, 'address_blocked');
  });

  test('an entry with a port allows exactly that port', async () => {
    const f = fetcher({ allowedHosts: [`images.test:${otherPort}`] });
    const got = await f.fetch(`http://images.test:${otherPort}/allowed`);
    assert.equal(Buffer.from(got.bytes).toString(), 'internal service');
    assert.deepEqual(otherSeen, ['/allowed']);
    assert.equal((await failureOf(f.fetch(at('/photo.png')))).reason, 'address_blocked');
  });

  test('a bad entry is refused when the fetcher is made, naming it', () => {
    assert.throws(() => createGuardedFetcher({ maxBytes: 1, connectTimeoutMs: 1, timeoutMs: 1, userAgent: 'x', allowedHosts: ['images.test:99999'] }), /"images\.test:99999"/);
  });
});

describe('guarded fetcher: never takes the process down', () => {
  test('1,000 over-long responses, with and without Content-Length, each reject as too_large', async () => {
    const f = fetcher({ maxBytes: SMALL_LIMIT, allowedHosts: [`127.0.0.1:${port}`] });
    const reasons = new Map<string, number>();
    for (let batch = 0; batch < 50; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const path = i % 2 === 0 ? '/over-long?length' : '/over-long';
          let reason = 'fetched';
          try {
            await f.fetch(at(path, '127.0.0.1'), { expect: 'image' });
          } catch (err) {
            reason = err instanceof FetchError ? err.reason : String(err);
          }
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }),
      );
    }
    literalConnectionsAllowed = connectedTo.filter((host) => host === '127.0.0.1').length;
    assert.deepEqual(Object.fromEntries(reasons), { too_large: 1000 });
    assert.equal(f.bodyBytes.inUse(), 0, 'no memory is left reserved by the failed reads');
  });
});

describe('guarded fetcher: memory budget', () => {
  const BODY = 40 * 1024;

  /** Resolves once the condition holds; the test's own timeout is the only limit. */
  async function until(condition: () => boolean): Promise<void> {
    while (!condition()) await nextTurn();
  }

  test('a second body waits until the first is released, and then arrives whole', async () => {
    const f = fetcher({ memoryBudgetBytes: BODY + 1024 });
    const first = await f.fetch(at(`/sized?bytes=${BODY}&name=first`), { expect: 'image' });
    assert.equal(f.bodyBytes.inUse(), BODY, 'an announced body reserves exactly its length');
    let arrived = false;
    const pending = f.fetch(at(`/sized?bytes=${BODY}&name=second`), { expect: 'image' }).then((got) => {
      arrived = true;
      return got;
    });
    await until(() => f.bodyBytes.waiting() === 1);
    assert.equal(arrived, false, 'the second body was read while the first was held');
    first.release();
    const second = await pending;
    assert.equal(second.bytes.byteLength, BODY);
    assert.equal(f.bodyBytes.inUse(), BODY);
    second.release();
    second.release();
    assert.equal(f.bodyBytes.inUse(), 0, 'releasing twice gives back nothing more');
  });

  test("a waiting fetch is cancelled by the caller's signal and leaves the queue", async () => {
    const f = fetcher({ memoryBudgetBytes: BODY });
    const first = await f.fetch(at(`/sized?bytes=${BODY}&name=held`));
    const controller = new AbortController();
    const waiting = f.fetch(at(`/sized?bytes=${BODY}&name=cancelled`), { signal: controller.signal });
    await until(() => f.bodyBytes.waiting() === 1);
    const reason = new Error('job stopped');
    controller.abort(reason);
    await assert.rejects(waiting, (err) => err === reason);
    assert.equal(f.bodyBytes.waiting(), 0);
    first.release();
    assert.equal(f.bodyBytes.inUse(), 0);
  });

  test('a body without Content-Length holds only what arrived once read', async () => {
    const f = fetcher({ memoryBudgetBytes: MAX_BYTES });
    const got = await f.fetch(at('/chunked.png'));
    assert.deepEqual(Buffer.from(got.bytes), png);
    assert.equal(f.bodyBytes.inUse(), got.bytes.byteLength);
    assert.equal(got.bytes.buffer.byteLength, got.bytes.byteLength, 'the memory behind the body is the body, not the room reserved for it');
    got.release();
  });
});
