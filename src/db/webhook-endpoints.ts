import type { SqlRunner } from './database.ts';
import { firstRow } from './rows.ts';

export interface WebhookEndpointRow {
  id: string;
  account_id: string;
  url: string;
  description: string | null;
  events: string[] | null;
  created_at: Date;
  failing_since: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  /** Since when events find the endpoint's pending deliveries at their cap (recorded failed, not queued); null otherwise. */
  backlog_full_since: Date | null;
}

const COLUMNS = 'id, account_id, url, description, events, created_at, failing_since, disabled_at, disabled_reason, backlog_full_since';

export async function insertWebhookEndpoint(
  db: SqlRunner,
  endpoint: { accountId: string; url: string; description: string | null; events: readonly string[] | null; secretSealed: string },
): Promise<WebhookEndpointRow> {
  const rows = await db.query<WebhookEndpointRow>(
    `INSERT INTO webhook_endpoints (account_id, url, description, events, secret_sealed) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [endpoint.accountId, endpoint.url, endpoint.description, endpoint.events, endpoint.secretSealed],
  );
  return firstRow(rows, 'insertWebhookEndpoint');
}

/** The account's endpoints, oldest first. */
export async function listWebhookEndpoints(db: SqlRunner, accountId: string): Promise<WebhookEndpointRow[]> {
  return db.query<WebhookEndpointRow>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE account_id = $1 ORDER BY created_at, id`, [accountId]);
}

/** One endpoint of this account; another account's is as absent as one that never existed. */
export async function findOwnWebhookEndpoint(db: SqlRunner, accountId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  const rows = await db.query<WebhookEndpointRow>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1 AND account_id = $2`, [id, accountId]);
  return rows[0];
}

/** The same, locked until the caller's transaction ends: changes to one endpoint do not interleave. */
export async function lockOwnWebhookEndpoint(tx: SqlRunner, accountId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  const rows = await tx.query<WebhookEndpointRow>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = $1 AND account_id = $2 FOR UPDATE`, [id, accountId]);
  return rows[0];
}

/** Fields an account may change; absent ones stay. `events: null` is every event type. */
export interface EndpointChanges {
  url?: string;
  description?: string | null;
  events?: readonly string[] | null;
}

/**
 * Writes the given fields. A new URL is a new receiver: the endpoint no longer counts as failing
 * (the five days start again at its first failure), and pending deliveries waiting for a retry
 * are due at once, so what the old URL did not take reaches the new one without waiting hours.
 */
export async function changeWebhookEndpoint(tx: SqlRunner, id: string, changes: EndpointChanges, now: Date): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (changes.url !== undefined) {
    set('url', changes.url);
    sets.push('failing_since = NULL');
  }
  if (changes.description !== undefined) set('description', changes.description);
  if (changes.events !== undefined) set('events', changes.events);
  if (sets.length > 0) await tx.query(`UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE id = $1`, values);
  if (changes.url !== undefined) {
    await tx.query(`UPDATE webhook_deliveries SET next_attempt_at = $2 WHERE endpoint_id = $1 AND state = 'pending' AND next_attempt_at > $2`, [id, now]);
  }
}

/**
 * Enables a disabled endpoint: its note goes, and its failing streak too, or the first failure
 * after this would find it failing for five days and disable it again. Deliveries given up when it
 * was disabled stay given up; events from now on are sent.
 */
export async function enableWebhookEndpoint(tx: SqlRunner, id: string): Promise<void> {
  await tx.query('UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL, failing_since = NULL WHERE id = $1 AND disabled_at IS NOT NULL', [id]);
}

/** The most previous secrets one endpoint keeps signing with at once. */
export const MAX_PREVIOUS_SECRETS = 3;

/**
 * A new signing secret. The one it replaces keeps signing beside it until `previousExpiresAt`;
 * earlier ones still in their grace period keep theirs (the newest MAX_PREVIOUS_SECRETS of them).
 * Null stops every earlier secret at once: the rotation of a secret that leaked.
 */
export async function replaceWebhookSecret(tx: SqlRunner, id: string, secretSealed: string, previousExpiresAt: Date | null, now: Date): Promise<void> {
  await tx.query(
    `UPDATE webhook_endpoints
     SET previous_secrets = CASE WHEN $3::timestamptz IS NULL THEN '[]'::jsonb ELSE (
           SELECT coalesce(jsonb_agg(kept.entry ORDER BY kept.expires_at DESC), '[]'::jsonb)
           FROM (
             SELECT entry, expires_at FROM (
               SELECT jsonb_build_object('sealed', secret_sealed, 'expires_at', $3::timestamptz) AS entry, $3::timestamptz AS expires_at
               UNION ALL
               SELECT p, (p->>'expires_at')::timestamptz FROM jsonb_array_elements(previous_secrets) AS p
             ) AS candidates
             WHERE expires_at > $4::timestamptz
             ORDER BY expires_at DESC
             LIMIT ${MAX_PREVIOUS_SECRETS}
           ) AS kept
         ) END,
         secret_sealed = $2
     WHERE id = $1`,
    [id, secretSealed, previousExpiresAt, now],
  );
}

/** Removes the endpoint with its deliveries, so nothing more is sent to it; false when not this account's. */
export async function deleteOwnWebhookEndpoint(db: SqlRunner, accountId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM webhook_endpoints WHERE id = $1 AND account_id = $2 RETURNING id', [id, accountId]);
  return rows.length > 0;
}
