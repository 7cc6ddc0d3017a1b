import type { Database, SqlRunner } from './database.ts';

// The state of provider batches (migration 034): a batch row and one row per request, written
// before the batch is sent, so a restart between submission and retrieval resends nothing.

export type BatchRequestState = 'pending' | 'succeeded' | 'failed' | 'expired';

export interface StoredBatchRequest {
  custom_id: string;
  batch_id: string;
  state: BatchRequestState;
  status_code: number | null;
  result: unknown;
  batch_state: 'submitting' | 'submitted' | 'ended' | 'failed';
}

export interface BatchResult {
  customId: string;
  state: Exclude<BatchRequestState, 'pending'>;
  statusCode: number | null;
  body: unknown;
}

export async function findBatchRequest(db: SqlRunner, customId: string): Promise<StoredBatchRequest | undefined> {
  const rows = await db.query<StoredBatchRequest>(
    `SELECT r.custom_id, r.batch_id, r.state, r.status_code, r.result, b.state AS batch_state
     FROM model_batch_requests r JOIN model_batches b ON b.id = r.batch_id WHERE r.custom_id = $1`,
    [customId],
  );
  return rows[0];
}

/** A request whose batch was never sent (its process died while submitting): it goes into a new batch. */
export async function forgetUnsentRequest(db: SqlRunner, customId: string): Promise<void> {
  await db.query(`DELETE FROM model_batch_requests WHERE custom_id = $1 AND state = 'pending'`, [customId]);
}

/** The batch and its requests, `submitting`, in one transaction, before the provider is called. */
export async function insertBatch(db: Database, lane: string, customIds: readonly string[]): Promise<string> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.query<{ id: string }>(`INSERT INTO model_batches (lane, state) VALUES ($1, 'submitting') RETURNING id`, [lane]);
    if (batch === undefined) throw new Error('no batch row was written');
    await tx.query(`INSERT INTO model_batch_requests (custom_id, batch_id, state) SELECT c, $2, 'pending' FROM unnest($1::text[]) AS c`, [customIds, batch.id]);
    return batch.id;
  });
}

export async function markBatchSubmitted(db: SqlRunner, batchId: string, providerBatchId: string): Promise<void> {
  await db.query(`UPDATE model_batches SET provider_batch_id = $2, state = 'submitted' WHERE id = $1`, [batchId, providerBatchId]);
}

/** The provider refused the batch: its requests go interactive. */
export async function markBatchFailed(db: SqlRunner, batchId: string): Promise<void> {
  await db.query(
    `WITH b AS (UPDATE model_batches SET state = 'failed', ended_at = now() WHERE id = $1 RETURNING id)
     UPDATE model_batch_requests SET state = 'failed', updated_at = now() WHERE batch_id IN (SELECT id FROM b) AND state = 'pending'`,
    [batchId],
  );
}

export async function submittedBatches(db: SqlRunner, lane: string): Promise<{ id: string; provider_batch_id: string }[]> {
  return db.query(`SELECT id, provider_batch_id FROM model_batches WHERE lane = $1 AND state = 'submitted' AND provider_batch_id IS NOT NULL ORDER BY created_at`, [lane]);
}

/**
 * An ended batch's answers, stored once (only pending rows change); a request the results do not
 * name (an expired OpenAI batch's) is `expired`, so its call goes interactive.
 */
export async function storeBatchResults(db: Database, batchId: string, results: readonly BatchResult[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE model_batch_requests r SET state = x.state, status_code = x.status_code, result = x.result, updated_at = now()
       FROM unnest($2::text[], $3::text[], $4::int[], $5::jsonb[]) AS x(custom_id, state, status_code, result)
       WHERE r.custom_id = x.custom_id AND r.batch_id = $1 AND r.state = 'pending'`,
      [batchId, results.map((r) => r.customId), results.map((r) => r.state), results.map((r) => r.statusCode), results.map((r) => JSON.stringify(r.body ?? null))],
    );
    await tx.query(`UPDATE model_batch_requests SET state = 'expired', updated_at = now() WHERE batch_id = $1 AND state = 'pending'`, [batchId]);
    await tx.query(`UPDATE model_batches SET state = 'ended', ended_at = now() WHERE id = $1`, [batchId]);
  });
}

/** Of these requests, the ones answered (any state but pending). */
export async function answeredRequests(db: SqlRunner, customIds: readonly string[]): Promise<StoredBatchRequest[]> {
  return db.query<StoredBatchRequest>(
    `SELECT r.custom_id, r.batch_id, r.state, r.status_code, r.result, b.state AS batch_state
     FROM model_batch_requests r JOIN model_batches b ON b.id = r.batch_id WHERE r.custom_id = ANY($1::text[]) AND r.state <> 'pending'`,
    [customIds],
  );
}
