import type { SqlRunner } from './database.ts';

// A delivery's life: pending (waiting its turn, queued, or under an attempt) → delivered, or
// failed once its retries are spent or its endpoint was disabled. Times come from the caller's
// clock, so the retry schedule can be tested without waiting.

/**
 * Marks as queued the deliveries due by `now` (a first attempt is always due) that head their key on their endpoint (no earlier
 * delivery of the same product still pending), those whose attempt's worker died (lapsed
 * claim), and those queued before `unclaimedSince` whose job never claimed them. Locked rows are
 * skipped, so relays in several processes never queue one twice.
 */
export async function takeDueDeliveries(tx: SqlRunner, now: Date, limit: number, unclaimedSince: Date): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d
       WHERE d.state = 'pending' AND NOT d.waiting AND (d.attempts = 0 OR d.next_attempt_at <= $1)
         AND (NOT d.queued OR d.claimed_until < $1 OR (d.claimed_until IS NULL AND d.queued_at < $3))
         AND NOT EXISTS (
           SELECT 1 FROM webhook_deliveries earlier
           WHERE earlier.endpoint_id = d.endpoint_id AND earlier.ordering_key = d.ordering_key
             AND earlier.state = 'pending' AND earlier.seq < d.seq
         )
       ORDER BY d.seq
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     UPDATE webhook_deliveries w SET queued = true, queued_at = $1, claimed_until = NULL FROM due WHERE w.id = due.id
     RETURNING w.id`,
    [now, limit, unclaimedSince],
  );
  return rows.map((r) => r.id);
}

/**
 * Releases deliveries left waiting although nothing is ahead of them any more: one written in the
 * same moment as the delivery ahead of it settled, which could not see it to release it.
 */
export async function releaseStrandedDeliveries(tx: SqlRunner): Promise<number> {
  const rows = await tx.query(
    `UPDATE webhook_deliveries d SET waiting = false
     WHERE d.state = 'pending' AND d.waiting
       AND NOT EXISTS (
         SELECT 1 FROM webhook_deliveries earlier
         WHERE earlier.endpoint_id = d.endpoint_id AND earlier.ordering_key = d.ordering_key
           AND earlier.state = 'pending' AND earlier.seq < d.seq
       )
     RETURNING d.id`,
  );
  return rows.length;
}

/** The next pending delivery of a line goes to the head once the one before it has settled. */
async function releaseNextInLine(tx: SqlRunner, delivery: { endpointId: string; orderingKey: string }): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries SET waiting = false
     WHERE id = (
       SELECT id FROM webhook_deliveries
       WHERE endpoint_id = $1 AND ordering_key = $2 AND state = 'pending'
       ORDER BY seq LIMIT 1
     ) AND waiting`,
    [delivery.endpointId, delivery.orderingKey],
  );
}

export interface ClaimedDelivery {
  id: string;
  ordering_key: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret_sealed: string;
  /** The secrets rotations replaced whose grace periods run past the claim: they still sign. */
  previous_secrets_sealed: string[];
  endpoint_disabled: boolean;
  event_id: string;
  type: string;
  body: string;
}

/** Starts an attempt: counts it and holds the delivery until `leaseUntil`. Undefined: delivered, given up, held, or deleted. */
export async function claimDelivery(db: SqlRunner, id: string, now: Date, leaseUntil: Date): Promise<ClaimedDelivery | undefined> {
  const rows = await db.query<ClaimedDelivery>(
    `UPDATE webhook_deliveries d SET attempts = d.attempts + 1, claimed_until = $3, last_attempt_at = $2
     FROM webhook_endpoints e, webhook_events ev
     WHERE d.id = $1 AND d.state = 'pending' AND d.queued AND (d.claimed_until IS NULL OR d.claimed_until < $2)
       AND e.id = d.endpoint_id AND ev.id = d.event_id
     RETURNING d.id, d.ordering_key, d.attempts, d.endpoint_id, e.url, e.secret_sealed,
       ARRAY(SELECT p->>'sealed' FROM jsonb_array_elements(e.previous_secrets) AS p WHERE (p->>'expires_at')::timestamptz > $2) AS previous_secrets_sealed, e.disabled_at IS NOT NULL AS endpoint_disabled, ev.id AS event_id, ev.type, ev.body`,
    [id, now, leaseUntil],
  );
  return rows[0];
}

/** A 2xx answer: the delivery is done and its endpoint counts as working (enabled again if it was disabled). */
export async function recordDelivered(tx: SqlRunner, delivery: SettlingDelivery, at: Date, status: number): Promise<void> {
  const settled = await tx.query(
    `UPDATE webhook_deliveries SET state = 'delivered', delivered_at = $2, last_status = $3, last_error = NULL, claimed_until = NULL, queued = false
     WHERE id = $1 AND state = 'pending' RETURNING id`,
    [delivery.id, at, status],
  );
  // An attempt that was on the wire when its endpoint was disabled (its delivery given up
  // meanwhile), or that went to the URL the endpoint had before a change, says nothing about the
  // endpoint now: it must not undo a disable by hand nor end the new URL's failing streak.
  // Only an endpoint that was failing is written: every delivery to a working endpoint writing its
  // row would make them all wait on that one row lock.
  if (settled.length > 0) {
    await tx.query(
      `UPDATE webhook_endpoints SET failing_since = NULL, disabled_at = NULL, disabled_reason = NULL
       WHERE id = $1 AND url = $2 AND (failing_since IS NOT NULL OR disabled_at IS NOT NULL)`,
      [delivery.endpointId, delivery.url],
    );
  }
  await releaseNextInLine(tx, delivery);
}

