import assert from 'node:assert/strict';
import { type EventEmitter, once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { changeWebhookEndpoint, lockOwnWebhookEndpoint } from '../../src/db/webhook-endpoints.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets, type DatabaseTarget } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { untilWaitingOnLock } from '../helpers/lock-waits.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/webhook-receiver.ts';

// An attempt still on the wire when its endpoint's URL changes fails at the old URL. That says
// nothing about the new URL: the delivery is due again at once and goes there, even when it was
// the last attempt its schedule allowed, and even when the change commits while the failure is
// being recorded.

interface Delivery {
  state: string;
  attempts: number;
  last_status: number | null;
}

async function waitUntil(events: EventEmitter, check: () => Promise<boolean>): Promise<void> {
  const signal = AbortSignal.timeout(20_000);
  for (;;) {
    const next = once(events, 'webhook_attempt', { signal });
    next.catch(() => {});
    if (await check()) return;
    await next;
  }
}

async function withReceiver(target: DatabaseTarget, retrySchedule: string): Promise<{ h: Harness; receiver: WebhookReceiver }> {
  const receiver = await startWebhookReceiver();
  const h = await startHarness(target, {
    env: { FETCH_ALLOWED_HOSTS: receiver.hostPort, WEBHOOK_SECRET_KEY: 'c'.repeat(64), WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_SCHEDULE: retrySchedule },
  });
  return { h, receiver };
}

async function registerAndPing(h: Harness, token: string, url: string): Promise<string> {
  const registered = await h.post('/api/v1/webhooks', token, { url });
  assert.equal(registered.statusCode, 201, registered.body);
  const id = registered.json<{ data: { id: string } }>().data.id;
  const ping = await h.post(`/api/v1/webhooks/${id}/test`, token, {});
  assert.equal(ping.statusCode, 202, ping.body);
  return id;
}

async function deliveries(h: Harness, token: string, id: string): Promise<Delivery[]> {
  const res = await h.get(`/api/v1/webhooks/${id}/deliveries`, token);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { deliveries: Delivery[] } }>().data.deliveries;
}

for (const target of databaseTargets()) {
  describe(`the last attempt, on the wire when the url changed [${target.name}]`, () => {
    let h: Harness;
    let receiver: WebhookReceiver;
    before(async () => {
      // One retry, at once: two attempts in all.
      ({ h, receiver } = await withReceiver(target, '0'));
    });
    after(async () => {
      await h.close();
      await receiver.close();
    });

    test('fails at the old url, and the new url still gets the event: one attempt more', async () => {
      const { token } = await h.account(10);
      receiver.answer('/old', 500, 'hold');
      const id = await registerAndPing(h, token, `${receiver.url}/old`);
      await receiver.waitFor('/old', 2);
      const patched = await h.app.inject({
        method: 'PATCH',
        url: `/api/v1/webhooks/${id}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ url: `${receiver.url}/new` }),
      });
      assert.equal(patched.statusCode, 200, patched.body);
      receiver.release('/old', 500);
      const [delivered] = await receiver.waitFor('/new', 1);
      assert.equal(delivered?.type, 'ping');
      await waitUntil(h.events, async () => (await deliveries(h, token, id))[0]?.state === 'delivered');
      assert.equal((await deliveries(h, token, id))[0]?.attempts, 3);
    });
  });
}

const postgres = databaseTargets().find((t) => t.name === 'postgres');
describe('a url change committing while a failed attempt is recorded [postgres]', { skip: postgres === undefined ? 'needs TEST_DATABASE_URL' : false }, () => {
  let h: Harness;
  let receiver: WebhookReceiver;
  before(async () => {
    // Retries an hour apart: only the change of url can bring the retry now.
    ({ h, receiver } = await withReceiver(defined(postgres), '3600'));
  });
  after(async () => {
    await h.close();
    await receiver.close();
  });

  test('the failure waits for the change and its retry goes to the new url at once', async () => {
    const account = await h.account(10);
    receiver.answer('/old', 'hold');
    const id = await registerAndPing(h, account.token, `${receiver.url}/old`);
    await receiver.waitFor('/old', 1);
    const patcher = new pg.Client({ connectionString: defined(h.database.url) });
    const watcher = new pg.Client({ connectionString: defined(h.database.url) });
    await Promise.all([patcher.connect(), watcher.connect()]);
    const onPatcher = { query: async <Row extends object>(text: string, params?: readonly unknown[]) => (await patcher.query<Row>(text, params ? [...params] : [])).rows };
    try {
      // updateWebhook's transaction, held open after its change.
      await patcher.query('BEGIN');
      assert.ok(await lockOwnWebhookEndpoint(onPatcher, account.id, id));
      await changeWebhookEndpoint(onPatcher, id, { url: `${receiver.url}/new` }, new Date());
      receiver.release('/old', 500);
      await untilWaitingOnLock(watcher);
      await patcher.query('COMMIT');
      const [retried] = await receiver.waitFor('/new', 1);
      assert.equal(retried?.type, 'ping');
    } finally {
      await Promise.all([patcher.end(), watcher.end()]);
    }
  });
});
