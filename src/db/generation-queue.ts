import type { SqlRunner } from './database.ts';
import { claimedSql, claimStatement, type ClaimFence, type GenerationRow } from './generations.ts';

// The generations table is the queue: a create or regeneration writes its generation `queued`, and
// a worker fetches by claiming. The claim, its lease, the attempts and the deferrals a queue needs
// are on the generation row, so no job row is written beside it (bench/results/create.md).

/**
 * SQL condition on generations `ahead` and `g`: `ahead` runs before `g`. A product's generations
 * run one at a time, in the order they were asked for: a processing one (started, and maybe
 * running) before any queued one, and each kind oldest first. `gState` is the state `g` is judged
 * in: its own for the queue's fetch, 'queued' for a claimed run's check (generationsAhead).
 *
 * Processing first, not merely oldest first: a generation's `created_at` is its transaction's
 * start, so a create that waited on the product's row lock can commit a generation older than one
 * already running; by age alone it would start beside it.
 *
 * Unsettled is spelt as "neither settled state" so that the queue's own index cannot serve it: on
 * stale statistics the planner otherwise read the whole queue index for every candidate of a fetch
 * (1.7 s a fetch with 11,000 queued, bench/results/create.md).
 */
export function standsBefore(ahead: string, g: string, gState = `${g}.state`): string {
  return `${ahead}.product_id = ${g}.product_id AND ${ahead}.id <> ${g}.id AND ${ahead}.state NOT IN ('completed', 'failed')
    AND ((${ahead}.state = 'processing' AND ${gState} = 'queued')
         OR (${ahead}.state = ${gState} AND (${ahead}.created_at, ${ahead}.id) < (${g}.created_at, ${g}.id)))`;
}

/**
 * Claims up to `limit` generations that are due, oldest first, under one token and a lease of
 * `leaseSeconds`: queued ones, and processing ones whose lease lapsed or was given back (a retry,
 * or a run whose worker died), once their `not_before` has come, and only when nothing of their
 * product stands before them (standsBefore). Rows another fetch is claiming are skipped, not
 * waited for. A lost answer is recovered as claimStatement says.
 */
export async function claimDueGenerations(db: SqlRunner, limit: number, claim: ClaimFence & { leaseSeconds: number }): Promise<GenerationRow[]> {
  return claimStatement(
    db,
    `WITH due AS (
       SELECT g.id FROM generations g
       WHERE g.state IN ('queued', 'processing')
         AND (g.claimed_until IS NULL OR g.claimed_until <= now())
         AND (g.not_before IS NULL OR g.not_before <= now())
         -- A subquery per candidate, not a join: only the candidates the scan reaches are looked
         -- at, each through its product's index.
         AND (SELECT 1 FROM generations ahead WHERE ${standsBefore('ahead', 'g')} LIMIT 1) IS NULL
       ORDER BY g.created_at, g.id
       LIMIT $1
       FOR UPDATE OF g SKIP LOCKED
     ), ${claimedSql('FROM due WHERE generations.id = due.id')}
     SELECT * FROM claimed ORDER BY created_at, id`,
    [limit, claim.token, claim.leaseSeconds],
    claim,
  );
}

/** The generation a claimed one must wait behind, and when that one is due. */
export interface GenerationAhead {
  id: string;
  not_before: Date | null;
}

/**
 * For each of the claimed generations `ids`, the first generation of its product that would keep
 * it from being handed out, were it still queued (standsBefore): that one runs first, and this one
 * waits behind it.
 *
 * The fetch applies the same rule, but from its statement's snapshot: two fetches at once can each
 * claim one of a product's generations when the older one committed late (its create waited on the
 * product's row lock). Judged as queued, each of the two then sees the other before it, whatever
 * it reads of the other's claim (processing, or still queued and older), so neither runs beside
 * the other: both wait, and the queue hands them out again in order.
 */
export async function generationsAhead(db: SqlRunner, ids: readonly string[]): Promise<Map<string, GenerationAhead>> {
  const rows = await db.query<GenerationAhead & { behind: string }>(
    `SELECT DISTINCT ON (g.id) g.id AS behind, ahead.id, ahead.not_before
     FROM generations g JOIN generations ahead ON ${standsBefore('ahead', 'g', "'queued'")}
     WHERE g.id = ANY ($1::uuid[])
     ORDER BY g.id, ahead.created_at, ahead.id`,
    [ids],
  );
  return new Map(rows.map(({ behind, id, not_before }) => [behind, { id, not_before }]));
}
