import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { Agent, fetch } from 'undici';
import { createContainer } from '../../src/container.ts';
import { buildApp } from '../../src/http/app.ts';
import { authenticate } from '../../src/http/auth.ts';
import { handleError } from '../../src/http/errors.ts';
import { allRouteDocs } from '../../src/http/openapi/all-route-docs.ts';
import { useIdempotencyKeys } from '../../src/http/idempotency.ts';
import { pruneIdempotencyKeysHourly } from '../../src/jobs/prune-idempotency-keys.ts';
import { validEans } from '../helpers/codes.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function send(app: FastifyInstance, method: Method, url: string, token: string, key: string | undefined, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

async function footprint(h: Harness, accountId: string) {
  const [row] = await h.container.db.query<{ credits: number; ledger: number; products: number; generations: number }>(
    `SELECT (SELECT credits FROM account_balances WHERE account_id = $1) AS credits,
            (SELECT count(*)::int FROM credit_ledger WHERE account_id = $1) AS ledger,
            (SELECT count(*)::int FROM products WHERE account_id = $1) AS products,
            (SELECT count(*)::int FROM generations WHERE account_id = $1) AS generations`,
    [accountId],
  );
  return row;
}

/** A scope of its own with the idempotency hooks: a route that waits on a gate, and one that fails once. */
async function testScopeApp(h: Harness) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const entered = new EventTarget();
  let slowRuns = 0;
  let boomRuns = 0;
  const app: FastifyInstance = Fastify();
  app.setErrorHandler(handleError);
  app.decorateRequest('auth', null);
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(h.container.db, { idleSeconds: h.container.config.appSessionIdleSeconds, publicHttps: false }));
    useIdempotencyKeys(scope, { db: h.container.db });
    scope.post('/slow', async (_request, reply) => {
      slowRuns += 1;
      entered.dispatchEvent(new Event('entered'));
      await gate;
      return reply.code(201).send({ run: slowRuns });
    });
    scope.put('/boom', async () => {
      boomRuns += 1;
      if (boomRuns === 1) throw new Error('unexpected failure');
      return { run: boomRuns };
    });
  });
  await app.ready();
  return { app, release, entered, runs: () => ({ slow: slowRuns, boom: boomRuns }) };
}

