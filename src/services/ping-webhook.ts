import type { Database } from '../db/database.ts';
import { findOwnWebhookEndpoint } from '../db/webhook-endpoints.ts';
import { recordWebhookEvent } from '../db/webhook-events.ts';

/**
 * Queues a `ping` to one endpoint of this account, whatever its event filter and even when it is
 * disabled (a 2xx answer enables it again). Returns the event id, or null when the endpoint is not
 * this account's.
 */
export async function pingWebhook(db: Database, accountId: string, endpointId: string): Promise<string | null> {
  if ((await findOwnWebhookEndpoint(db, accountId, endpointId)) === undefined) return null;
  return db.transaction((tx) => recordWebhookEvent(tx, { accountId, type: 'ping', endpointId, data: { endpoint_id: endpointId, message: 'Test event sent on request.' } }));
}
