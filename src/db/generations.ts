import type { GenerationUsage, StoredUsage } from '../domain/generation-usage.ts';
import type { AgentModel } from '../domain/pricing.ts';
import { balanceChangeSql } from './accounts.ts';
import { queryThenCommit, type SqlRunner, type Transaction } from './database.ts';

export type GenerationState = 'queued' | 'processing' | 'completed' | 'failed';

export interface GenerationRow {
  id: string;
  product_id: string;
  account_id: string;
  kind: 'create' | 'regenerate';
  agent_model: AgentModel;
  fields: Record<string, string> | null;
  notes: string | null;
  cost: number;
  state: GenerationState;
  attempts: number;
  failure: { reason: string; message: string } | null;
  request_id: string | null;
  image_standardization: boolean;
  /** `batch`: an agent model's calls go through its provider's batch API (migration 034). */
  processing: 'interactive' | 'batch';
  usage: StoredUsage | null;
  /** Times it went back to the queue to wait out a provider's long pause (not attempts). */
  deferrals: number;
  /** When a deferred generation may run again. */
  not_before: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  /** The token of the run that holds (or last held) the generation; its writes name it. */
  claim_token: string | null;
  /** Until when that run's claim keeps other runs out; null when nobody holds it. */
  claimed_until: Date | null;
}

/** What a run's writes are fenced on: they land only while the generation is still claimed by this token. */
export interface ClaimFence {
  token: string;
}

export interface NewGenerations {
  accountId: string;
  productIds: readonly string[];
  kind: 'create' | 'regenerate';
  agentModel: AgentModel;
  fields: Record<string, string> | null;
  notes: string | null;
  /** What each product's generation costs, in the order of productIds (refunds return exactly this). */
  costs: readonly number[];
  requestId: string;
  /** Whether these generations paid for image standardisation (creates on an account with it on). */
  imageStandardization: boolean;
  /** Null: the account's default_processing. */
  processing?: 'interactive' | 'batch' | null;
}

/** One generation per product, each made its product's latest, in one statement. */
export async function insertGenerations(db: SqlRunner, g: NewGenerations): Promise<{ id: string; product_id: string }[]> {
  return db.query<{ id: string; product_id: string }>(
    `WITH created AS (
       INSERT INTO generations (product_id, account_id, kind, agent_model, fields, notes, cost, state, request_id, image_standardization, processing)
       SELECT p.id, $2, $3, $4, $5::jsonb, $6, p.cost, 'queued', $8, $9, coalesce($10::text, (SELECT default_processing FROM accounts WHERE id = $2))
       FROM unnest($1::uuid[], $7::int[]) AS p(id, cost)
       RETURNING id, product_id
     ), linked AS (
       UPDATE products SET latest_generation_id = created.id, state = 'queued', failure = NULL, updated_at = now()
       FROM created WHERE products.id = created.product_id
       RETURNING products.id
     )
     SELECT created.id, created.product_id FROM created`,
    [
      g.productIds,
      g.accountId,
      g.kind,
      g.agentModel,
      g.fields === null ? null : JSON.stringify(g.fields),
      g.notes,
      g.costs,
      g.requestId,
      g.imageStandardization,
      g.processing ?? null,
    ],
  );
}

/** A create's generations, written in the statement that writes their products (see withLinkedGenerations). */
export interface LinkedGenerations {
  accountId: string;
  agentModel: AgentModel;
  notes: string | null;
  requestId: string;
  imageStandardization: boolean;
  /** Null: the account's default_processing. */
  processing: 'interactive' | 'batch' | null;
  /** A generation's cost by its product's country count: element n - 1 for n countries (a re-queued product's merged countries). */
  costByCountryCount: readonly number[];
  /** The guarded debit the same statement makes (see PaidInStatement). */
  paid: PaidInStatement;
}

/** The rest of a create's paid step, for the statement that writes its products and generations. */
export interface PaidInStatement {
  memo: string;
  /**
   * Where the guarded debit is made: `in the statement` (with the products and generations), or
   * `at commit`, by debitAtCommit as the transaction's last statement, sent with its COMMIT.
   */
  debit: 'in the statement' | 'at commit';
  /**
   * Whether the debit may take the balance under the account's credits.low threshold. Only a
   * statement inside a transaction may: the event is written after it, in the same transaction.
   * A statement that commits on its own refuses such a debit, to be made again in a transaction,
   * and so does a debit at commit, which nothing can follow.
   */
  mayCrossLowThreshold: boolean;
}

