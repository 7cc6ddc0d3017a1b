import type { Database } from '../db/database.ts';
import { findOwnWebhookEndpoint } from '../db/webhook-endpoints.ts';
import { recordWebhookEvent } from '../db/webhook-events.ts';
import { pingsInLastHour } from '../db/webhook-pings.ts';

export type PingOutcome = { kind: 'queued'; eventId: string } | { kind: 'not_found' } | { kind: 'too_many'; retryAfterSeconds: number; perHour: number };

/**
 * Queues a `ping` to one endpoint of this account, whatever its event filter and even when it is
 * disabled (a 2xx answer enables it again), up to `perHour` pings an endpoint an hour: a ping skips
 * the endpoint's cap of pending deliveries, so without a limit of its own it could fill the queue.
 */
export async function pingWebhook(db: Database, accountId: string, endpointId: string, perHour: number): Promise<PingOutcome> {
  if ((await findOwnWebhookEndpoint(db, accountId, endpointId)) === undefined) return { kind: 'not_found' };
  return db.transaction(async (tx) => {
    // Two pings at once on one endpoint would both count one short: the endpoint row serialises them.
    await tx.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR NO KEY UPDATE', [endpointId]);
    const recent = await pingsInLastHour(tx, endpointId);
    if (recent.count >= perHour) return { kind: 'too_many', retryAfterSeconds: Math.max(1, recent.oldestLeavesInSeconds), perHour };
    const eventId = await recordWebhookEvent(tx, { accountId, type: 'ping', endpointId, data: { endpoint_id: endpointId, message: 'Test event sent on request.' } });
    return eventId === null ? { kind: 'not_found' } : { kind: 'queued', eventId };
  });
}
