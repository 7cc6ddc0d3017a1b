import { BACKLOG_FULL_ERROR } from '../domain/webhooks.ts';
import type { Database } from './database.ts';
import { endpointFullSql, FANOUT_IN_PLACE_MAX, PENDING_CAP_CTE, waitsInLineSql } from './webhook-events.ts';

// The deliveries of an event too widely fanned out to be written in its change's transaction
// (recordWebhookEvents) are written from its `webhook_fanouts` row after the commit: by the call
// that made the change, and by the webhook workers for any a stopped process left. One transaction
// writes one slice of an account's rows, oldest first, and deletes them: a row is expanded once or
// not at all, whoever runs it and wherever a process stops.

/** The endpoint was disabled between the event and its expansion: as disableEndpoint fails the pending ones. */
const ENDPOINT_DISABLED_ERROR = 'endpoint disabled';

/**
 * Writes the deliveries of the account's oldest fanned-out events, about FANOUT_IN_PLACE_MAX
 * deliveries (one event at least), in one transaction. Returns how many events it expanded: 0 when
 * the account has none left.
 *
 * The same as a delivery written with its event: pending, or `waiting` behind an earlier pending
 * one of its line; failed with `backlog_full` when its endpoint already has the cap pending (the
 * endpoint then marked full); failed as `endpoint disabled` when the endpoint was disabled since
 * the event. An endpoint deleted since gets none, as its deliveries are deleted with it.
 */
export async function expandWebhookFanouts(db: Database, accountId: string): Promise<number> {
  return db.transaction(async (tx) => {
    // One expansion of an account at a time, so that its events are expanded in their order.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('vetrina.webhook-fanouts:' || $1::text))`, [accountId]);
    const oldest = await tx.query<{ seq: string; ordering_key: string; targets: number }>(
      'SELECT seq::text, ordering_key, cardinality(endpoint_ids) AS targets FROM webhook_fanouts WHERE account_id = $1 ORDER BY seq LIMIT $2',
      [accountId, FANOUT_IN_PLACE_MAX],
    );
    // Two events of one line in one statement would not see each other's delivery (one snapshot):
    // the slice ends before a line's second event, as it does before the cap of deliveries.
    const slice: string[] = [];
    const lines = new Set<string>();
    let deliveries = 0;
    for (const row of oldest) {
      if (slice.length > 0 && (lines.has(row.ordering_key) || deliveries + row.targets > FANOUT_IN_PLACE_MAX)) break;
      slice.push(row.seq);
      lines.add(row.ordering_key);
      deliveries += row.targets;
    }
    if (slice.length === 0) return 0;
    await tx.query(
      `WITH ${PENDING_CAP_CTE}, slice AS (
         SELECT f.seq, f.event_id, f.ordering_key, f.endpoint_ids FROM webhook_fanouts f WHERE f.seq = ANY ($2::bigint[])
       ), pairs AS (
         SELECT s.seq, s.event_id, s.ordering_key, e.id AS endpoint_id, e.disabled_at IS NOT NULL AS disabled
         FROM slice s JOIN webhook_endpoints e ON e.id = ANY (s.endpoint_ids)
       ), targets AS MATERIALIZED (
         -- As recordWebhookEvents reads it: whether the endpoint already has the cap pending. Once
         -- per endpoint: inlined into the join below, it was read once per delivery (0.4-0.5 s a
         -- slice of 200 with 2,000 pending).
         SELECT e.id, ${endpointFullSql('e.id')} AS full
         FROM webhook_endpoints e, cap
         WHERE e.id IN (SELECT endpoint_id FROM pairs)
       ), written AS (
         INSERT INTO webhook_deliveries (endpoint_id, account_id, event_id, ordering_key, next_attempt_at, waiting, state, last_error)
         SELECT p.endpoint_id, $1, p.event_id, p.ordering_key, '-infinity',
                NOT p.disabled AND NOT t.full AND ${waitsInLineSql('p.endpoint_id', 'p.ordering_key')},
                CASE WHEN p.disabled OR t.full THEN 'failed' ELSE 'pending' END,
                CASE WHEN p.disabled THEN '${ENDPOINT_DISABLED_ERROR}' WHEN t.full THEN '${BACKLOG_FULL_ERROR}' END
         FROM pairs p JOIN targets t ON t.id = p.endpoint_id
         ORDER BY p.seq, p.endpoint_id
         RETURNING endpoint_id, last_error
       ), marked AS (
         UPDATE webhook_endpoints SET backlog_full_since = now()
         WHERE id IN (SELECT endpoint_id FROM written WHERE last_error = '${BACKLOG_FULL_ERROR}') AND backlog_full_since IS NULL
       )
       DELETE FROM webhook_fanouts WHERE seq IN (SELECT seq FROM slice)`,
      [accountId, slice],
    );
    return slice.length;
  });
}

/** Writes every fanned-out event of the account (its oldest first), a slice per transaction. */
export async function expandAllWebhookFanouts(db: Database, accountId: string): Promise<void> {
  // Most calls fanned nothing out: one read, no transaction.
  if ((await db.query('SELECT 1 FROM webhook_fanouts WHERE account_id = $1 LIMIT 1', [accountId])).length === 0) return;
  while ((await expandWebhookFanouts(db, accountId)) > 0) {
    // The next slice is another transaction: other accounts' statements take turns between them.
  }
}

/** Accounts with fanned-out events still to be written, the longest waiting first, at most `limit`. */
export async function accountsWithFanouts(db: Database, limit: number): Promise<string[]> {
  const rows = await db.query<{ account_id: string }>('SELECT account_id FROM webhook_fanouts GROUP BY account_id ORDER BY min(seq) LIMIT $1', [limit]);
  return rows.map((r) => r.account_id);
}
