import type { SqlRunner } from '../db/database.ts';
import { deleteOwnWebhookEndpoint } from '../db/webhook-endpoints.ts';

/**
 * Removes an endpoint of this account with its deliveries: nothing more is sent to it (an attempt
 * already on the wire finishes, and its result lands nowhere). False when it is not this account's.
 */
export function deleteWebhook(db: SqlRunner, accountId: string, endpointId: string): Promise<boolean> {
  return deleteOwnWebhookEndpoint(db, accountId, endpointId);
}
