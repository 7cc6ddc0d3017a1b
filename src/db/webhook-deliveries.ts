import type { SqlRunner } from './database.ts';

// The deliveries table is the webhook queue, as the generations table is the generation queue. A
// delivery's life: pending (waiting its turn behind an earlier one of its line, due, or under an
// attempt) → delivered, or failed once its retries are spent or its endpoint was disabled. An
// attempt is claimed under a token with a lease, and its settlement lands only while it still holds
// that token. Times come from the caller's clock, so the retry schedule can be tested without waiting.

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
  /** Whose delivery: its attempt's statements take that account's turns on the embedded database. */
  account_id: string;
  claim_token: string;
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

export interface DeliveryClaim {
  /** The attempt's time: a delivery is due when its next attempt is due by then (a first attempt always is). */
  now: Date;
  limit: number;
  /** Fences the settlement: it lands only while the delivery is still held under this token. */
  token: string;
  /** Until when the attempt holds the delivery; past it a dead worker's attempt is made again. */
  leaseUntil: Date;
}

/**
 * Claims up to `limit` due deliveries, each counted as an attempt and held until `leaseUntil`:
 * pending ones at the head of their line (no earlier delivery of their endpoint and ordering key
 * still pending: `waiting` is false), whose next attempt is due, held by no live attempt. Shared
 * fairly between accounts: each account's due deliveries are ranked by due time, and the fetch
 * takes every account's first before any account's second, so an account with thousands due
 * cannot hold another's back by more than one fetch. Rows another fetch is claiming are skipped.
 */
export async function claimDueDeliveries(db: SqlRunner, claim: DeliveryClaim): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    // The accounts with heads pending are found by a skip scan of the due index (one probe each),
    // and each is read through the same index by due time: the cost follows the accounts and the
    // deliveries due, never the backlog of retries scheduled later or of deliveries waiting their turn.
    `WITH RECURSIVE accounts AS (
       (SELECT account_id FROM webhook_deliveries WHERE state = 'pending' AND NOT waiting ORDER BY account_id LIMIT 1)
       UNION ALL
       SELECT (SELECT d.account_id FROM webhook_deliveries d
               WHERE d.state = 'pending' AND NOT d.waiting AND d.account_id > a.account_id
               ORDER BY d.account_id LIMIT 1)
       FROM accounts a WHERE a.account_id IS NOT NULL
     ), share AS (
       -- Few accounts: each may fill the whole fetch, which stays full. Many: a fair share each.
       SELECT CASE WHEN count(*) <= 8 THEN $2::int ELSE greatest(1, ceil($2::float8 / count(*)))::int END AS per
       FROM accounts WHERE account_id IS NOT NULL
     ), candidates AS (
       SELECT c.id, c.next_attempt_at, c.seq, row_number() OVER (PARTITION BY a.account_id ORDER BY c.next_attempt_at, c.seq) AS turn
       FROM accounts a CROSS JOIN share CROSS JOIN LATERAL (
         SELECT d.id, d.next_attempt_at, d.seq FROM webhook_deliveries d
         WHERE d.account_id = a.account_id AND d.state = 'pending' AND NOT d.waiting AND d.next_attempt_at <= $1
           AND (d.claimed_until IS NULL OR d.claimed_until < $1)
         ORDER BY d.next_attempt_at, d.seq
         LIMIT share.per
       ) c
       WHERE a.account_id IS NOT NULL
     ), picked AS (
       SELECT id FROM candidates ORDER BY turn, next_attempt_at, seq LIMIT $2
     ), due AS (
       SELECT d.id FROM webhook_deliveries d
       WHERE d.id IN (SELECT id FROM picked) AND d.state = 'pending' AND (d.claimed_until IS NULL OR d.claimed_until < $1)
       FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_deliveries d SET attempts = d.attempts + 1, claimed_until = $3, claim_token = $4, last_attempt_at = $1
     FROM due, webhook_endpoints e, webhook_events ev
     WHERE d.id = due.id AND e.id = d.endpoint_id AND ev.id = d.event_id
     RETURNING d.id, d.account_id, d.claim_token, d.ordering_key, d.attempts, d.endpoint_id, e.url, e.secret_sealed,
       ARRAY(SELECT p->>'sealed' FROM jsonb_array_elements(e.previous_secrets) AS p WHERE (p->>'expires_at')::timestamptz > $1) AS previous_secrets_sealed,
       e.disabled_at IS NOT NULL AS endpoint_disabled, ev.id AS event_id, ev.type, ev.body`,
    [claim.now, claim.limit, claim.leaseUntil, claim.token],
  );
}

