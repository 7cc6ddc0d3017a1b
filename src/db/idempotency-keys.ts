import type { SqlRunner } from './database.ts';

export interface IdempotencyRequest {
  accountId: string;
  key: string;
  fingerprint: string;
  method: string;
  path: string;
  /** Who holds the key while the request runs; completion and release name it. */
  owner: string;
  ttlSeconds: number;
}

export interface StoredIdempotencyKey {
  fingerprint: string;
  state: 'in_progress' | 'done';
  owner: string;
  /** Whether its in_progress claim is older than the abandonment timeout (a crashed request). */
  abandoned: boolean;
  expired: boolean;
  response_status: number | null;
  response_body: string | null;
  response_content_type: string | null;
}

export interface StoredResponse {
  status: number;
  body: string;
  contentType: string;
}

/** Claims the key for this request; false when a row for it exists already (the caller reads it). */
export async function claimIdempotencyKey(db: SqlRunner, request: IdempotencyRequest): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO idempotency_keys (account_id, key, fingerprint, method, path, state, owner, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'in_progress', $6, now() + make_interval(secs => $7))
     ON CONFLICT (account_id, key) DO NOTHING
     RETURNING 1`,
    [request.accountId, request.key, request.fingerprint, request.method, request.path, request.owner, request.ttlSeconds],
  );
  return rows.length > 0;
}

export async function findIdempotencyKey(db: SqlRunner, accountId: string, key: string, abandonAfterSeconds: number): Promise<StoredIdempotencyKey | undefined> {
  const rows = await db.query<StoredIdempotencyKey>(
    `SELECT fingerprint, state, owner::text AS owner,
            (state = 'in_progress' AND claimed_at < now() - make_interval(secs => $3)) AS abandoned,
            expires_at <= now() AS expired,
            response_status, response_body, response_content_type
     FROM idempotency_keys WHERE account_id = $1 AND key = $2`,
    [accountId, key, abandonAfterSeconds],
  );
  return rows[0];
}

/**
 * Takes over a row left behind: expired (any state), or in_progress and abandoned by its owner.
 * Fenced on the owner that was read, so of two requests taking it over only one succeeds, and on
 * the row still being left behind: the owner of a slow request may have stored its answer (its
 * charge committed with it) since the row was read, and that answer must stand.
 */
export async function takeOverIdempotencyKey(db: SqlRunner, request: IdempotencyRequest, previousOwner: string, abandonAfterSeconds: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE idempotency_keys
     SET fingerprint = $3, method = $4, path = $5, state = 'in_progress', owner = $6, claimed_at = now(), created_at = now(),
         expires_at = now() + make_interval(secs => $7), response_status = NULL, response_body = NULL, response_content_type = NULL
     WHERE account_id = $1 AND key = $2 AND owner = $8::uuid
       AND (expires_at <= now() OR (state = 'in_progress' AND claimed_at < now() - make_interval(secs => $9)))
     RETURNING 1`,
    [request.accountId, request.key, request.fingerprint, request.method, request.path, request.owner, request.ttlSeconds, previousOwner, abandonAfterSeconds],
  );
  return rows.length > 0;
}

/** Keeps the answer with the key; only while this owner still holds it in progress. */
export async function completeIdempotencyKey(db: SqlRunner, accountId: string, key: string, owner: string, response: StoredResponse): Promise<boolean> {
  const rows = await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $4, response_body = $5, response_content_type = $6
     WHERE account_id = $1 AND key = $2 AND owner = $3::uuid AND state = 'in_progress'
     RETURNING 1`,
    [accountId, key, owner, response.status, response.body, response.contentType],
  );
  return rows.length > 0;
}

/** Forgets a claim whose request failed (5xx) or never answered, so the key can be retried. */
export async function releaseIdempotencyKey(db: SqlRunner, accountId: string, key: string, owner: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND owner = $3::uuid AND state = 'in_progress'`, [accountId, key, owner]);
}

/** Deletes expired keys, in batches so one run never holds a long transaction; returns how many. */
/**
 * Marks the hourly prune of expired keys as done now, unless it was done in the last 55 minutes
 * (by this or another process). True: the caller prunes.
 */
export async function claimHourlyPrune(db: SqlRunner): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO instance_settings (name, value) VALUES ('idempotency_pruned_at_minute', (extract(epoch FROM now()) / 60)::int)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value WHERE instance_settings.value <= EXCLUDED.value - 55
     RETURNING value`,
  );
  return rows.length > 0;
}

export async function pruneExpiredIdempotencyKeys(db: SqlRunner, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM idempotency_keys WHERE (account_id, key) IN (
           SELECT account_id, key FROM idempotency_keys WHERE expires_at <= now() LIMIT $1
         ) RETURNING 1
       )
       SELECT count(*)::int AS n FROM gone`,
      [batchSize],
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < batchSize) return total;
  }
}
