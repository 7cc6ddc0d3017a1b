import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { eventBody, orderingKey, parseRetrySchedule, shouldDisable } from '../../src/domain/webhooks.ts';
import { parseAllowedHosts } from '../../src/domain/address-policy.ts';
import { checkEndpointUrl } from '../../src/services/register-webhook.ts';
import { parseSecretKey } from '../../src/config.ts';
import { KEY_FILE, keyFromFile, openWith, sealWith } from '../../src/webhooks/secret-box.ts';

describe('webhook retry schedule', () => {
  test('an override is whole seconds, comma-separated', () => {
    assert.deepEqual(parseRetrySchedule('1, 2,3'), { ok: true, value: [1, 2, 3] });
    for (const bad of ['', 'a', '1,-2', '1.5', '999999999']) assert.equal(parseRetrySchedule(bad).ok, false, bad);
  });

  test('an endpoint is disabled once it has failed for five full days', () => {
    const since = new Date('2026-11-01T00:00:00Z');
    assert.equal(shouldDisable(since, new Date('2026-11-05T23:59:59Z')), false);
    assert.equal(shouldDisable(since, new Date('2026-11-06T00:00:00Z')), true);
  });
});

describe('webhook events', () => {
  test('the body is the Standard Webhooks shape: type, timestamp, data', () => {
    const body = JSON.parse(eventBody('product.completed', new Date('2026-11-01T10:00:00Z'), { product_id: 'p' }));
    assert.deepEqual(body, { type: 'product.completed', timestamp: '2026-11-01T10:00:00.000Z', data: { product_id: 'p' } });
  });

  test("a product's events share one line; credits.low one per account; a ping its own", () => {
    assert.equal(orderingKey({ productId: 'p1', accountId: 'a', eventId: 'e1', type: 'product.failed' }), 'product:p1');
    assert.equal(orderingKey({ accountId: 'a', eventId: 'e1', type: 'credits.low' }), 'account:a');
    assert.equal(orderingKey({ accountId: 'a', eventId: 'e1', type: 'ping' }), 'event:e1');
  });
});

describe('endpoint URL guard (no connection is made)', () => {
  test('private, loopback, link-local, metadata and unspecified addresses are refused', () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10:8080/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://100.64.0.1/hook',
    ]) {
      assert.equal(checkEndpointUrl(url, []).ok, false, url);
    }
  });

  test('other schemes and URLs with credentials are refused', () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'http://user:pw@example.com/', 'not a url']) assert.equal(checkEndpointUrl(url, []).ok, false, url);
  });

  test('public addresses and names pass; a name is checked again at each delivery, in its DNS lookup', () => {
    assert.deepEqual(checkEndpointUrl('https://8.8.8.8/hook', []), { ok: true, url: 'https://8.8.8.8/hook' });
    assert.equal(checkEndpointUrl('https://hooks.example.com/in', []).ok, true);
  });

  test('the operator may allow a private host, on the port it names only', () => {
    assert.equal(checkEndpointUrl('http://127.0.0.1:9000/hook', parseAllowedHosts(['127.0.0.1:9000'])).ok, true);
    assert.equal(checkEndpointUrl('http://127.0.0.1:9001/hook', parseAllowedHosts(['127.0.0.1:9000'])).ok, false);
    assert.equal(checkEndpointUrl('http://169.254.169.254/x', parseAllowedHosts(['169.254.169.254'])).ok, false, 'metadata stays refused');
  });
});

describe('endpoint secrets at rest', () => {
  const key = Buffer.alloc(32, 7);

  test('sealed with AES-256-GCM: opens with the key, not without it, and a changed byte fails', () => {
    const sealed = sealWith(key, 'whsec_abc');
    assert.ok(!sealed.includes('whsec_abc'));
    assert.notEqual(sealWith(key, 'whsec_abc'), sealed, 'a fresh IV each time');
    assert.equal(openWith(key, sealed), 'whsec_abc');
    assert.throws(() => openWith(Buffer.alloc(32, 8), sealed));
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`].join('.');
    assert.throws(() => openWith(key, tampered));
  });

  test('the key file in DATA_DIR is created readable by its owner only, and one others can read is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetrina-key-'));
    try {
      const key = keyFromFile(dir);
      const path = join(dir, KEY_FILE);
      assert.equal(statSync(path).mode & 0o777, 0o600);
      assert.deepEqual(keyFromFile(dir), key, 'read back, not replaced');
      chmodSync(path, 0o644);
      assert.throws(() => keyFromFile(dir), /chmod 600/);
      writeFileSync(path, 'ab'.repeat(32), { mode: 0o640 });
      assert.throws(() => keyFromFile(dir), /chmod 600/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('WEBHOOK_SECRET_KEY is 32 bytes, as hex or base64', () => {
    assert.equal(parseSecretKey('ab'.repeat(32))?.length, 32);
    assert.equal(parseSecretKey(Buffer.alloc(32, 1).toString('base64'))?.length, 32);
    assert.equal(parseSecretKey('short'), null);
  });
});
