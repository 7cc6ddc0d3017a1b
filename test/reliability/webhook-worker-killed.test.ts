import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, describe, test } from 'node:test';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { startHarnessWebhookWorkers } from '../helpers/webhook-workers.ts';
import { ManualClock } from '../fakes/manual-clock.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { killAll, startWorker } from './processes.ts';

// A `vetrina worker` process killed with SIGKILL while its delivery is on the wire: the receiver
// got the request, the worker recorded nothing. Once the attempt's lease lapses, another worker
// sends it once more: at least once, never zero. PostgreSQL only (processes share its database).

const server = databaseTargets().find((t) => t.name === 'postgres');
const SECRET_KEY = 'b'.repeat(64);

describe('a webhook worker killed mid-delivery [postgres]', { skip: server === undefined ? 'TEST_DATABASE_URL is not set' : false }, () => {
  let h: Harness | undefined;
  let receiver: WebhookReceiver | undefined;
  after(async () => {
    killAll();
    await h?.close();
    await receiver?.close();
  });

  test('the delivery is made once more by another worker, with the same id', { timeout: 120_000 }, async () => {
    if (server === undefined) return;
    receiver = await startWebhookReceiver();
    const manual = new ManualClock(Date.now());
    const clock = { now: () => new Date(manual.now()) };
    const env = { FETCH_ALLOWED_HOSTS: receiver.hostPort, WEBHOOK_SECRET_KEY: SECRET_KEY, WEBHOOK_POLL_MS: '50' };
    // This process serves the API only, until the other worker is dead.
    h = await startHarness(server, { workers: false, clock, env });
    const doomed = await startWorker(defined(h.database.url), env);

    const { token } = await h.account(10);
    const created = await h.post('/api/v1/webhooks', token, { url: `${receiver.url}/killed` });
    assert.equal(created.statusCode, 201, created.body);
    const endpoint = created.json<{ data: { id: string; secret: string } }>().data;
    receiver.answer('/killed', 'hold');
    assert.equal((await h.post(`/api/v1/webhooks/${endpoint.id}/test`, token, {})).statusCode, 202);

    const [first] = await receiver.waitFor('/killed', 1);
    doomed.child.kill('SIGKILL');
    await doomed.exited;

    await startHarnessWebhookWorkers(h);
    // Past the dead worker's lease (30 s from its claim, on the wall clock it used).
    manual.advance(Date.now() + 31_000 - manual.now());
    const got = await receiver.waitFor('/killed', 2);
    assert.equal(got[1]?.headers['webhook-id'], first?.headers['webhook-id']);

    let delivered: { state: string; attempts: number } | undefined;
    for (;;) {
      // Listening before reading: an attempt that ends during the read still wakes the loop.
      const next = once(h.events, 'webhook_attempt', { signal: AbortSignal.timeout(30_000) });
      next.catch(() => {});
      const res = await h.get(`/api/v1/webhooks/${endpoint.id}/deliveries`, token);
      delivered = res.json<{ data: { deliveries: { state: string; attempts: number }[] } }>().data.deliveries[0];
      if (delivered?.state === 'delivered') break;
      await next;
    }
    assert.equal(delivered.attempts, 2);
    assert.equal(receiver.at('/killed').length, 2, 'exactly one more delivery');
  });
});
