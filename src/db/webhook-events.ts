import { randomUUID } from 'node:crypto';
import { BACKLOG_FULL_ERROR, eventBody, orderingKey, type DeliveredEventType } from '../domain/webhooks.ts';
import type { SqlRunner } from './database.ts';

// The outbox. Every function here runs on the transaction of the change it reports, so the event
// exists exactly when the change does. An account with no endpoint for the type writes nothing.

interface NewEvent {
  accountId: string;
  type: DeliveredEventType;
  productId?: string | null;
  data: Record<string, unknown>;
  /** Only this endpoint, whatever its event filter (a test ping); otherwise every enabled, subscribed one. */
  endpointId?: string;
}

/**
 * Writes the event and one pending delivery per endpoint it goes to; returns the event id, or null
 * when none. An endpoint with its cap of deliveries already pending (its receiver failing or too
 * slow; the instance setting written by setWebhookPendingCap) does not queue another: the delivery
 * is recorded failed with `backlog_full`, and the endpoint says so until its next 2xx. A test ping
 * is never dropped so.
 */
export async function recordWebhookEvent(tx: SqlRunner, event: NewEvent): Promise<string | null> {
  const id = randomUUID();
  const key = orderingKey({ productId: event.productId ?? null, accountId: event.accountId, eventId: id, type: event.type });
  const body = eventBody(event.type, new Date(), event.data);
  const rows = await tx.query<{ id: string }>(
    `WITH cap AS (
       SELECT coalesce((SELECT value FROM instance_settings WHERE name = '${PENDING_CAP_SETTING}'), 0) AS n
     ), targets AS (
       SELECT e.id,
         -- Counts no further than the cap: a healthy endpoint's few pending deliveries cost little.
         cap.n > 0 AND $3 <> 'ping'
           AND (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = e.id AND p.state = 'pending' LIMIT cap.n) AS c) >= cap.n AS full
       FROM webhook_endpoints e, cap
       WHERE e.account_id = $2
         AND CASE WHEN $6::uuid IS NULL THEN e.disabled_at IS NULL AND (e.events IS NULL OR $3 = ANY (e.events)) ELSE e.id = $6::uuid END
     ), event AS (
       INSERT INTO webhook_events (id, account_id, type, body)
       SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM targets)
       RETURNING id
     ), written AS (
       INSERT INTO webhook_deliveries (endpoint_id, account_id, event_id, ordering_key, next_attempt_at, waiting, state, last_error)
       SELECT t.id, $2, event.id, $5, '-infinity',
              -- The earliest pending delivery of the line is read FOR SHARE: one settling right now
              -- is waited for and, once settled, no longer counts; one that settles later waits for
              -- this write to commit, and then sees it and releases it. No delivery is left waiting
              -- behind one that has gone.
              NOT t.full AND EXISTS (
                SELECT 1 FROM webhook_deliveries d
                WHERE d.endpoint_id = t.id AND d.ordering_key = $5 AND d.state = 'pending'
                ORDER BY d.seq LIMIT 1 FOR SHARE
              ),
              CASE WHEN t.full THEN 'failed' ELSE 'pending' END,
              CASE WHEN t.full THEN '${BACKLOG_FULL_ERROR}' END
       FROM targets t, event
       RETURNING endpoint_id, state
     ), marked AS (
       UPDATE webhook_endpoints SET backlog_full_since = now()
       WHERE id IN (SELECT endpoint_id FROM written WHERE state = 'failed') AND backlog_full_since IS NULL
     )
     SELECT DISTINCT $1::uuid AS id FROM written`,
    [id, event.accountId, event.type, body, key, event.endpointId ?? null],
  );
  return rows.length > 0 ? id : null;
}

const PENDING_CAP_SETTING = 'webhook_pending_cap';

