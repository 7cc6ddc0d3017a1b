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
 * when none. The one-event case of recordWebhookEvents.
 */
export async function recordWebhookEvent(tx: SqlRunner, event: NewEvent): Promise<string | null> {
  const [id] = await recordWebhookEvents(tx, { accountId: event.accountId, type: event.type, ...(event.endpointId === undefined ? {} : { endpointId: event.endpointId }) }, [
    { productId: event.productId ?? null, data: event.data },
  ]);
  return id ?? null;
}

/**
 * Writes events of one account and type, and one pending delivery per event and endpoint it goes
 * to, in one statement whatever their number; returns the ids of the events written (none when no
 * endpoint takes the type). Past FANOUT_IN_PLACE_MAX deliveries (or behind an account's fan-out not
 * yet written) only the events are written here, each with the endpoints it goes to: its
 * deliveries are written after the commit by expandWebhookFanouts, with the same rules. An endpoint with its cap of deliveries already pending (its receiver
 * failing or too slow; the instance setting written by setWebhookPendingCap) does not queue more:
 * the deliveries are recorded failed with `backlog_full`, and the endpoint says so until its next
 * 2xx. The cap is read once per statement, so one call may pass it by its own events. A test ping
 * is never dropped so.
 */
export async function recordWebhookEvents(
  tx: SqlRunner,
  to: { accountId: string; type: DeliveredEventType; endpointId?: string },
  events: readonly { productId: string | null; data: Record<string, unknown> }[],
): Promise<string[]> {
  const written: string[] = [];
  // Two events of one line in one statement would not see each other's delivery (one snapshot),
  // and both would go out at once: a line's second event starts the next statement.
  let chunk: { id: string; key: string; body: string }[] = [];
  for (const event of events) {
    const id = randomUUID();
    const key = orderingKey({ productId: event.productId, accountId: to.accountId, eventId: id, type: to.type });
    if (chunk.some((c) => c.key === key)) {
      written.push(...(await insertEvents(tx, to, chunk)));
      chunk = [];
    }
    chunk.push({ id, key, body: eventBody(to.type, new Date(), event.data) });
  }
  if (chunk.length > 0) written.push(...(await insertEvents(tx, to, chunk)));
  return written;
}

const PENDING_CAP_SETTING = 'webhook_pending_cap';

/** The CTE `cap`: the instance's cap of pending deliveries per endpoint (`n`, 0: none) and the newest delivery's seq. */
export const PENDING_CAP_CTE = `cap AS (
       SELECT coalesce((SELECT value FROM instance_settings WHERE name = '${PENDING_CAP_SETTING}'), 0) AS n,
              (SELECT max(seq) FROM webhook_deliveries) AS last_seq
     )`;

/**
 * Whether the endpoint `endpoint` (an id expression) already has the cap pending, beside the CTE
 * `cap`. When fewer deliveries were written since its oldest pending one than the cap, it cannot
 * have the cap pending and nothing is counted (a healthy endpoint, even in a burst); otherwise the
 * count reads no further than the cap.
 */
export const endpointFullSql = (endpoint: string) => `cap.n > 0
           AND cap.last_seq - (SELECT min(p.seq) FROM webhook_deliveries p WHERE p.endpoint_id = ${endpoint} AND p.state = 'pending') >= cap.n - 1
           AND (SELECT count(*) FROM (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = ${endpoint} AND p.state = 'pending' LIMIT cap.n) AS c) >= cap.n`;

/**
 * Whether a new delivery to `endpoint` on line `key` waits behind a pending one. The earliest
 * pending delivery of the line is read FOR SHARE: one settling right now is waited for and, once
 * settled, no longer counts; one that settles later waits for this write to commit, and then sees
 * it and releases it. No delivery is left waiting behind one that has gone.
 */
export const waitsInLineSql = (endpoint: string, key: string) => `EXISTS (
                SELECT 1 FROM webhook_deliveries d
                WHERE d.endpoint_id = ${endpoint} AND d.ordering_key = ${key} AND d.state = 'pending'
                ORDER BY d.seq LIMIT 1 FOR SHARE
              )`;

/** An endpoint `e` of the account that takes events of the type in parameter $2. */
const TAKES_THE_TYPE = 'e.disabled_at IS NULL AND (e.events IS NULL OR $2 = ANY (e.events))';

