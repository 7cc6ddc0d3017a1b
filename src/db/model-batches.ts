import { randomUUID } from 'node:crypto';
import type { Database, SqlRunner } from './database.ts';
import { requeueClaimedGeneration } from './generations.ts';

// The provider batches of generations marked `processing: batch` (migration 034): each model call
// such a generation makes is a row here until its answer is stored, so a process that stops
// between the batch's submission and its results loses and repeats nothing.

export type BatchRequestState = 'queued' | 'submitting' | 'submitted' | 'succeeded' | 'fallback';

export interface BatchRequestRow {
  custom_id: string;
  state: BatchRequestState;
  result: string | null;
  /** Requests of the same generation not answered yet (this one included). */
  unanswered: number;
}

/**
 * The call's row, written 'queued' the first time it is made; a call made again (the same
 * generation and body) finds the one it wrote before, in whatever state it has reached.
 */
export async function recordBatchRequest(
  db: SqlRunner,
  r: { customId: string; generationId: string; agentModel: string; endpoint: string; body: string; betas: string | null },
): Promise<BatchRequestRow | undefined> {
  const rows = await db.query<BatchRequestRow>(
    `WITH added AS (
       INSERT INTO model_batch_requests (custom_id, generation_id, agent_model, endpoint, body, betas, state)
       SELECT $1, $2, $3, $4, $5, $6, 'queued' WHERE EXISTS (SELECT 1 FROM generations WHERE id = $2)
       ON CONFLICT (custom_id) DO NOTHING
       RETURNING custom_id, state, result
     ), mine AS (
       SELECT custom_id, state, result FROM added
       UNION ALL SELECT custom_id, state, result FROM model_batch_requests WHERE custom_id = $1
     )
     SELECT m.custom_id, m.state, m.result,
       (SELECT count(*)::int FROM model_batch_requests o WHERE o.generation_id = $2 AND o.state IN ('queued', 'submitting', 'submitted'))
       + (SELECT count(*)::int FROM added) AS unanswered
     FROM mine m LIMIT 1`,
    [r.customId, r.generationId, r.agentModel, r.endpoint, r.body, r.betas],
  );
  return rows[0];
}

export interface ClaimedRequest {
  custom_id: string;
  endpoint: string;
  body: string;
  betas: string | null;
}

/**
 * Up to `max` queued requests of one agent model and endpoint, oldest first, moved into a new
 * batch written 'submitting', in one transaction: two processes never put one request in two batches.
 */
export async function claimQueuedRequests(
  db: Database,
  agentModel: string,
  provider: string,
  max: number,
): Promise<{ batchId: string; endpoint: string; requests: ClaimedRequest[] } | null> {
  return db.transaction(async (tx) => {
    const head = await tx.query<{ endpoint: string }>(
      `SELECT endpoint FROM model_batch_requests WHERE agent_model = $1 AND state = 'queued' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [agentModel],
    );
    const endpoint = head[0]?.endpoint;
    if (endpoint === undefined) return null;
    const batchId = randomUUID();
    await tx.query(`INSERT INTO model_batches (id, agent_model, provider, endpoint, state, request_count) VALUES ($1, $2, $3, $4, 'submitting', 0)`, [
      batchId,
      agentModel,
      provider,
      endpoint,
    ]);
    const requests = await tx.query<ClaimedRequest>(
      `UPDATE model_batch_requests SET state = 'submitting', batch_id = $3
       WHERE custom_id IN (
         SELECT custom_id FROM model_batch_requests WHERE agent_model = $1 AND endpoint = $2 AND state = 'queued'
         ORDER BY created_at LIMIT $4 FOR UPDATE SKIP LOCKED
       )
       RETURNING custom_id, endpoint, body, betas`,
      [agentModel, endpoint, batchId, max],
    );
    await tx.query('UPDATE model_batches SET request_count = $2 WHERE id = $1', [batchId, requests.length]);
    return { batchId, endpoint, requests };
  });
}

/** The provider accepted the batch: its id is what any process polls from now on. */
export async function markBatchSubmitted(db: Database, batchId: string, providerBatchId: string, adoptedByGuess = false): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE model_batches SET state = 'submitted', provider_batch_id = $2, submitted_at = now(), adopted_by_guess = $3 WHERE id = $1 AND state = 'submitting'`, [
      batchId,
      providerBatchId,
      adoptedByGuess,
    ]);
    await tx.query(`UPDATE model_batch_requests SET state = 'submitted' WHERE batch_id = $1 AND state = 'submitting'`, [batchId]);
  });
}

