import type { SqlRunner } from '../db/database.ts';
import { listDeliveries, type DeliveryRow } from '../db/webhook-deliveries.ts';
import { findOwnWebhookEndpoint, listWebhookEndpoints, type WebhookEndpointRow } from '../db/webhook-endpoints.ts';
import { backlogFullNote } from '../domain/webhooks.ts';

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string | null;
  /** Null: every event type. */
  events: string[] | null;
  status: 'enabled' | 'disabled';
  failing_since: string | null;
  disabled_at: string | null;
  /** Why the endpoint is disabled, or why events are not queued for it, in words for the account; empty while it works. */
  validation_messages: string[];
  created_at: string;
}

export function endpointView(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.disabled_at === null ? 'enabled' : 'disabled',
    failing_since: row.failing_since?.toISOString() ?? null,
    disabled_at: row.disabled_at?.toISOString() ?? null,
    validation_messages: [...(row.disabled_reason === null ? [] : [row.disabled_reason]), ...(row.backlog_full_since === null ? [] : [backlogFullNote(row.backlog_full_since)])],
    created_at: row.created_at.toISOString(),
  };
}

export async function listWebhooks(db: SqlRunner, accountId: string): Promise<WebhookEndpointView[]> {
  return (await listWebhookEndpoints(db, accountId)).map(endpointView);
}

export interface DeliveryView {
  id: string;
  event_id: string;
  type: string;
  state: DeliveryRow['state'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** One page of an own endpoint's deliveries, newest first; undefined when the endpoint is not this account's. */
export async function readWebhookDeliveries(
  db: SqlRunner,
  accountId: string,
  endpointId: string,
  page: { limit: number; before: string | null },
): Promise<{ deliveries: DeliveryView[]; nextBefore: string | null } | undefined> {
  if ((await findOwnWebhookEndpoint(db, accountId, endpointId)) === undefined) return undefined;
  // One more than the page: whether an older page exists, so the last page says so even when full.
  const rows = await listDeliveries(db, endpointId, { limit: page.limit + 1, before: page.before });
  const deliveries = rows.slice(0, page.limit).map((d) => ({
    id: d.id,
    event_id: d.event_id,
    type: d.type,
    state: d.state,
    attempts: d.attempts,
    last_status: d.last_status,
    last_error: d.last_error,
    last_attempt_at: iso(d.last_attempt_at),
    next_attempt_at: iso(d.next_attempt_at),
    delivered_at: iso(d.delivered_at),
    created_at: d.created_at.toISOString(),
  }));
  const last = deliveries.at(-1);
  return { deliveries, nextBefore: rows.length > page.limit && last !== undefined ? last.id : null };
}