export interface SettlingDelivery {
  id: string;
  endpointId: string;
  orderingKey: string;
  /** The URL the attempt went to: the endpoint's when the attempt was claimed. */
  url: string;
}

/** What recording a failed attempt did. */
export interface FailedAttempt {
  /** Since when the endpoint has been failing; undefined when the attempt says nothing of it (its URL changed meanwhile). */
  failingSince: Date | undefined;
  /** The delivery was given up (its retries spent); otherwise it waits for its next attempt. */
  gaveUp: boolean;
}

/**
 * A failed attempt: the delivery waits for `retryAt`, or is given up when that is null; its
 * endpoint counts as failing since this attempt when it was working until now.
 *
 * An attempt that went to the URL the endpoint had before a change says nothing about the new
 * one: the endpoint's streak is left alone, and the delivery is due again at once, as the change
 * made every other pending retry, even when this was the last attempt its schedule allowed: the
 * new URL gets one attempt.
 */
export async function recordFailedAttempt(
  tx: SqlRunner,
  delivery: SettlingDelivery,
  at: Date,
  outcome: { status: number | null; error: string },
  retryAt: Date | null,
): Promise<FailedAttempt> {
  // A change of URL holds the endpoint FOR UPDATE until it commits, so this read waits for it and
  // sees the new URL. Key-share locks wait neither for each other nor for the streak's update
  // below: failures at one endpoint are still recorded side by side.
  const [endpoint] = await tx.query<{ url: string }>('SELECT url FROM webhook_endpoints WHERE id = $1 FOR KEY SHARE', [delivery.endpointId]);
  const moved = endpoint !== undefined && endpoint.url !== delivery.url;
  const next = moved ? at : retryAt;
  await tx.query(
    `UPDATE webhook_deliveries
     SET state = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
         next_attempt_at = coalesce($4::timestamptz, next_attempt_at),
         last_status = $2, last_error = $3, claimed_until = NULL, queued = false
     WHERE id = $1 AND state = 'pending'`,
    [delivery.id, outcome.status, outcome.error, next],
  );
  const gaveUp = next === null;
  if (gaveUp) await releaseNextInLine(tx, delivery);
  if (endpoint === undefined || moved) return { failingSince: undefined, gaveUp };
  // As for a success: the row is written only when its state changes.
  const stamped = await tx.query<{ failing_since: Date }>('UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL RETURNING failing_since', [
    delivery.endpointId,
    at,
  ]);
  if (stamped[0] !== undefined) return { failingSince: stamped[0].failing_since, gaveUp };
  const rows = await tx.query<{ failing_since: Date | null }>('SELECT failing_since FROM webhook_endpoints WHERE id = $1', [delivery.endpointId]);
  return { failingSince: rows[0]?.failing_since ?? undefined, gaveUp };
}

/** Why an endpoint is disabled: after its failing streak (which a test ping's 2xx may end), or on the account's request. */
export type DisableCause = { kind: 'failing'; since: Date } | { kind: 'requested' };

/**
 * Disables an endpoint with the note the account reads, and gives up its pending deliveries.
 * After a failing streak, only if the endpoint is still failing since then (or earlier:
 * JavaScript dates keep milliseconds only): the streak was read before this, and an account that
 * enabled the endpoint meanwhile cleared it, so the failure of an attempt made before that must
 * not disable it again. Pending pings are kept then, since a ping's 2xx enables the endpoint
 * again; on request they are given up too, or a ping queued before the request would undo it.
 * False when the endpoint was not disabled now.
 */
export async function disableEndpoint(tx: SqlRunner, endpointId: string, at: Date, note: string, cause: DisableCause): Promise<boolean> {
  const disabled = await tx.query(
    `UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3
     WHERE id = $1 AND disabled_at IS NULL AND ($4::timestamptz IS NULL OR failing_since < $4::timestamptz + interval '1 millisecond')
     RETURNING id`,
    [endpointId, at, note, cause.kind === 'failing' ? cause.since : null],
  );
  if (disabled.length === 0) return false;
  await tx.query(
    `UPDATE webhook_deliveries d SET state = 'failed', last_error = 'endpoint disabled', claimed_until = NULL, queued = false
     FROM webhook_events ev
     WHERE d.endpoint_id = $1 AND d.state = 'pending' AND ev.id = d.event_id AND ($2::boolean OR ev.type <> 'ping')`,
    [endpointId, cause.kind === 'requested'],
  );
  return true;
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  type: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

/** One endpoint's deliveries, newest first, older than the delivery `before` when given. */
export async function listDeliveries(db: SqlRunner, endpointId: string, page: { limit: number; before: string | null }): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `SELECT d.id, d.event_id, ev.type, d.state, d.attempts, d.last_status, d.last_error, d.last_attempt_at,
            CASE WHEN d.state = 'pending' THEN d.next_attempt_at END AS next_attempt_at, d.delivered_at, d.created_at
     FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
     WHERE d.endpoint_id = $1
       AND ($2::uuid IS NULL OR d.seq < (SELECT seq FROM webhook_deliveries WHERE id = $2::uuid AND endpoint_id = $1))
     ORDER BY d.seq DESC
     LIMIT $3`,
    [endpointId, page.before, page.limit],
  );
}
