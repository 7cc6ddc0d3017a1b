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
}

const COLUMNS = 'id, account_id, url, description, events, created_at, failing_since, disabled_at, disabled_reason';

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

/** Removes the endpoint with its deliveries, so nothing more is sent to it; false when not this account's. */
export async function deleteOwnWebhookEndpoint(db: SqlRunner, accountId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM webhook_endpoints WHERE id = $1 AND account_id = $2 RETURNING id', [id, accountId]);
  return rows.length > 0;
}