/** SQLSTATE of a create statement whose guarded debit did not apply; its DETAIL is the price. */
export const DEBIT_REFUSED = 'VT402';

/** What the statement's paid step did, on every row it answers: the price charged, and the balance after it (null when nothing was charged). */
export interface PaidColumns {
  charged: number;
  balance_after: number | null;
  credits_low_threshold: number | null;
  /** Whether the debit took the balance under the account's credits.low threshold (then its event is due). */
  crossed_low: boolean;
}

/** The transaction-local setting in which a create's write leaves its debit for debitAtCommit (a JSON object). */
const DEBIT_SETTING = 'vetrina.create_debit';

/** Raises DEBIT_REFUSED, with the price as its DETAIL, when a price was due and `ledger` (of balanceChangeSql) wrote no row. */
const refusedUnlessPaid = (total: string) =>
  `CASE WHEN ${total} > 0 AND NOT EXISTS (SELECT 1 FROM ledger) THEN vetrina_abort('${DEBIT_REFUSED}', 'the guarded debit did not apply', ${total}::text) END`;

/**
 * A product write (SQL on parameters $1..$n returning `id`, `country_count` and `generation_id`)
 * with, in the same statement, one generation per written product under the id the product now
 * names as its latest: the product rows are written once and the generations go with them, one
 * round trip instead of two. The statement answers the product write's rows.
 *
 * The generations are the queue: written `queued`, they are what workers fetch (claimDueGenerations).
 * With `paid.debit` `in the statement`, the guarded debit and its ledger row go in the same
 * statement too, and every row also carries PaidColumns: all of a create's writes in one
 * statement, which can commit on its own. When the debit does not apply (the balance short, the
 * image setting no longer the one the price assumed, or a threshold it may not cross), the
 * statement raises DEBIT_REFUSED and nothing of it is kept.
 *
 * With `at commit`, the statement leaves the debit to debitAtCommit, in the same transaction: its
 * rows carry the price as `charged` and no balance.
 */
export function withLinkedGenerations(productSql: string, params: readonly unknown[], g: LinkedGenerations): { text: string; params: unknown[] } {
  const n = params.length;
  const generated = `generated AS (
       INSERT INTO generations (id, product_id, account_id, kind, agent_model, fields, notes, cost, state, request_id, image_standardization, processing)
       SELECT w.generation_id, w.id, $${n + 1}, 'create', $${n + 2}, NULL, $${n + 3}, ($${n + 4}::int[])[w.country_count], 'queued', $${n + 5}, $${n + 6},
         coalesce($${n + 8}::text, (SELECT default_processing FROM accounts WHERE id = $${n + 1}))
       FROM written w
       RETURNING id AS generation_id, product_id, cost
     ), price AS (
       SELECT coalesce(sum(cost), 0)::int AS total,
         CASE WHEN count(*) = 1 THEN (array_agg(generation_id))[1] END AS single_generation
       FROM generated
     )`;
  const linkedParams = [...params, g.accountId, g.agentModel, g.notes, g.costByCountryCount, g.requestId, g.imageStandardization, g.paid.memo, g.processing];
  const account = `$${n + 1}`;
  if (g.paid.debit === 'at commit') {
    // Everything the debit needs, so that it takes no parameters and can go with COMMIT as one simple query.
    return {
      text: `WITH written AS (${productSql}), ${generated}, stashed AS (
       SELECT set_config('${DEBIT_SETTING}', json_build_object('account', ${account}::uuid, 'total', price.total, 'generation', price.single_generation,
         'images', $${n + 6}::boolean, 'request', $${n + 5}::text, 'memo', $${n + 7}::text)::text, true) FROM price
     )
     SELECT w.*, price.total AS charged, NULL::int AS balance_after, NULL::int AS credits_low_threshold, false AS crossed_low
     FROM written w, price, stashed`,
      params: linkedParams,
    };
  }
  const debit = balanceChangeSql({
    account,
    delta: '-price.total',
    from: 'price',
    settingsCondition: `image_standardization = $${n + 6}`,
    condition: 'price.total > 0',
    mayCrossLowThreshold: `$${n + 9}::boolean`,
    kind: "'charge'",
    requestId: `$${n + 5}`,
    generationId: 'price.single_generation',
    memo: `$${n + 7}`,
  });
  return {
    text: `WITH written AS (${productSql}), ${generated}, ${debit}
     SELECT w.*, price.total AS charged,
       (SELECT balance_after FROM ledger) AS balance_after,
       (SELECT credits_low_threshold FROM balance) AS credits_low_threshold,
       coalesce((SELECT crossed_low FROM balance), false) AS crossed_low,
       ${refusedUnlessPaid('price.total')} AS aborted
     FROM written w, price`,
    params: [...linkedParams, g.paid.mayCrossLowThreshold],
  };
}

