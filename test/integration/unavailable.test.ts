import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import { openPostgres } from '../../src/db/postgres-database.ts';
import { buildApp } from '../../src/http/app.ts';
import { FileMediaStorage } from '../../src/media/file-media-storage.ts';
import { createMetrics } from '../../src/metrics.ts';

// A database that cannot be reached: the API answers 503 `unavailable`, says nothing internal,
// and accepts nothing. Port 1 on loopback refuses connections, so no traffic leaves the machine.
describe('database unreachable', () => {
  test('every route answers 503 unavailable with only a request id', async () => {
    const db = openPostgres('postgres://vetrina@127.0.0.1:1/vetrina', 2);
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      db,
      // Never reached: authentication needs the database first.
      queue: { generationsQueued: () => assert.fail('nothing may be queued without a database') },
      logger: pino({ level: 'silent' }),
      mediaStorage: new FileMediaStorage(join(tmpdir(), 'vetrina-unavailable-media')),
      metrics: createMetrics(),
      engines: { v1: 'template', v2: 'template' },
    });
    try {
      const token = `vt_${'a'.repeat(16)}_${'b'.repeat(43)}`;
      const requests = [
        { method: 'GET' as const, url: '/health' },
        { method: 'GET' as const, url: '/api/v1/account' },
        { method: 'POST' as const, url: '/api/v1/products/create', payload: { codes: '4006381333931', countries: ['it'] } },
      ];
      for (const r of requests) {
        const res = await app.inject({ ...r, headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-503' } });
        assert.equal(res.statusCode, 503, `${r.url}: ${res.body}`);
        const body = res.json<Record<string, unknown>>();
        assert.equal(body.status, 'error');
        assert.equal(body.code, 'unavailable');
        assert.doesNotMatch(res.body, /ECONNREFUSED|127\.0\.0\.1|stack|pg_|at /);
        assert.notEqual(res.headers['x-request-id'], 'req-503', "our id, not the caller's");
        if (r.url.startsWith('/api/')) {
          assert.equal(body.request_id, res.headers['x-request-id']);
          // Connecting failed: nothing can have been written, and the message may say so.
          assert.match(String(body.message), /nothing was accepted or charged/);
        }
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
});