for (const target of databaseTargets()) {
  describe(`Idempotency-Key [${target.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(target, { workers: false, env: { DB_POOL_SIZE: '10' } });
    });
    after(async () => {
      await h.close();
    });

    test('a repeated create answers the same status and body, marked replayed, and charges nothing', async () => {
      const { id, token } = await h.account(100);
      const [code] = validEans(1, 301);
      const first = await send(h.app, 'POST', '/api/v1/products/create', token, 'order-1', { codes: code, countries: ['it', 'de'] });
      assert.equal(first.statusCode, 202, first.body);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const after1 = await footprint(h, id);
      assert.deepEqual(after1, { credits: 94, ledger: 2, products: 1, generations: 1 });

      // Same request with the keys in another order and other spacing: still the same request.
      const again = await send(h.app, 'POST', '/api/v1/products/create', token, 'order-1', `{ "countries": ["it","de"],  "codes": "${code}" }`);
      assert.equal(again.statusCode, 202);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.body, first.body);
      assert.match(String(again.headers['content-type']), /^application\/json/);
      assert.deepEqual(await footprint(h, id), after1);
    });

    test('a repeated regeneration is replayed and charged once', async () => {
      const { id, token } = await h.account(100);
      const [code] = validEans(1, 302);
      assert.equal((await send(h.app, 'POST', '/api/v1/products/create', token, undefined, { codes: code, countries: ['it'] })).statusCode, 202);
      const body = { fields: { title: '' }, agent_model: 'v1' };
      const first = await send(h.app, 'POST', `/api/v1/products/regenerate/${code}`, token, 'regen-1', body);
      assert.equal(first.statusCode, 202, first.body);
      const afterFirst = await footprint(h, id);
      const again = await send(h.app, 'POST', `/api/v1/products/regenerate/${code}`, token, 'regen-1', body);
      assert.equal(again.statusCode, 202);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.body, first.body);
      assert.deepEqual(await footprint(h, id), afterFirst);
      assert.equal(afterFirst?.credits, 94);
    });

    test('the same key with another body, path or method is 422 idempotency_key_reused, and runs nothing', async () => {
      const { id, token } = await h.account(100);
      const [a, b] = validEans(2, 303);
      assert.equal((await send(h.app, 'POST', '/api/v1/products/create', token, 'k-reuse', { codes: a, countries: ['it'] })).statusCode, 202);
      const before1 = await footprint(h, id);
      const attempts = [
        send(h.app, 'POST', '/api/v1/products/create', token, 'k-reuse', { codes: b, countries: ['it'] }),
        send(h.app, 'POST', `/api/v1/products/regenerate/${a}`, token, 'k-reuse', { codes: a, countries: ['it'] }),
        send(h.app, 'DELETE', '/api/v1/products/create', token, 'k-reuse', { codes: a, countries: ['it'] }),
      ];
      for (const res of await Promise.all(attempts)) {
        assert.equal(res.statusCode, 422, res.body);
        const error = res.json<{ status: string; code: string; message: string }>();
        assert.equal(error.status, 'error');
        assert.equal(error.code, 'idempotency_key_reused');
        assert.equal(res.headers['idempotent-replayed'], undefined);
      }
      assert.deepEqual(await footprint(h, id), before1);
      // Keys are per account: another account's identical key is a request of its own.
      const other = await h.account(100);
      const own = await send(h.app, 'POST', '/api/v1/products/create', other.token, 'k-reuse', { codes: b, countries: ['it'] });
      assert.equal(own.statusCode, 202);
      assert.equal(own.headers['idempotent-replayed'], undefined);
    });

    test('a validation failure (422, not 5xx) is kept and replayed', async () => {
      const { id, token } = await h.account(100);
      const bad = { codes: validEans(1, 304)[0], countries: ['xx'] };
      const first = await send(h.app, 'POST', '/api/v1/products/create', token, 'bad-1', bad);
      assert.equal(first.statusCode, 422);
      assert.equal(first.json<{ code: string }>().code, 'validation_failed');
      const again = await send(h.app, 'POST', '/api/v1/products/create', token, 'bad-1', bad);
      assert.equal(again.statusCode, 422);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.body, first.body);
      assert.deepEqual(await footprint(h, id), { credits: 100, ledger: 1, products: 0, generations: 0 });
    });

    test('a malformed key is validation_failed on Idempotency-Key', async () => {
      const { token } = await h.account(100);
      for (const key of ['', 'x'.repeat(256), 'clé', 'tab\there']) {
        const res = await send(h.app, 'POST', '/api/v1/products/create', token, key, { codes: validEans(1, 305)[0], countries: ['it'] });
        assert.equal(res.statusCode, 422, JSON.stringify(key));
        const body = res.json<{ code: string; errors: Record<string, string[]> }>();
        assert.equal(body.code, 'validation_failed');
        assert.ok(body.errors['Idempotency-Key']?.[0], res.body);
      }
      assert.equal((await send(h.app, 'POST', '/api/v1/products/create', token, 'x'.repeat(255), { codes: validEans(1, 305)[0], countries: ['it'] })).statusCode, 202);
    });

    test('every route the OpenAPI document says takes an Idempotency-Key checks it: a malformed key is refused before anything runs', async () => {
      const { token } = await h.account(100);
      const documented = allRouteDocs().filter((d) => d.idempotent === true);
      assert.ok(documented.some((d) => d.method === 'PATCH'));
      for (const doc of documented) {
        // Any id: the key is checked before the route looks anything up.
        const url = doc.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await send(h.app, doc.method as Method, url, token, 'clé', doc.method === 'DELETE' ? undefined : {});
        assert.equal(res.statusCode, 422, `${doc.method} ${doc.path}: ${res.body}`);
        assert.ok(res.json<{ errors: Record<string, string[]> }>().errors['Idempotency-Key']?.[0], `${doc.method} ${doc.path}: ${res.body}`);
      }
    });

    test('a repeated change of a webhook endpoint is replayed; the same key with another change is refused', async () => {
      const { token } = await h.account(100);
      const created = await send(h.app, 'POST', '/api/v1/webhooks', token, undefined, { url: 'https://shop.example/hooks' });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json<{ data: { id: string } }>().data.id;
      const first = await send(h.app, 'PATCH', `/api/v1/webhooks/${id}`, token, 'wh-edit-1', { description: 'first' });
      assert.equal(first.statusCode, 200, first.body);
      // Changed again meanwhile: a replay must answer the kept answer, and not undo the later change.
      assert.equal((await send(h.app, 'PATCH', `/api/v1/webhooks/${id}`, token, undefined, { description: 'later' })).statusCode, 200);
      const again = await send(h.app, 'PATCH', `/api/v1/webhooks/${id}`, token, 'wh-edit-1', { description: 'first' });
      assert.equal(again.statusCode, 200);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.body, first.body);
      const listed = await h.get('/api/v1/webhooks', token);
      assert.equal(listed.json<{ data: { id: string; description: string | null }[] }>().data.find((e) => e.id === id)?.description, 'later');
      const reused = await send(h.app, 'PATCH', `/api/v1/webhooks/${id}`, token, 'wh-edit-1', { description: 'other' });
      assert.equal(reused.statusCode, 422);
      assert.equal(reused.json<{ code: string }>().code, 'idempotency_key_reused');
    });

    test('a create that failed with a 5xx keeps no record: its key is retried and charged once', async () => {
      const { id, token } = await h.account(100);
      const body = { codes: validEans(1, 306)[0], countries: ['it'] };
      // The database refuses this account's generations for a while: the create rolls back, 500.
      await h.container.db.query(
        `CREATE FUNCTION test_refuse_generations() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.account_id = '${id}' THEN RAISE EXCEPTION 'generations refused by the test'; END IF; RETURN NEW; END $$`,
      );
      await h.container.db.query('CREATE TRIGGER test_refuse_generations BEFORE INSERT ON generations FOR EACH ROW EXECUTE FUNCTION test_refuse_generations()');
      try {
        const failed = await send(h.app, 'POST', '/api/v1/products/create', token, 'retry-me', body);
        assert.equal(failed.statusCode, 500, failed.body);
      } finally {
        await h.container.db.query('DROP TRIGGER test_refuse_generations ON generations');
        await h.container.db.query('DROP FUNCTION test_refuse_generations()');
      }
      assert.deepEqual(await footprint(h, id), { credits: 100, ledger: 1, products: 0, generations: 0 });
      const retried = await send(h.app, 'POST', '/api/v1/products/create', token, 'retry-me', body);
      assert.equal(retried.statusCode, 202, retried.body);
      assert.equal(retried.headers['idempotent-replayed'], undefined);
      assert.equal((await footprint(h, id))?.credits, 95);
    });

    test('any scope can use the hooks: in use while running (409), replayed after, 5xx forgotten, abandoned claims taken over', async () => {
      const { token } = await h.account(10);
      const scope = await testScopeApp(h);
      try {
        const entered = once(scope.entered, 'entered');
        const first = send(scope.app, 'POST', '/slow', token, 'slow-1', { a: 1 });
        await entered;
        const during = await send(scope.app, 'POST', '/slow', token, 'slow-1', { a: 1 });
        assert.equal(during.statusCode, 409, during.body);
        assert.equal(during.json<{ code: string }>().code, 'idempotency_key_in_use');
        scope.release();
        const answered = await first;
        assert.equal(answered.statusCode, 201);
        const replayed = await send(scope.app, 'POST', '/slow', token, 'slow-1', { a: 1 });
        assert.equal(replayed.statusCode, 201);
        assert.equal(replayed.headers['idempotent-replayed'], 'true');
        assert.equal(replayed.body, answered.body);
        assert.equal(scope.runs().slow, 1);

        assert.equal((await send(scope.app, 'PUT', '/boom', token, 'boom-1', { b: 1 })).statusCode, 500);
        const again = await send(scope.app, 'PUT', '/boom', token, 'boom-1', { b: 1 });
        assert.equal(again.statusCode, 200);
        assert.equal(again.headers['idempotent-replayed'], undefined);
        assert.deepEqual(again.json(), { run: 2 });

        // A claim left in progress by a process that died: in use for a minute, then taken over.
        const stuck = await h.account(10);
        await h.container.db.query(
          `INSERT INTO idempotency_keys (account_id, key, fingerprint, method, path, state, owner, expires_at)
           SELECT a.id, 'crashed', k.fingerprint, k.method, k.path, 'in_progress', gen_random_uuid(), now() + interval '1 day'
           FROM accounts a, idempotency_keys k WHERE a.id = $1 AND k.key = 'slow-1' LIMIT 1`,
          [stuck.id],
        );
        assert.equal((await send(scope.app, 'POST', '/slow', stuck.token, 'crashed', { a: 1 })).statusCode, 409);
        await h.container.db.query(`UPDATE idempotency_keys SET claimed_at = now() - interval '2 minutes' WHERE account_id = $1 AND key = 'crashed'`, [stuck.id]);
        const takenOver = await send(scope.app, 'POST', '/slow', stuck.token, 'crashed', { a: 1 });
        assert.equal(takenOver.statusCode, 201);
        assert.equal(takenOver.headers['idempotent-replayed'], undefined);
      } finally {
        scope.release();
        await scope.app.close();
      }
    });

    test('an expired key is a new key; the prune deletes expired keys only', async () => {
      const { id, token } = await h.account(100);
      const [a, b] = validEans(2, 307);
      assert.equal((await send(h.app, 'POST', '/api/v1/products/create', token, 'old', { codes: a, countries: ['it'] })).statusCode, 202);
      assert.equal((await send(h.app, 'POST', '/api/v1/products/create', token, 'fresh', { codes: a, countries: ['it'] })).statusCode, 202);
      await h.container.db.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE account_id = $1 AND key = 'old'`, [id]);
      // Past its 24 hours the key no longer binds: another body under it runs.
      const reused = await send(h.app, 'POST', '/api/v1/products/create', token, 'old', { codes: b, countries: ['it'] });
      assert.equal(reused.statusCode, 202, reused.body);
      assert.equal(reused.headers['idempotent-replayed'], undefined);

      await h.container.db.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE account_id = $1 AND key = 'old'`, [id]);
      const keysOf = async () => (await h.container.db.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE account_id = $1 ORDER BY key', [id])).map((r) => r.key);
      assert.deepEqual(await keysOf(), ['fresh', 'old']);
      // The hourly prune runs in one process an hour, whatever the number of processes looking.
      const logger = pino({ level: 'silent' });
      const [first, second] = [pruneIdempotencyKeysHourly(h.container.db, logger), pruneIdempotencyKeysHourly(h.container.db, logger)];
      try {
        await h.container.db.query(`DELETE FROM instance_settings WHERE name = 'idempotency_pruned_at_minute'`);
        const pruned = await Promise.all([first.pruneIfDue(), second.pruneIfDue()]);
        assert.equal(pruned.filter((n) => n === null).length, 1, 'one of the two found the hour taken');
        assert.ok(pruned.some((n) => n !== null && n >= 1));
        assert.deepEqual(await keysOf(), ['fresh']);
        await h.container.db.query(`UPDATE idempotency_keys SET expires_at = expires_at - interval '25 hours' WHERE account_id = $1`, [id]);
        assert.equal(await first.pruneIfDue(), null, 'not again within the hour');
        assert.deepEqual(await keysOf(), ['fresh']);
        await h.container.db.query(`UPDATE idempotency_keys SET expires_at = expires_at + interval '25 hours' WHERE account_id = $1`, [id]);
      } finally {
        first.stop();
        second.stop();
      }
      const [stored] = await h.container.db.query<{ hours: number }>(
        `SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM idempotency_keys WHERE account_id = $1`,
        [id],
      );
      assert.equal(stored?.hours, 24);
    });
  });

  describe(`Idempotency-Key across a restart [${target.name}]`, () => {
    test('a key answered before a restart is replayed by the new process', async () => {
      const database = await target.open();
      const h = await startHarness({ name: target.name, open: async () => ({ ...database, close: async () => {} }) }, { workers: false });
      let second: Awaited<ReturnType<typeof createContainer>> | undefined;
      let app2: FastifyInstance | undefined;
      try {
        const { id, token } = await h.account(100);
        const body = { codes: validEans(1, 308)[0], countries: ['it'] };
        const first = await send(h.app, 'POST', '/api/v1/products/create', token, 'across', body);
        assert.equal(first.statusCode, 202);
        const config = h.config;
        await h.close();

        second = await createContainer(config, { logger: pino({ level: 'silent' }), database });
        app2 = await buildApp(second);
        const replayed = await send(app2, 'POST', '/api/v1/products/create', token, 'across', body);
        assert.equal(replayed.statusCode, 202);
        assert.equal(replayed.headers['idempotent-replayed'], 'true');
        assert.equal(replayed.body, first.body);
        const [row] = await second.db.query<{ credits: number }>('SELECT credits FROM account_balances WHERE account_id = $1', [id]);
        assert.equal(row?.credits, 95);
      } finally {
        await app2?.close();
        await second?.close({ graceful: false });
        await database.close();
      }
    });
  });
}

const serverUrl = process.env.TEST_DATABASE_URL;
describe('Idempotency-Key under real concurrency [postgres]', { skip: serverUrl === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  test('five copies at once on five connections: one charge; the others replayed or in use', async () => {
    const target = databaseTargets().find((t) => t.name === 'postgres');
    assert.ok(target);
    const h = await startHarness(target, { workers: false, env: { DB_POOL_SIZE: '10' } });
    const agents = Array.from({ length: 5 }, () => new Agent({ connections: 1 }));
    try {
      const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
      const { id, token } = await h.account(100);
      const body = JSON.stringify({ codes: validEans(1, 309)[0], countries: ['it'] });
      const responses = await Promise.all(
        agents.map(async (dispatcher) => {
          const res = await fetch(`${address}/api/v1/products/create`, {
            method: 'POST',
            dispatcher,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'five-at-once' },
            body,
          });
          return { status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text() };
        }),
      );
      const ran = responses.filter((r) => r.status === 202 && r.replayed === null);
      assert.equal(ran.length, 1, JSON.stringify(responses));
      for (const r of responses) {
        if (r === ran[0]) continue;
        if (r.status === 202) {
          assert.equal(r.replayed, 'true');
          assert.equal(r.text, ran[0]?.text);
        } else {
          assert.equal(r.status, 409, r.text);
          assert.equal((JSON.parse(r.text) as { code: string }).code, 'idempotency_key_in_use');
        }
      }
      assert.deepEqual(await footprint(h, id), { credits: 95, ledger: 2, products: 1, generations: 1 });
    } finally {
      await Promise.all(agents.map((a) => a.close()));
      await h.close();
    }
  });
});
