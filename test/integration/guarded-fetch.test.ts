import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { request } from 'undici';
import { FetchError } from '../../src/media/fetcher.ts';
import { createGuardedAgent, createGuardedFetcher, type GuardedFetcherOptions } from '../../src/media/guarded-fetch.ts';

// One real HTTP server on 127.0.0.1 plays the image host. The fetcher reaches it as `images.test`,
// a name the injected lookup maps to 127.0.0.1 and that is on the allow list; `blocked.test` maps
// to the same server but is not allowed, so any request that reaches the server for it is a leak.

const MAX_BYTES = 64 * 1024;
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
  else res.writeHead(404).end();
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
    allowedHosts: ['images.test'],
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
    const got = await fetcher({ allowedHosts: ['127.0.0.1'] }).fetch(at('/photo.png', '127.0.0.1'));
    literalConnectionsAllowed = connectedTo.filter((host) => host === '127.0.0.1').length;
    assert.equal(literalConnectionsAllowed, 1);
    assert.equal(got.detected?.mime, 'image/png');
  });

  test('the dispatcher itself refuses an IP literal, which never goes through a lookup', async () => {
    const agent = createGuardedAgent({ maxBytes: MAX_BYTES, connectTimeoutMs: 2000, timeoutMs: 10_000, userAgent: 'x', allowedHosts: ['images.test'], lookup });
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

  test('a name that does not resolve is a network_error, not worth retrying', async () => {
    const err = await failureOf(fetcher().fetch('http://missing.test/a.png'));
    assert.equal(err.reason, 'network_error');
    assert.equal(err.transient, false);
    assert.match(err.message, /missing\.test/);
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
