import type { Database } from '../db/database.ts';
import { disableEndpoint } from '../db/webhook-deliveries.ts';
import { changeWebhookEndpoint, enableWebhookEndpoint, findOwnWebhookEndpoint, lockOwnWebhookEndpoint, type EndpointChanges } from '../db/webhook-endpoints.ts';
import { DISABLED_ON_REQUEST_NOTE, type WebhookEventType } from '../domain/webhooks.ts';
import type { AllowedHost } from '../domain/address-policy.ts';
import { checkEndpointUrl } from './register-webhook.ts';
import type { Clock } from './webhook-ports.ts';
import { endpointView, type WebhookEndpointView } from './webhook-views.ts';

export interface WebhookUpdate {
  url?: string;
  /** Null: every event type. */
  events?: readonly WebhookEventType[] | null;
  description?: string | null;
  enabled?: boolean;
}

export type UpdateOutcome = { kind: 'updated'; endpoint: WebhookEndpointView } | { kind: 'not_found' } | { kind: 'url_refused'; message: string };

/**
 * Changes an endpoint of this account. Deliveries are sent to the URL read when each attempt
 * starts, so pending ones (retries included, made due at once) go to a new URL; an attempt already
 * on the wire finishes at the old one. A new event filter applies to events from now on; those
 * already recorded are still delivered. Disabling gives up pending deliveries as the automatic
 * disable does; enabling clears the disable and the failing streak, and later events are sent.
 */
export async function updateWebhook(
  deps: { db: Database; allowedHosts: readonly AllowedHost[]; clock: Clock },
  accountId: string,
  endpointId: string,
  update: WebhookUpdate,
): Promise<UpdateOutcome> {
  const changes: EndpointChanges = {};
  if (update.url !== undefined) {
    const url = checkEndpointUrl(update.url, deps.allowedHosts);
    if (!url.ok) return { kind: 'url_refused', message: url.message };
    changes.url = url.url;
  }
  if (update.events !== undefined) changes.events = update.events === null ? null : [...new Set(update.events)];
  if (update.description !== undefined) changes.description = update.description;
  return deps.db.transaction<UpdateOutcome>(async (tx) => {
    const before = await lockOwnWebhookEndpoint(tx, accountId, endpointId);
    if (before === undefined) return { kind: 'not_found' };
    const now = deps.clock.now();
    // The same URL again is no new receiver: its failing streak and retry times stand.
    if (changes.url === before.url) delete changes.url;
    await changeWebhookEndpoint(tx, endpointId, changes, now);
    if (update.enabled === true) await enableWebhookEndpoint(tx, endpointId);
    if (update.enabled === false) await disableEndpoint(tx, endpointId, now, DISABLED_ON_REQUEST_NOTE, { kind: 'requested' });
    const after = await findOwnWebhookEndpoint(tx, accountId, endpointId);
    return after === undefined ? { kind: 'not_found' } : { kind: 'updated', endpoint: endpointView(after) };
  });
}