/**
 * The guarded debit a create's write left (withLinkedGenerations, `at commit`), made as the
 * transaction's last statement and sent with its COMMIT: the account's balance row is locked from
 * this statement until the commit, with no round trip between, and the write's foreign-key checks
 * were all made before it. It never crosses the credits.low threshold (no event can follow it in
 * the transaction); like every refusal, that raises DEBIT_REFUSED and the whole transaction rolls back.
 */
export async function debitAtCommit(tx: Transaction): Promise<void> {
  const debit = balanceChangeSql({
    account: '(SELECT account FROM d)',
    delta: '-d.total',
    from: 'd',
    settingsCondition: 'image_standardization = (SELECT images FROM d)',
    condition: 'd.total > 0',
    mayCrossLowThreshold: 'false',
    kind: "'charge'",
    requestId: 'd.request',
    generationId: 'd.generation',
    memo: 'd.memo',
  });
  await queryThenCommit(
    tx,
    `WITH d AS (
       SELECT (s ->> 'account')::uuid AS account, (s ->> 'total')::int AS total, (s ->> 'generation')::uuid AS generation,
         (s ->> 'images')::boolean AS images, s ->> 'request' AS request, s ->> 'memo' AS memo
       FROM (SELECT current_setting('${DEBIT_SETTING}')::jsonb AS s) AS setting
     ), ${debit}
     SELECT ${refusedUnlessPaid('d.total')} AS aborted FROM d`,
  );
}

/**
 * The CTEs `claimed` and `product` of a claim statement: the generations `where` picks (a WHERE
 * clause on `generations`, maybe after a FROM) moved to processing under the token $2 and a lease
 * of $3 seconds, their attempt counted, and the products they are the latest of shown processing.
 */
export function claimedSql(where: string): string {
  return `claimed AS (
         UPDATE generations SET state = 'processing', attempts = attempts + 1, started_at = coalesce(started_at, now()),
           claim_token = $2, claimed_until = now() + make_interval(secs => $3)
         ${where}
         RETURNING generations.*
       ), product AS (
         UPDATE products SET state = 'processing', updated_at = now()
         FROM claimed WHERE products.id = claimed.product_id AND products.latest_generation_id = claimed.id
         RETURNING products.id
       )`;
}

/**
 * Runs a claim statement, which claims all it can or nothing. If only its answer was lost (the
 * connection dropped after it committed), what it claimed is under this token, and that is the
 * answer: the run goes on under the claim rather than waiting for its own lease to lapse and
 * claiming again, which would count its attempt twice. When nothing is under the token, the error stands.
 */
export async function claimStatement(db: SqlRunner, text: string, params: readonly unknown[], fence: ClaimFence): Promise<GenerationRow[]> {
  try {
    return await db.query<GenerationRow>(text, params);
  } catch (err) {
    // A claim's token is new to it, so what it holds is exactly what it claimed.
    const held = await db
      .query<GenerationRow>(`SELECT * FROM generations WHERE state = 'processing' AND claim_token = $1 AND claimed_until > now() ORDER BY created_at, id`, [fence.token])
      .catch(() => []);
    if (held.length === 0) throw err;
    return held;
  }
}