/**
 * A submission that got no provider id (refused, or its process died during the call): the batch
 * is given up and its requests are queued again for the next one.
 */
export async function abandonBatch(db: Database, batchId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE model_batches SET state = 'abandoned', ended_at = now() WHERE id = $1 AND state = 'submitting'`, [batchId]);
    await tx.query(`UPDATE model_batch_requests SET state = 'queued', batch_id = NULL WHERE batch_id = $1 AND state = 'submitting'`, [batchId]);
  });
}

/** A batch left 'submitting': its process died during the submission. */
export interface StaleSubmission {
  id: string;
  agent_model: string;
  created_at: Date;
  request_count: number;
}

/** Batches left 'submitting' longer than `olderThanSeconds`: their process died during the submission. */
export async function staleSubmissions(db: SqlRunner, olderThanSeconds: number): Promise<StaleSubmission[]> {
  return db.query<StaleSubmission>(
    `SELECT id, agent_model, created_at, request_count FROM model_batches WHERE state = 'submitting' AND created_at < now() - make_interval(secs => $1)`,
    [olderThanSeconds],
  );
}

/** Which of these provider batch ids a batch of this instance already holds. */
export async function knownProviderBatchIds(db: SqlRunner, providerBatchIds: readonly string[]): Promise<Set<string>> {
  if (providerBatchIds.length === 0) return new Set();
  const rows = await db.query<{ provider_batch_id: string }>('SELECT provider_batch_id FROM model_batches WHERE provider_batch_id = ANY($1::text[])', [providerBatchIds]);
  return new Set(rows.map((r) => r.provider_batch_id));
}

export interface OpenBatch {
  id: string;
  agent_model: string;
  provider_batch_id: string;
  /** No generation waits for any of its answers any more, its cancellation was not asked for yet, and it is surely ours. */
  unwanted: boolean;
}

export async function submittedBatches(db: SqlRunner, agentModels: readonly string[]): Promise<OpenBatch[]> {
  return db.query<OpenBatch>(
    `SELECT b.id, b.agent_model, b.provider_batch_id,
       b.cancel_requested_at IS NULL AND NOT b.adopted_by_guess AND NOT EXISTS (
         SELECT 1 FROM model_batch_requests r JOIN generations g ON g.id = r.generation_id
         WHERE r.batch_id = b.id AND g.state IN ('queued', 'processing')
       ) AS unwanted
     FROM model_batches b WHERE b.state = 'submitted' AND b.agent_model = ANY($1::text[]) ORDER BY b.submitted_at`,
    [agentModels],
  );
}

/** Notes that the provider was asked to cancel the batch, so it is asked once. */
export async function recordBatchCancelRequested(db: SqlRunner, batchId: string): Promise<void> {
  await db.query('UPDATE model_batches SET cancel_requested_at = now() WHERE id = $1', [batchId]);
}

export async function recordBatchStatus(db: SqlRunner, batchId: string, status: string): Promise<void> {
  await db.query('UPDATE model_batches SET provider_status = $2 WHERE id = $1', [batchId, status]);
}

const ANSWERS_A_STATEMENT = 500;

export type BatchAnswer = { ok: true; body: string } | { ok: false; why: string };

/**
 * A batch's answers, stored in one transaction with the batch ended: a request with no answer
 * goes interactive. Every generation with nothing left unanswered is due at once. Answers the
 * number of generations woken; 0 when another process stored them first.
 */
export async function storeBatchAnswers(db: Database, batchId: string, status: string, answers: ReadonlyMap<string, BatchAnswer>): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx.query(`UPDATE model_batches SET state = 'ended', provider_status = $2, ended_at = now() WHERE id = $1 AND state = 'submitted' RETURNING id`, [
      batchId,
      status,
    ]);
    if (ended.length === 0) return 0;
    const entries = [...answers].map(([customId, a]) => ({ id: customId, ok: a.ok, result: a.ok ? a.body : a.why }));
    // A few hundred answers a statement: a batch of thousands is not one parameter of hundreds of MB.
    for (let i = 0; i < entries.length; i += ANSWERS_A_STATEMENT) {
      await tx.query(
        `UPDATE model_batch_requests r SET state = CASE WHEN i.ok THEN 'succeeded' ELSE 'fallback' END, result = i.result, body = NULL, answered_at = now()
         FROM jsonb_to_recordset($2::jsonb) AS i(id text, ok boolean, result text)
         WHERE r.custom_id = i.id AND r.batch_id = $1 AND r.state = 'submitted'`,
        [batchId, JSON.stringify(entries.slice(i, i + ANSWERS_A_STATEMENT))],
      );
    }
    await tx.query(`UPDATE model_batch_requests SET state = 'fallback', result = $2, body = NULL, answered_at = now() WHERE batch_id = $1 AND state = 'submitted'`, [
      batchId,
      `the batch ended (${status}) without an answer to this request`,
    ]);
    const woken = await tx.query(
      `UPDATE generations g SET not_before = NULL
       WHERE g.state = 'queued' AND g.id IN (SELECT generation_id FROM model_batch_requests WHERE batch_id = $1)
         AND NOT EXISTS (SELECT 1 FROM model_batch_requests o WHERE o.generation_id = g.id AND o.state IN ('queued', 'submitting', 'submitted'))
       RETURNING g.id`,
      [batchId],
    );
    return woken.length;
  });
}

/**
 * The answers of generations that settled more than an hour ago: no run reads them again. The
 * rows stay (their counts and batch ids are in the generation's details) until the generation goes.
 */
export async function dropReadAnswers(db: SqlRunner): Promise<number> {
  const rows = await db.query(
    `UPDATE model_batch_requests r SET result = NULL
     FROM generations g
     WHERE g.id = r.generation_id AND g.state IN ('completed', 'failed') AND g.finished_at < now() - interval '1 hour'
       AND r.state = 'succeeded' AND r.result IS NOT NULL
     RETURNING r.custom_id`,
  );
  return rows.length;
}

/** What a generation's details show of its batch calls. */
export interface GenerationBatchView {
  requests: number;
  answered: number;
  fallback: number;
  batch_ids: string[];
}

export async function batchViewsOf(db: SqlRunner, generationIds: readonly string[]): Promise<Map<string, GenerationBatchView>> {
  if (generationIds.length === 0) return new Map();
  const rows = await db.query<{ generation_id: string; requests: number; answered: number; fallback: number; batch_ids: string[] | null }>(
    `SELECT r.generation_id, count(*)::int AS requests,
       count(*) FILTER (WHERE r.state IN ('succeeded', 'fallback'))::int AS answered,
       count(*) FILTER (WHERE r.state = 'fallback')::int AS fallback,
       array_agg(DISTINCT b.provider_batch_id) FILTER (WHERE b.provider_batch_id IS NOT NULL) AS batch_ids
     FROM model_batch_requests r LEFT JOIN model_batches b ON b.id = r.batch_id
     WHERE r.generation_id = ANY($1::uuid[]) GROUP BY r.generation_id`,
    [generationIds],
  );
  return new Map(rows.map((r) => [r.generation_id, { requests: r.requests, answered: r.answered, fallback: r.fallback, batch_ids: r.batch_ids ?? [] }]));
}

/**
 * A generation waiting for its batch answers goes back to the queue, due again when they are all
 * stored (storeBatchAnswers wakes it) or after `recheckSeconds` at the latest. Neither an attempt
 * nor a deferral is used up, and nothing is added to its usage: the run that gets the answers
 * meters every call of the generation itself.
 */
export function awaitBatchAnswers(db: SqlRunner, id: string, fence: { token: string }, recheckSeconds: number): Promise<boolean> {
  return requeueClaimedGeneration(db, id, fence, { afterSeconds: recheckSeconds, countsAsDeferral: false, usage: null, untilBatchAnswered: true });
}