async function insertEvents(
  tx: SqlRunner,
  to: { accountId: string; type: DeliveredEventType; endpointId?: string },
  events: readonly { id: string; key: string; body: string }[],
): Promise<string[]> {
  // A test ping (one endpoint, a line of its own) is always written whole.
  if (to.endpointId === undefined) {
    const [plan] = await tx.query<{ targets: number; behind: boolean }>(
      `SELECT (SELECT count(*)::int FROM webhook_endpoints e
               WHERE e.account_id = $1 AND ${TAKES_THE_TYPE}) AS targets,
              EXISTS (SELECT 1 FROM webhook_fanouts f WHERE f.account_id = $1) AS behind`,
      [to.accountId, to.type],
    );
    // Behind an account's fan-out still being written, an event waits its turn there too, or a
    // product's later event could be delivered before its earlier one.
    if (plan !== undefined && plan.targets > 0 && (plan.behind || plan.targets * events.length > FANOUT_IN_PLACE_MAX)) return deferEvents(tx, to, events);
  }
  const rows = await tx.query<{ id: string }>(
    `WITH ${PENDING_CAP_CTE}, targets AS (
       SELECT e.id, $2 <> 'ping' AND ${endpointFullSql('e.id')} AS full
       FROM webhook_endpoints e, cap
       WHERE e.account_id = $1
         AND CASE WHEN $6::uuid IS NULL THEN ${TAKES_THE_TYPE} ELSE e.id = $6::uuid END
     ), input AS (
       SELECT * FROM unnest($3::uuid[], $4::text[], $5::text[]) WITH ORDINALITY AS i(id, body, ordering_key, n)
     ), event AS (
       INSERT INTO webhook_events (id, account_id, type, body)
       SELECT i.id, $1, $2, i.body FROM input i WHERE EXISTS (SELECT 1 FROM targets) ORDER BY i.n
       RETURNING id
     ), written AS (
       INSERT INTO webhook_deliveries (endpoint_id, account_id, event_id, ordering_key, next_attempt_at, waiting, state, last_error)
       SELECT t.id, $1, i.id, i.ordering_key, '-infinity',
              NOT t.full AND ${waitsInLineSql('t.id', 'i.ordering_key')},
              CASE WHEN t.full THEN 'failed' ELSE 'pending' END,
              CASE WHEN t.full THEN '${BACKLOG_FULL_ERROR}' END
       FROM input i JOIN event ON event.id = i.id CROSS JOIN targets t
       ORDER BY i.n, t.id
       RETURNING endpoint_id, state, event_id
     ), marked AS (
       UPDATE webhook_endpoints SET backlog_full_since = now()
       WHERE id IN (SELECT endpoint_id FROM written WHERE state = 'failed') AND backlog_full_since IS NULL
     )
     SELECT DISTINCT event_id AS id FROM written`,
    [to.accountId, to.type, events.map((e) => e.id), events.map((e) => e.body), events.map((e) => e.key), to.endpointId ?? null],
  );
  const ids = new Set(rows.map((r) => r.id));
  return events.filter((e) => ids.has(e.id)).map((e) => e.id);
}

/**
 * The most deliveries an event statement writes in its change's transaction. More are written
 * after the commit from `webhook_fanouts` (expandWebhookFanouts), a few hundred per transaction: on
 * the embedded database a transaction holds it for every account, and a publication call's 2,000
 * deliveries (100 products, 20 endpoints) took 100-340 ms inside it.
 */
export const FANOUT_IN_PLACE_MAX = 200;

/** The events, and for each the endpoints it goes to, for their deliveries to be written after the commit. */
async function deferEvents(tx: SqlRunner, to: { accountId: string; type: DeliveredEventType }, events: readonly { id: string; key: string; body: string }[]): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `WITH targets AS (
       SELECT array_agg(e.id ORDER BY e.id) AS ids FROM webhook_endpoints e
       WHERE e.account_id = $1 AND ${TAKES_THE_TYPE}
     ), input AS (
       SELECT * FROM unnest($3::uuid[], $4::text[], $5::text[]) WITH ORDINALITY AS i(id, body, ordering_key, n)
     ), event AS (
       INSERT INTO webhook_events (id, account_id, type, body)
       SELECT i.id, $1, $2, i.body FROM input i, targets t WHERE t.ids IS NOT NULL ORDER BY i.n
       RETURNING id
     ), fanout AS (
       INSERT INTO webhook_fanouts (event_id, account_id, ordering_key, endpoint_ids)
       SELECT i.id, $1, i.ordering_key, t.ids FROM input i JOIN event ON event.id = i.id CROSS JOIN targets t
       ORDER BY i.n
     )
     SELECT id FROM event`,
    [to.accountId, to.type, events.map((e) => e.id), events.map((e) => e.body), events.map((e) => e.key)],
  );
  const ids = new Set(rows.map((r) => r.id));
  return events.filter((e) => ids.has(e.id)).map((e) => e.id);
}

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
  await recordWebhookEvents(
    tx,
    { accountId, type: 'product.publication_state_changed' },
    changed.map((p) => ({
      productId: p.id,
      data: { product_id: p.id, code: p.code, sku: p.sku, publication_state: state, previous_publication_state: p.publication_state },
    })),
  );
}
