import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { type EventEmitter, once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { disableEndpoint, recordDelivered } from '../../src/db/webhook-deliveries.ts';
// The endpoint as the OpenAPI document describes it: the typed client is generated from it.
import type { WebhookEndpoint } from '../client/vetrina-api.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { ManualClock } from '../fakes/manual-clock.ts';
import { startWebhookReceiver, type ReceivedWebhook, verifiesWith, type WebhookReceiver } from '../fakes/webhook-receiver.ts';

// Changing a webhook endpoint (PATCH) and rotating its secret, seen where an integrator sees it:
// on the next delivery a real receiver on loopback gets. The grace period of a rotation runs on a
// clock the test moves, so its end is checked without waiting for it.

const SECRET_KEY = 'b'.repeat(64);
const PUBLICATION = '/api/v1/inventories/set-publication-state';
const NOT_FOUND = { status: 'error', code: 'webhook_not_found', message: 'No webhook endpoint of this account has this id.' };

interface Rotated extends WebhookEndpoint {
  secret: string | null;
  previous_secret_expires_at: string | null;
}

interface DeliveryItem {
  event_id: string;
  type: string;
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
}

function send(h: Harness, method: 'PATCH' | 'PUT' | 'POST', url: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

/** The signatures of `webhook-signature`, each `v1,<base64>`, without their version. */
function signatures(message: ReceivedWebhook): string[] {
  return String(message.headers['webhook-signature'])
    .split(' ')
    .map((part) => {
      const [version, signature] = part.split(',');
      assert.equal(version, 'v1');
      return defined(signature);
    });
}

/** Standard Webhooks by hand: HMAC-SHA256, keyed by the secret's base64 bytes, of `id.timestamp.body`. */
function signedWith(secret: string, message: ReceivedWebhook): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const content = `${String(message.headers['webhook-id'])}.${String(message.headers['webhook-timestamp'])}.${message.body}`;
  return signatures(message).includes(createHmac('sha256', key).update(content).digest('base64'));
}

/** What a receiver using the standardwebhooks package concludes. */

for (const target of databaseTargets()) {
  describe(`webhook changes and secret rotation [${target.name}]`, () => {
    let h: Harness;
    let receiver: WebhookReceiver;
    const manual = new ManualClock(Date.now());
    const clock = { now: () => new Date(manual.now()) };
    let paths = 0;

    before(async () => {
      receiver = await startWebhookReceiver();
      h = await startHarness(target, {
        clock,
        env: { FETCH_ALLOWED_HOSTS: receiver.hostPort, WEBHOOK_SECRET_KEY: SECRET_KEY, WEBHOOK_POLL_MS: '50' },
      });
    });
    after(async () => {
      await h.close();
      await receiver.close();
    });

    const nextPath = () => {
      paths += 1;
      return `/changes-${paths}`;
    };

    async function register(token: string, body: { events?: string[]; description?: string } = {}): Promise<{ id: string; secret: string; path: string }> {
      const path = nextPath();
      const res = await h.post('/api/v1/webhooks', token, { url: `${receiver.url}${path}`, ...body });
      assert.equal(res.statusCode, 201, res.body);
      const data = res.json<{ data: { id: string; secret: string } }>().data;
      return { id: data.id, secret: data.secret, path };
    }

    async function patch(token: string, id: string, body: unknown): Promise<WebhookEndpoint> {
      const res = await send(h, 'PATCH', `/api/v1/webhooks/${id}`, token, body);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: WebhookEndpoint }>().data;
    }

    async function listed(token: string, id: string): Promise<WebhookEndpoint> {
      const res = await h.get('/api/v1/webhooks', token);
      assert.equal(res.statusCode, 200, res.body);
      return defined(res.json<{ data: WebhookEndpoint[] }>().data.find((e) => e.id === id));
    }

    async function deliveries(token: string, id: string): Promise<DeliveryItem[]> {
      const res = await h.get(`/api/v1/webhooks/${id}/deliveries`, token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { deliveries: DeliveryItem[] } }>().data.deliveries;
    }

    async function ping(token: string, id: string): Promise<string> {
      const res = await send(h, 'POST', `/api/v1/webhooks/${id}/test`, token, {});
      assert.equal(res.statusCode, 202, res.body);
      return res.json<{ data: { event_id: string } }>().data.event_id;
    }

    async function rotate(token: string, id: string, body: unknown, headers: Record<string, string> = {}): Promise<Rotated> {
      const res = await send(h, 'POST', `/api/v1/webhooks/${id}/secret/rotate`, token, body, headers);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: Rotated }>().data;
    }

    /** A created, settled product of the account (its product.completed event is then recorded). */
    function settledProduct(token: string, sku: string): Promise<string> {
      return h.createSettled(token, { sku, title: `Tazza in ceramica ${sku}`, description: 'Ceramica smaltata. Lavabile in lavastoviglie.', countries: ['it'], agent_model: 'v1' });
    }

    async function publish(token: string, productId: string, state: 'ready' | 'online' | 'pending_review'): Promise<void> {
      const res = await send(h, 'PUT', PUBLICATION, token, { ids: productId, publication_state: state });
      assert.equal(res.statusCode, 200, res.body);
    }

    test('a new url takes the pending retry at once; a new event filter decides what the next change sends; the answer is the listed endpoint', async () => {
      const { token } = await h.account(100);
      const product = await settledProduct(token, 'EDIT-1');
      const endpoint = await register(token, { description: 'old shop' });
      receiver.answer(endpoint.path, 500);
      const pingId = await ping(token, endpoint.id);
      await receiver.waitFor(endpoint.path, 1);
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id))[0]?.last_status === 500);

      // The retry would be due in 5 s on a clock that does not move: only the new URL can make it come.
      const newPath = nextPath();
      const changed = await patch(token, endpoint.id, { url: `${receiver.url}${newPath}`, description: 'new shop', events: ['credits.low'] });
      assert.deepEqual(changed, await listed(token, endpoint.id), 'the answer is the endpoint as GET shows it');
      assert.equal(changed.url, `${receiver.url}${newPath}`);
      assert.equal(changed.description, 'new shop');
      assert.deepEqual(changed.events, ['credits.low']);
      assert.equal(changed.status, 'enabled');
      assert.equal(changed.failing_since, null, 'a new receiver is not failing yet');

      const [retried] = await receiver.waitFor(newPath, 1);
      assert.equal(retried?.headers['webhook-id'], pingId, 'the pending ping went to the new url');
      assert.ok(signedWith(endpoint.secret, defined(retried)));
      assert.equal(receiver.at(endpoint.path).length, 1, 'nothing more to the old url');

      // Filtered out: the change records no delivery for this endpoint at all.
      await publish(token, product, 'ready');
      assert.ok(
        (await deliveries(token, endpoint.id)).every((d) => d.type === 'ping'),
        'no publication event for an endpoint that takes only credits.low',
      );

      // null: every event type again; description null removes it.
      const all = await patch(token, endpoint.id, { events: null, description: null });
      assert.equal(all.events, null);
      assert.equal(all.description, null);
      await publish(token, product, 'online');
      const got = await receiver.waitFor(newPath, 2);
      const [, published] = got;
      assert.equal(published?.type, 'product.publication_state_changed');
      assert.equal(published?.data.publication_state, 'online', 'the change made while filtered out was never sent');
      assert.ok(signedWith(endpoint.secret, defined(published)));
    });

    test('an endpoint disabled by hand gets no events; enabled again, the next change reaches it', async () => {
      const { token } = await h.account(100);
      const product = await settledProduct(token, 'EDIT-2');
      const endpoint = await register(token, { events: ['product.publication_state_changed'] });

      const disabled = await patch(token, endpoint.id, { enabled: false });
      assert.equal(disabled.status, 'disabled');
      assert.notEqual(disabled.disabled_at, null);
      assert.match(defined(disabled.validation_messages[0]), /on request/);
      await publish(token, product, 'ready');
      assert.deepEqual(await deliveries(token, endpoint.id), [], 'a disabled endpoint is given no deliveries');

      const enabled = await patch(token, endpoint.id, { enabled: true });
      assert.deepEqual([enabled.status, enabled.disabled_at, enabled.validation_messages], ['enabled', null, []]);
      await publish(token, product, 'online');
      const [message] = await receiver.waitFor(endpoint.path, 1);
      assert.equal(message?.data.publication_state, 'online');
      assert.equal(receiver.at(endpoint.path).length, 1, 'the change made while disabled was never sent');
    });

    test('a disable by hand gives up a test ping still waiting for its retry, so its answer cannot enable the endpoint again', async () => {
      const { token } = await h.account(100);
      const endpoint = await register(token);
      receiver.answer(endpoint.path, 500);
      const pingId = await ping(token, endpoint.id);
      await receiver.waitFor(endpoint.path, 1);
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id))[0]?.last_status === 500);

      await patch(token, endpoint.id, { enabled: false });
      const [given] = await deliveries(token, endpoint.id);
      assert.deepEqual([given?.event_id, given?.state, given?.last_error], [pingId, 'failed', 'endpoint disabled'], 'the ping is given up with the rest');
      manual.advance(60_000);
      const after = await listed(token, endpoint.id);
      assert.equal(after.status, 'disabled');
      assert.equal(receiver.at(endpoint.path).length, 1, 'the ping was not sent again');

      // A ping sent after the disable is the account asking: its 2xx enables the endpoint, as documented.
      await ping(token, endpoint.id);
      await receiver.waitFor(endpoint.path, 2);
      await waitUntil(h.events, async () => (await listed(token, endpoint.id)).status === 'enabled');
    });

    test('a failure read before the account enabled the endpoint again does not disable it with the streak that was cleared', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      const streakStart = new Date(manual.now() - 6 * 24 * 3600_000);
      await h.container.db.query('UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1', [endpoint.id, streakStart]);
      // The account enables it (the streak goes) between the worker's read of the streak and its disable.
      await h.container.db.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1', [endpoint.id]);
      const disabled = await h.container.db.transaction((tx) =>
        disableEndpoint(tx, endpoint.id, new Date(manual.now()), 'five days of failures', { kind: 'failing', since: streakStart }),
      );
      assert.equal(disabled, false);
      assert.equal((await listed(token, endpoint.id)).status, 'enabled');
    });

    test('an attempt on the wire when the url changed fails at the old url: the new url is not failing, and the retry goes to it at once', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      receiver.answer(endpoint.path, 'hold');
      const pingId = await ping(token, endpoint.id);
      await receiver.waitFor(endpoint.path, 1);

      const newPath = nextPath();
      receiver.answer(newPath, 'hold');
      await patch(token, endpoint.id, { url: `${receiver.url}${newPath}` });
      receiver.release(endpoint.path, 500);
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id))[0]?.last_status === 500);
      assert.equal((await listed(token, endpoint.id)).failing_since, null, "the old url's failure starts no streak for the new url");

      // The retry would be due in 5 s on a clock that does not move: it comes because the url changed.
      const [retried] = await receiver.waitFor(newPath, 1);
      assert.equal(retried?.headers['webhook-id'], pingId);
      receiver.release(newPath, 200);
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id))[0]?.state === 'delivered');
    });

    test('a 2xx from the url an endpoint had before a change does not end the failing streak of its new url', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      await ping(token, endpoint.id);
      await receiver.waitFor(endpoint.path, 1);
      const [delivery] = await h.container.db.query<{ id: string; ordering_key: string; claim_token: string }>(
        'SELECT id, ordering_key, claim_token FROM webhook_deliveries WHERE endpoint_id = $1',
        [endpoint.id],
      );
      const attempt = defined(delivery);
      await patch(token, endpoint.id, { url: `${receiver.url}${nextPath()}` });
      const streak = new Date(manual.now() - 3600_000);
      await h.container.db.query('UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1', [endpoint.id, streak]);
      // The old url's 2xx is recorded as if the attempt had been on the wire all along (pending in
      // the same transaction, so no relay picks the delivery up in between).
      await h.container.db.transaction(async (tx) => {
        await tx.query(`UPDATE webhook_deliveries SET state = 'pending' WHERE id = $1`, [attempt.id]);
        await recordDelivered(
          tx,
          { id: attempt.id, endpointId: endpoint.id, orderingKey: attempt.ordering_key, url: `${receiver.url}${endpoint.path}`, token: attempt.claim_token },
          new Date(manual.now()),
          200,
        );
      });
      assert.equal((await listed(token, endpoint.id)).failing_since, streak.toISOString());
    });

    test('a 2xx to an attempt whose delivery was given up meanwhile does not enable an endpoint disabled by hand', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      receiver.answer(endpoint.path, 500);
      await ping(token, endpoint.id);
      await receiver.waitFor(endpoint.path, 1);
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id))[0]?.last_status === 500);
      await patch(token, endpoint.id, { enabled: false });
      // The attempt was on the wire when the account disabled the endpoint; its 2xx arrives after.
      const [delivery] = await h.container.db.query<{ id: string; ordering_key: string; claim_token: string }>(
        'SELECT id, ordering_key, claim_token FROM webhook_deliveries WHERE endpoint_id = $1',
        [endpoint.id],
      );
      const given = defined(delivery);
      const recorded = await h.container.db.transaction((tx) =>
        recordDelivered(
          tx,
          { id: given.id, endpointId: endpoint.id, orderingKey: given.ordering_key, url: `${receiver.url}${endpoint.path}`, token: given.claim_token },
          new Date(manual.now()),
          200,
        ),
      );
      assert.equal(recorded, false, 'the delivery was given up: nothing is recorded under its old claim');
      assert.equal((await listed(token, endpoint.id)).status, 'disabled');
    });

    test('another account, an unknown id and a malformed id: 404 for a change and for a rotation, and nothing changes', async () => {
      const owner = await h.account(10);
      const other = await h.account(10);
      const endpoint = await register(owner.token, { description: 'mine' });
      const before = await listed(owner.token, endpoint.id);
      for (const id of [endpoint.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const patched = await send(h, 'PATCH', `/api/v1/webhooks/${id}`, other.token, { description: 'theirs', enabled: false });
        assert.equal(patched.statusCode, 404, patched.body);
        assert.deepEqual(patched.json(), NOT_FOUND);
        const rotated = await send(h, 'POST', `/api/v1/webhooks/${id}/secret/rotate`, other.token, {});
        assert.equal(rotated.statusCode, 404, rotated.body);
        assert.deepEqual(rotated.json(), NOT_FOUND);
      }
      assert.deepEqual(await listed(owner.token, endpoint.id), before);
      await ping(owner.token, endpoint.id);
      const [message] = await receiver.waitFor(endpoint.path, 1);
      assert.ok(signedWith(endpoint.secret, defined(message)), 'the secret was not rotated');
      assert.equal(signatures(defined(message)).length, 1);
    });

    test('bad bodies are refused with the field at fault, and change nothing', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token, { description: 'kept' });
      const before = await listed(token, endpoint.id);
      const cases: Array<[unknown, string, RegExp]> = [
        [{}, 'body', /at least one of url, events, description, enabled/],
        [{ colour: 'red' }, 'colour', /Unknown field/],
        [{ description: 'x', secret: 'whsec_x' }, 'secret', /Unknown field/],
        [{ url: 'http://10.0.0.7/hook' }, 'url', /private, local or reserved/],
        [{ url: 'ftp://example.com/x' }, 'url', /cannot receive webhooks/],
        [{ url: '' }, 'url', /http or https URL/],
        [{ events: [] }, 'events', /list of event types/],
        [{ events: ['product.exploded'] }, 'events.0', /list of event types/],
        [{ enabled: 'yes' }, 'enabled', /true or false/],
        [{ description: 'd'.repeat(501) }, 'description', /at most 500/],
      ];
      for (const [body, field, message] of cases) {
        const res = await send(h, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, token, body);
        assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
        const error = res.json<{ code: string; errors: Record<string, string[]> }>();
        assert.equal(error.code, 'validation_failed');
        assert.match(defined(error.errors[field]?.[0]), message, JSON.stringify(error));
      }
      const noBody = await send(h, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, token);
      assert.equal(noBody.statusCode, 422, noBody.body);
      assert.equal(noBody.json<{ code: string }>().code, 'validation_failed');
      const broken = await send(h, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, token, '{"url":');
      assert.equal(broken.statusCode, 400, broken.body);
      assert.equal(broken.json<{ code: string }>().code, 'invalid_json');

      for (const grace of [-1, 1.5, 604_801, '60']) {
        const res = await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/secret/rotate`, token, { expire_previous_after_seconds: grace });
        assert.equal(res.statusCode, 422, `${String(grace)}: ${res.body}`);
        assert.match(defined(res.json<{ errors: Record<string, string[]> }>().errors.expire_previous_after_seconds?.[0]), /from 0 to 604800/);
      }
      const unknown = await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/secret/rotate`, token, { grace: 5 });
      assert.equal(unknown.statusCode, 422, unknown.body);
      assert.deepEqual(await listed(token, endpoint.id), before);
      await ping(token, endpoint.id);
      const [message] = await receiver.waitFor(endpoint.path, 1);
      assert.deepEqual([signedWith(endpoint.secret, defined(message)), signatures(defined(message)).length], [true, 1], 'the secret is the one from registration');
    });

    test('a rotation signs with the new and the previous secret until its grace period ends, then with the new one only', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      const rotatedAt = manual.now();
      const rotated = await rotate(token, endpoint.id, { expire_previous_after_seconds: 3600 });
      const secret = defined(rotated.secret);
      assert.match(secret, /^whsec_/);
      assert.notEqual(secret, endpoint.secret);
      assert.equal(rotated.previous_secret_expires_at, new Date(rotatedAt + 3600_000).toISOString());
      assert.equal(rotated.id, endpoint.id);
      assert.equal(rotated.status, 'enabled');
      assert.ok(!JSON.stringify((await h.get('/api/v1/webhooks', token)).json()).includes(secret), 'the list never shows it');

      await ping(token, endpoint.id);
      const [during] = await receiver.waitFor(endpoint.path, 1);
      const message = defined(during);
      assert.equal(signatures(message).length, 2);
      assert.ok(signedWith(secret, message), 'verifies with the new secret');
      assert.ok(signedWith(endpoint.secret, message), 'and with the previous one');
      assert.ok(verifiesWith(secret, message) && verifiesWith(endpoint.secret, message), 'as a standardwebhooks receiver finds');
      // Each ping settled before the clock moves on: an attempt still settling would outlive its lease.
      const allDelivered = () => waitUntil(h.events, async () => (await deliveries(token, endpoint.id)).every((d) => d.state === 'delivered'));
      await allDelivered();

      // The last moment of the grace period still signs with both; the next does not.
      manual.advance(3600_000 - 1);
      await ping(token, endpoint.id);
      const [, last] = await receiver.waitFor(endpoint.path, 2);
      assert.ok(signedWith(endpoint.secret, defined(last)));
      await allDelivered();
      manual.advance(1);
      await ping(token, endpoint.id);
      const [, , expired] = await receiver.waitFor(endpoint.path, 3);
      const after = defined(expired);
      assert.equal(signatures(after).length, 1);
      assert.ok(signedWith(secret, after), 'the new secret signs');
      assert.ok(!signedWith(endpoint.secret, after), 'the previous one no longer does');
      assert.ok(verifiesWith(secret, after) && !verifiesWith(endpoint.secret, after));
    });

    test('rotating again during a grace period keeps the earlier secrets in theirs; the default keeps one a day; no grace period stops them all at once', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      const first = await rotate(token, endpoint.id, {});
      assert.equal(first.previous_secret_expires_at, new Date(manual.now() + 24 * 3600_000).toISOString());
      // As a client whose first answer was lost would: the registration secret its receiver still checks must keep signing.
      const second = await rotate(token, endpoint.id, { expire_previous_after_seconds: 600 });
      await ping(token, endpoint.id);
      const [during] = await receiver.waitFor(endpoint.path, 1);
      const secrets = [endpoint.secret, defined(first.secret), defined(second.secret)].map((s) => verifiesWith(s, defined(during)));
      assert.deepEqual(secrets, [true, true, true], 'the new one, the one it replaced, and the registration secret still in its day');
      assert.equal(signatures(defined(during)).length, 3);
      // Settled before the clock moves on: ten minutes later an attempt still settling would have outlived its lease.
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id)).every((d) => d.state === 'delivered'));

      // Each keeps its own end: ten minutes on, the first rotation's secret (600 s) stops; the registration secret (a day) goes on.
      manual.advance(600_000);
      await ping(token, endpoint.id);
      const [, later] = await receiver.waitFor(endpoint.path, 2);
      assert.deepEqual(
        [endpoint.secret, defined(first.secret), defined(second.secret)].map((s) => verifiesWith(s, defined(later))),
        [true, false, true],
      );

      const third = await rotate(token, endpoint.id, { expire_previous_after_seconds: 0 });
      assert.equal(third.previous_secret_expires_at, null);
      await ping(token, endpoint.id);
      const [, , now] = await receiver.waitFor(endpoint.path, 3);
      assert.equal(signatures(defined(now)).length, 1);
      assert.ok(signedWith(defined(third.secret), defined(now)));
      assert.ok(!signedWith(defined(second.secret), defined(now)) && !signedWith(endpoint.secret, defined(now)), 'no earlier secret signs');
    });

    test('an answer replayed for a repeated Idempotency-Key does not hold the new secret, and rotates nothing again', async () => {
      const { token } = await h.account(10);
      const endpoint = await register(token);
      const first = await rotate(token, endpoint.id, { expire_previous_after_seconds: 0 }, { 'idempotency-key': 'rotate-1' });
      const again = await send(h, 'POST', `/api/v1/webhooks/${endpoint.id}/secret/rotate`, token, { expire_previous_after_seconds: 0 }, { 'idempotency-key': 'rotate-1' });
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      const replayed = again.json<{ data: Rotated }>().data;
      assert.equal(replayed.secret, null);
      assert.equal(replayed.id, endpoint.id);
      const stored = await h.container.db.query<{ body: string }>('SELECT response_body AS body FROM idempotency_keys WHERE key = $1', ['rotate-1']);
      assert.ok(stored.length > 0 && !stored.some((r) => r.body.includes('whsec_')));
      const sealed = await h.container.db.query<{ s: string }>("SELECT previous_secrets::text AS s FROM webhook_endpoints WHERE previous_secrets <> '[]'::jsonb");
      assert.ok(!sealed.some((r) => r.s.includes('whsec_')), 'previous secrets are stored sealed only');

      await ping(token, endpoint.id);
      const [message] = await receiver.waitFor(endpoint.path, 1);
      assert.ok(signedWith(defined(first.secret), defined(message)), 'the secret of the first answer is the one signing');
    });

    // Last: it moves the clock five days, which makes every retry of the tests above due.
    test('an endpoint disabled after five days of failures, enabled by PATCH, receives the next event and is not disabled again by its next failure', async () => {
      const { token } = await h.account(100);
      const product = await settledProduct(token, 'EDIT-3');
      const endpoint = await register(token, { events: ['product.publication_state_changed'] });
      receiver.answer(endpoint.path, 500, 500, 500);
      await ping(token, endpoint.id);
      await receiver.waitFor(endpoint.path, 1);
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id))[0]?.last_status === 500);
      manual.advance(5 * 24 * 3600_000);
      await ping(token, endpoint.id);
      await receiver.waitFor(endpoint.path, 3);
      await waitUntil(h.events, async () => (await listed(token, endpoint.id)).status === 'disabled');
      assert.match(defined((await listed(token, endpoint.id)).validation_messages[0]), /five days/);

      const enabled = await patch(token, endpoint.id, { enabled: true });
      assert.deepEqual([enabled.status, enabled.disabled_at, enabled.failing_since, enabled.validation_messages], ['enabled', null, null, []]);

      // One failure after enabling starts a new streak rather than finding the old one five days long.
      receiver.answer(endpoint.path, 500);
      await publish(token, product, 'ready');
      await receiver.waitFor(endpoint.path, 4);
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id)).some((d) => d.type === 'product.publication_state_changed' && d.last_status === 500));
      const failing = await listed(token, endpoint.id);
      assert.equal(failing.status, 'enabled');
      assert.equal(failing.failing_since, clock.now().toISOString());

      // The retry (a ping's retry falls due with it and is answered too).
      manual.advance(5_000);
      await waitUntil(h.events, async () => (await deliveries(token, endpoint.id)).some((d) => d.type === 'product.publication_state_changed' && d.state === 'delivered'));
      const published = receiver.at(endpoint.path).filter((m) => m.type === 'product.publication_state_changed');
      assert.equal(published.length, 2, 'the failed attempt and its retry');
      assert.equal(published[1]?.data.publication_state, 'ready');
      assert.equal((await listed(token, endpoint.id)).failing_since, null);
    });
  });
}

/** Checks again after each attempt a worker finishes; the deadline turns a hang into a failure. */
async function waitUntil(events: EventEmitter, check: () => Promise<unknown>, timeoutMs = 20_000): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs);
  for (;;) {
    const next = once(events, 'webhook_attempt', { signal });
    next.catch(() => {});
    if (await check()) return;
    await next;
  }
}