/** Extends a held claim's lease; false when the claim is no longer this token's (taken over or settled). */
export async function renewClaim(db: SqlRunner, id: string, claim: ClaimFence & { leaseSeconds: number }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE generations SET claimed_until = now() + make_interval(secs => $3)
     WHERE id = $1 AND claim_token = $2 AND state = 'processing'
     RETURNING id`,
    [id, claim.token, claim.leaseSeconds],
  );
  return rows.length > 0;
}

/**
 * Ends a run's lease early so the next run need not wait for it to lapse; a no-op once the claim
 * is another's. With `retryInSeconds` the generation is due again only then (a failed attempt's
 * backoff); without it, at once.
 */
export async function releaseClaim(db: SqlRunner, id: string, fence: ClaimFence, retryInSeconds = 0): Promise<void> {
  await db.query(
    `UPDATE generations SET claimed_until = NULL,
       not_before = CASE WHEN $3::float8 > 0 THEN now() + make_interval(secs => $3::float8) ELSE not_before END
     WHERE id = $1 AND claim_token = $2 AND claimed_until IS NOT NULL`,
    [id, fence.token, retryInSeconds],
  );
}

/**
 * Hands back a claimed generation whose run was cut off by its worker's stop: the attempt did not
 * fail, so it is given back, and the generation is due at once for another worker, whatever
 * retry delay or kept claim the run's end left on it. False when the claim is no longer `fence`'s.
 */
export async function handBackGeneration(db: SqlRunner, id: string, fence: ClaimFence): Promise<boolean> {
  const rows = await db.query(
    `UPDATE generations SET attempts = greatest(attempts - 1, 0), not_before = NULL, claimed_until = NULL
     WHERE id = $1 AND claim_token = $2 AND state = 'processing'
     RETURNING id`,
    [id, fence.token],
  );
  return rows.length > 0;
}

/** The fence as a SQL condition on parameter $n: no fence (a product's deletion) matches any holder. */
const fenced = (n: number) => `($${n}::uuid IS NULL OR claim_token = $${n}::uuid)`;

/**
 * The statement that completes the generations of `$1`, a JSON array of { id, token, handle, usage,
 * review, facts, brand }: each only while still processing under its own token. Its product takes
 * the state when the generation is its latest, the handle if it had none, `pending_review` when
 * `review` (the record changed, so a person looks at it again), and `productSet`: further SET
 * clauses on `done`'s columns, each ending in a comma. Answers the ids that completed.
 */
export function completionSql(productSet = ''): string {
  return `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(id uuid, token uuid, handle text, usage jsonb, review boolean, facts jsonb, brand text, category_set boolean, category_id text, category_by text)
     ), done AS (
       UPDATE generations g SET state = 'completed', finished_at = now(), usage = input.usage, claimed_until = NULL
       FROM input WHERE g.id = input.id AND g.state = 'processing' AND g.claim_token = input.token
       RETURNING g.id, g.product_id, input.handle, input.review, input.facts, input.brand, input.category_set, input.category_id, input.category_by
     ), product AS (
       UPDATE products SET
         state = CASE WHEN products.latest_generation_id = done.id THEN 'completed' ELSE products.state END,
         failure = CASE WHEN products.latest_generation_id = done.id THEN NULL ELSE products.failure END,
         product_handle = coalesce(products.product_handle, done.handle),
         publication_state = CASE WHEN done.review THEN 'pending_review' ELSE products.publication_state END,${productSet}
         updated_at = now()
       FROM done WHERE products.id = done.product_id
       RETURNING products.id
     )
     SELECT id FROM done`;
}

/**
 * Settles a generation as failed; returns what must be refunded, or nothing when already settled
 * or (with a fence) claimed by another run. Without a fence (the queue gave up on it) any holder's
 * claim is overruled.
 */
export async function failGeneration(
  db: SqlRunner,
  id: string,
  failure: { reason: string; message: string },
  usage: GenerationUsage | null = null,
  fence: ClaimFence | null = null,
): Promise<{ account_id: string; product_id: string; cost: number } | undefined> {
  const rows = await db.query<{ account_id: string; product_id: string; cost: number }>(
    `WITH failed AS (
       UPDATE generations SET state = 'failed', failure = $2::jsonb, finished_at = now(), usage = coalesce($3::jsonb, usage), claimed_until = NULL
       WHERE id = $1 AND state IN ('queued', 'processing') AND ${fenced(4)}
       RETURNING id, account_id, product_id, cost
     ), product AS (
       UPDATE products SET state = 'failed', failure = $2::jsonb, updated_at = now()
       FROM failed WHERE products.id = failed.product_id AND products.latest_generation_id = failed.id
       RETURNING products.id
     )
     SELECT account_id, product_id, cost FROM failed`,
    [id, JSON.stringify(failure), usage === null ? null : JSON.stringify(usage), fence?.token ?? null],
  );
  return rows[0];
}

export async function findGeneration(db: SqlRunner, id: string): Promise<GenerationRow | undefined> {
  const rows = await db.query<GenerationRow>('SELECT * FROM generations WHERE id = $1', [id]);
  return rows[0];
}

/** A failed attempt's spending, kept while the generation waits for its retry (by the run that still holds it). */
export async function recordAttemptUsage(db: SqlRunner, id: string, fence: ClaimFence, usage: GenerationUsage): Promise<void> {
  await db.query(`UPDATE generations SET usage = $2::jsonb WHERE id = $1 AND state = 'processing' AND claim_token = $3`, [id, JSON.stringify(usage), fence.token]);
}

/**
 * Puts a claimed generation back to the queue: the attempt it was claimed for is given back, and
 * the generation and its product show as queued again. `not_before` is taken on the database's
 * clock, the one the queue's fetch compares it with (claimDueGenerations). False when the claim
 * is no longer `fence`'s. The one statement behind a deferral and a wait for batch answers.
 */
export async function requeueClaimedGeneration(
  db: SqlRunner,
  id: string,
  fence: ClaimFence,
  options: {
    afterSeconds: number;
    /** Counted in `deferrals` (a wait the run asked for), or not (a batch wait, which is free). */
    countsAsDeferral: boolean;
    /** Recorded as the generation's usage so far; null keeps what it has. */
    usage: GenerationUsage | null;
    /** Due at once instead when none of its batch requests is still waiting for the provider. */
    untilBatchAnswered: boolean;
  },
): Promise<boolean> {
  const rows = await db.query(
    `WITH requeued AS (
       UPDATE generations SET state = 'queued', attempts = greatest(attempts - 1, 0), claimed_until = NULL,
         deferrals = deferrals + CASE WHEN $5 THEN 1 ELSE 0 END,
         usage = coalesce($2::jsonb, usage),
         not_before = CASE
           WHEN $6 AND NOT EXISTS (SELECT 1 FROM model_batch_requests r WHERE r.generation_id = $1 AND r.state IN ('queued', 'submitting', 'submitted')) THEN NULL
           ELSE now() + make_interval(secs => $3)
         END
       WHERE id = $1 AND state = 'processing' AND claim_token = $4
       RETURNING id, product_id
     ), product AS (
       UPDATE products SET state = 'queued', updated_at = now()
       FROM requeued WHERE products.id = requeued.product_id AND products.latest_generation_id = requeued.id
       RETURNING products.id
     )
     SELECT id FROM requeued`,
    [id, options.usage === null ? null : JSON.stringify(options.usage), options.afterSeconds, fence.token, options.countsAsDeferral, options.untilBatchAnswered],
  );
  return rows.length > 0;
}

/** Puts a claimed generation back to wait `afterSeconds`, the wait counted in `deferrals` instead of its attempts. */
export function deferGeneration(db: SqlRunner, id: string, fence: ClaimFence, options: { usage: GenerationUsage | null; afterSeconds: number }): Promise<boolean> {
  return requeueClaimedGeneration(db, id, fence, { ...options, countsAsDeferral: true, untilBatchAnswered: false });
}

/**
 * Locks generations by id, in id order: a step that must lock their products too takes the
 * generations first, the order a product's deletion and a worker's completion lock them in.
 */
export async function lockGenerationsById(db: SqlRunner, ids: readonly string[]): Promise<void> {
  await db.query('SELECT id FROM generations WHERE id = ANY ($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
}

/**
 * The product's generations not yet settled (queued, or running), locked: a delete takes them
 * before the product, in the order a worker's statements take generation then product.
 */
export async function lockUnsettledGenerations(db: SqlRunner, productId: string): Promise<{ id: string; state: GenerationState }[]> {
  return db.query<{ id: string; state: GenerationState }>(`SELECT id, state FROM generations WHERE product_id = $1 AND state IN ('queued', 'processing') ORDER BY id FOR UPDATE`, [
    productId,
  ]);
}