/**
 * An attempt cut off before it was made (its worker stopping): the delivery is handed back due at
 * once, the attempt uncounted. False when the claim was no longer this token's.
 */
export async function handBackDelivery(db: SqlRunner, id: string, token: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE webhook_deliveries SET attempts = greatest(0, attempts - 1), claimed_until = NULL
     WHERE id = $1 AND state = 'pending' AND claim_token = $2 RETURNING id`,
    [id, token],
  );
  return rows.length > 0;
}

/**
 * A 2xx answer, recordDeliveredMany's one-attempt case. False, and nothing written, when the
 * attempt no longer held the delivery (its lease lapsed and another attempt took it, or it was
 * given up meanwhile).
 */
export async function recordDelivered(tx: SqlRunner, delivery: SettlingDelivery, at: Date, status: number): Promise<boolean> {
  return (await recordDeliveredMany(tx, [{ delivery, at, status }])).has(delivery.id);
}

/** A 2xx answer to an attempt, to be recorded with others in one transaction. */
export interface DeliveredAttempt {
  delivery: SettlingDelivery;
  at: Date;
  status: number;
}

/**
 * 2xx answers recorded: each delivery done, its endpoint counted as working (enabled again if it was
 * disabled), the next of its line released; in three statements whatever their number: a burst's
 * deliveries are settled in batches rather than a transaction each. Returns the ids recorded; an
 * attempt left out no longer held its delivery. Run it in a transaction.
 */
export async function recordDeliveredMany(tx: SqlRunner, attempts: readonly DeliveredAttempt[]): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  // In id order, so that two batches never lock their rows in opposite orders.
  const sorted = [...attempts].sort((x, y) => (x.delivery.id < y.delivery.id ? -1 : 1));
  const settled = await tx.query<{ id: string }>(
    `UPDATE webhook_deliveries d SET state = 'delivered', delivered_at = i.at, last_status = i.status, last_error = NULL, claimed_until = NULL
     FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::int[]) AS i(id, token, at, status)
     WHERE d.id = i.id AND d.state = 'pending' AND d.claim_token = i.token
     RETURNING d.id`,
    [sorted.map((a) => a.delivery.id), sorted.map((a) => a.delivery.token), sorted.map((a) => a.at), sorted.map((a) => a.status)],
  );
  const ids = new Set(settled.map((r) => r.id));
  const recorded = sorted.filter((a) => ids.has(a.delivery.id)).map((a) => a.delivery);
  if (recorded.length === 0) return ids;
  // An attempt that was on the wire when its endpoint was disabled (its delivery given up
  // meanwhile), or that went to the URL the endpoint had before a change, says nothing about the
  // endpoint now: it must not undo a disable by hand nor end the new URL's failing streak. Only an
  // endpoint that was failing, disabled or full is written: every delivery to a working endpoint
  // writing its row would make them all wait on that one row lock.
  await tx.query(
    `UPDATE webhook_endpoints e SET failing_since = NULL, disabled_at = NULL, disabled_reason = NULL, backlog_full_since = NULL
     FROM unnest($1::uuid[], $2::text[]) AS i(id, url)
     WHERE e.id = i.id AND e.url = i.url AND (e.failing_since IS NOT NULL OR e.disabled_at IS NOT NULL OR e.backlog_full_since IS NOT NULL)`,
    [recorded.map((d) => d.endpointId), recorded.map((d) => d.url)],
  );
  // A statement of its own: its snapshot sees a delivery written behind one
  // of these while it settled (that write held the settled row FOR SHARE, so it committed first).
  await tx.query(
    `UPDATE webhook_deliveries SET waiting = false
     WHERE id IN (
       SELECT (SELECT n.id FROM webhook_deliveries n
               WHERE n.endpoint_id = l.endpoint_id AND n.ordering_key = l.ordering_key AND n.state = 'pending'
               ORDER BY n.seq LIMIT 1)
       FROM unnest($1::uuid[], $2::text[]) AS l(endpoint_id, ordering_key)
     ) AND waiting`,
    [recorded.map((d) => d.endpointId), recorded.map((d) => d.orderingKey)],
  );
  return ids;
}

export interface SettlingDelivery {
  id: string;
  endpointId: string;
  orderingKey: string;
  /** The URL the attempt went to: the endpoint's when the attempt was claimed. */
  url: string;
  /** The attempt's claim token. */
  token: string;
}

/** What recording a failed attempt did; `lost` when the attempt no longer held the delivery and nothing was written. */
export type FailedAttemptRecord = { lost: true } | ({ lost: false } & FailedAttempt);

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
): Promise<FailedAttemptRecord> {
  // A change of URL holds the endpoint FOR UPDATE until it commits, so this read waits for it and
  // sees the new URL. Key-share locks wait neither for each other nor for the streak's update
  // below: failures at one endpoint are still recorded side by side.
  const [endpoint] = await tx.query<{ url: string }>('SELECT url FROM webhook_endpoints WHERE id = $1 FOR KEY SHARE', [delivery.endpointId]);
  const moved = endpoint !== undefined && endpoint.url !== delivery.url;
  const next = moved ? at : retryAt;
  const recorded = await tx.query(
    `UPDATE webhook_deliveries
     SET state = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
         next_attempt_at = coalesce($4::timestamptz, next_attempt_at),
         last_status = $2, last_error = $3, claimed_until = NULL
     WHERE id = $1 AND state = 'pending' AND claim_token = $5 RETURNING id`,
    [delivery.id, outcome.status, outcome.error, next, delivery.token],
  );
  if (recorded.length === 0) return { lost: true };
  const gaveUp = next === null;
  if (gaveUp) await releaseNextInLine(tx, delivery);
  if (endpoint === undefined || moved) return { lost: false, failingSince: undefined, gaveUp };
  // As for a success: the row is written only when its state changes.
  const stamped = await tx.query<{ failing_since: Date }>('UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL RETURNING failing_since', [
    delivery.endpointId,
    at,
  ]);
  if (stamped[0] !== undefined) return { lost: false, failingSince: stamped[0].failing_since, gaveUp };
  const rows = await tx.query<{ failing_since: Date | null }>('SELECT failing_since FROM webhook_endpoints WHERE id = $1', [delivery.endpointId]);
  return { lost: false, failingSince: rows[0]?.failing_since ?? undefined, gaveUp };
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
    `UPDATE webhook_deliveries d SET state = 'failed', last_error = 'endpoint disabled', claimed_until = NULL
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
            -- A first attempt is due from the start ('-infinity' sorts it first in the queue).
            CASE WHEN d.state <> 'pending' THEN NULL WHEN d.next_attempt_at = '-infinity' THEN d.created_at ELSE d.next_attempt_at END AS next_attempt_at, d.delivered_at, d.created_at
     FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
     WHERE d.endpoint_id = $1
       AND ($2::uuid IS NULL OR d.seq < (SELECT seq FROM webhook_deliveries WHERE id = $2::uuid AND endpoint_id = $1))
     ORDER BY d.seq DESC
     LIMIT $3`,
    [endpointId, page.before, page.limit],
  );
}
