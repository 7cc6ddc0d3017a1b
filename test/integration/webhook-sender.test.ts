import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createWebhookSender, MAX_RESPONSE_BYTES } from '../../src/webhooks/send-webhook.ts';

// The delivery request itself, against a real server on 127.0.0.1: signed, never redirected, the
// answer read to 64 KiB at most, and names that resolve to private addresses refused inside the
// socket's own lookup, before any connection.

const SECRET = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;
const message = { id: '7b1c3b0e-8a3e-4a43-9d1a-4c6f1f0c2a11', body: '{"type":"ping","timestamp":"2026-11-01T10:00:00.000Z","data":{}}', secret: SECRET };

describe('webhook sender', () => {
  let server: Server;
  let origin = '';
  let port = 0;
  const hits: { path: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let bodyBytesSent = 0;

  before(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        hits.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
        if (request.url === '/redirect') {
          response.writeHead(307, { location: `${origin}/elsewhere` });
          response.end();
        } else if (request.url === '/huge') {
          response.writeHead(200, { 'content-type': 'text/plain' });
          // 4 MiB offered in 16 KiB chunks; the sender stops reading after 64 KiB.
          const chunk = Buffer.alloc(16 * 1024, 120);
          let left = 256;
          const write = () => {
            while (left > 0) {
              left -= 1;
              bodyBytesSent += chunk.length;
              if (!response.write(chunk)) return void response.once('drain', write);
            }
            response.end();
          };
          response.on('close', () => {
            left = 0;
          });
          write();
        } else if (request.url === '/hold') {
          // never answered
        } else {
          response.writeHead(204);
          response.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const logged: { url: string; reason: string; detail: string }[] = [];
  const sender = (options: { allowed?: string[]; lookup?: LookupFunction; timeoutMs?: number } = {}) =>
    createWebhookSender({
      allowedHosts: options.allowed ?? [`127.0.0.1:${port}`],
      connectTimeoutMs: 2_000,
      userAgent: 'vetrina-test',
      logFailure: (failure) => logged.push(failure),
      ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });

  test('posts the body with Standard Webhooks headers that the standardwebhooks package verifies', async () => {
    const s = sender();
    try {
      assert.deepEqual(await s.send(`${origin}/ok`, message), { status: 204 });
      const hit = hits.at(-1);
      assert.equal(hit?.body, message.body);
      assert.equal(hit?.headers['webhook-id'], message.id);
      const verified = new Webhook(SECRET).verify(hit?.body ?? '', {
        'webhook-id': String(hit?.headers['webhook-id']),
        'webhook-timestamp': String(hit?.headers['webhook-timestamp']),
        'webhook-signature': String(hit?.headers['webhook-signature']),
      });
      assert.deepEqual(verified, JSON.parse(message.body));
    } finally {
      await s.close();
    }
  });

  test('a redirect is an answer like any other: not followed', async () => {
    const s = sender();
    try {
      const before = hits.length;
      assert.deepEqual(await s.send(`${origin}/redirect`, message), { status: 307 });
      assert.deepEqual(
        hits.slice(before).map((h) => h.path),
        ['/redirect'],
      );
    } finally {
      await s.close();
    }
  });

  test('a huge answer is read to 64 KiB and dropped', async () => {
    const s = sender();
    try {
      assert.deepEqual(await s.send(`${origin}/huge`, message), { status: 200 });
      assert.ok(bodyBytesSent < 4 * 1024 * 1024, `the server could not send its whole answer (${bodyBytesSent} bytes sent)`);
      assert.ok(MAX_RESPONSE_BYTES === 64 * 1024);
    } finally {
      await s.close();
    }
  });

  test('no answer in time and a refused connection give one reason; the difference is in the log only', async () => {
    // A port with nothing listening: bound, then closed, so connecting is refused at once.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const s = createWebhookSender({
      allowedHosts: [`127.0.0.1:${port}`, `127.0.0.1:${closedPort}`],
      connectTimeoutMs: 2_000,
      userAgent: 'vetrina-test',
      timeoutMs: 200,
      logFailure: (failure) => logged.push(failure),
    });
    try {
      const before = logged.length;
      const slow = await s.send(`${origin}/hold`, message);
      const refused = await s.send(`http://127.0.0.1:${closedPort}/in`, message);
      assert.deepEqual(slow, { status: null, error: 'network_error' });
      assert.deepEqual(refused, slow, 'an open port that holds and a closed one read alike');
      assert.deepEqual(
        logged.slice(before).map((l) => l.detail),
        ['no answer in 200 ms', 'ECONNREFUSED'],
      );
    } finally {
      await s.close();
    }
  });

  test('loopback without the operator allowing it, and a name resolving to a private address, are refused before connecting', async () => {
    const looked: string[] = [];
    const lookup: LookupFunction = (hostname, options, callback) => {
      looked.push(hostname);
      if (hostname.endsWith('.invalid')) return void callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all === true) callback(null, [{ address: '10.0.0.7', family: 4 }]);
      else callback(null, '10.0.0.7', 4);
    };
    const s = sender({ allowed: [], lookup });
    try {
      const before = hits.length;
      assert.deepEqual(await s.send(`${origin}/ok`, message), { status: null, error: 'address_blocked' });
      assert.deepEqual(await s.send('http://hooks.internal.test/in', message), { status: null, error: 'address_blocked' });
      // A name that does not resolve at all reads exactly as one that resolves to a private address.
      assert.deepEqual(await s.send('http://no-such-name.invalid/in', message), { status: null, error: 'address_blocked' });
      // The loopback server spelt as a decimal, hex, IPv4-mapped or NAT64 literal: refused as loopback.
      for (const host of ['2130706433', '0x7f.1', '[::ffff:7f00:1]', '[::ffff:127.0.0.1]', '[64:ff9b::7f00:1]']) {
        assert.deepEqual(await s.send(`http://${host}:${port}/ok`, message), { status: null, error: 'address_blocked' }, host);
      }
      assert.deepEqual(looked, ['hooks.internal.test', 'no-such-name.invalid'], 'the names were checked in the lookup');
      assert.equal(hits.length, before, 'nothing reached the server');
    } finally {
      await s.close();
    }
  });
});