/** Sets the cap of pending deliveries per endpoint for every process on this database (0: none). */
export async function setWebhookPendingCap(db: SqlRunner, cap: number): Promise<void> {
  await db.query(
    `INSERT INTO instance_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value WHERE instance_settings.value <> EXCLUDED.value`,
    [PENDING_CAP_SETTING, cap],
  );
}

/** Whether any enabled endpoint of the account takes this event type. */
async function hasEndpointFor(tx: SqlRunner, accountId: string, type: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM webhook_endpoints WHERE account_id = $1 AND disabled_at IS NULL AND (events IS NULL OR $2 = ANY (events)) LIMIT 1', [accountId, type]);
  return rows.length > 0;
}

interface SettledGeneration {
  account_id: string;
  product_id: string;
  code: string | null;
  sku: string | null;
  generation_id: string;
  kind: 'create' | 'regenerate';
  countries: string[];
  state: 'completed' | 'failed';
  failure: { reason: string; message: string } | null;
  publication_state: string;
}

/** `product.completed` or `product.failed` for a generation just settled (create or regeneration). */
export async function recordGenerationSettled(tx: SqlRunner, generationId: string): Promise<void> {
  await recordGenerationsSettled(tx, [generationId]);
}

/** The same for every generation of a batch: one read, and the events of those whose account has an endpoint. */
export async function recordGenerationsSettled(tx: SqlRunner, generationIds: readonly string[]): Promise<void> {
  if (generationIds.length === 0) return;
  const rows = await tx.query<SettledGeneration>(
    `SELECT g.account_id, g.product_id, p.code, p.sku, g.id AS generation_id, g.kind, p.countries, g.state, g.failure, p.publication_state
     FROM generations g JOIN products p ON p.id = g.product_id
     WHERE g.id = ANY ($1::uuid[]) AND g.state IN ('completed', 'failed')
       -- Most accounts have no endpoint: then this one read is all a settled generation costs.
       AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.account_id = g.account_id AND e.disabled_at IS NULL)
     ORDER BY g.created_at, g.id`,
    [generationIds],
  );
  for (const { account_id, ...data } of rows) {
    await recordWebhookEvent(tx, { accountId: account_id, type: data.state === 'completed' ? 'product.completed' : 'product.failed', productId: data.product_id, data });
  }
}

export interface PublicationBefore {
  id: string;
  code: string | null;
  sku: string | null;
  publication_state: string;
}

/** Locks the products about to change state and returns what they showed before. */
export async function lockPublicationStates(tx: SqlRunner, productIds: readonly string[]): Promise<PublicationBefore[]> {
  return tx.query<PublicationBefore>('SELECT id, code, sku, publication_state FROM products WHERE id = ANY ($1::uuid[]) ORDER BY id FOR UPDATE', [productIds]);
}

/** `product.publication_state_changed` for each product whose state is now different. */
export async function recordPublicationChanges(tx: SqlRunner, accountId: string, before: readonly PublicationBefore[], state: string): Promise<void> {
  const changed = before.filter((p) => p.publication_state !== state);
  if (changed.length === 0 || !(await hasEndpointFor(tx, accountId, 'product.publication_state_changed'))) return;
  for (const p of changed) {
    await recordWebhookEvent(tx, {
      accountId,
      type: 'product.publication_state_changed',
      productId: p.id,
      data: { product_id: p.id, code: p.code, sku: p.sku, publication_state: state, previous_publication_state: p.publication_state },
    });
  }
}

/** `credits.low` when a debit took the balance from the threshold or above to under it. */
export async function recordCreditsLowIfCrossed(tx: SqlRunner, change: { accountId: string; delta: number; balanceAfter: number; threshold: number | null }): Promise<void> {
  const { threshold, balanceAfter, delta } = change;
  if (threshold === null || delta >= 0 || balanceAfter >= threshold || balanceAfter - delta < threshold) return;
  await recordWebhookEvent(tx, { accountId: change.accountId, type: 'credits.low', data: { balance: balanceAfter, threshold } });
}
