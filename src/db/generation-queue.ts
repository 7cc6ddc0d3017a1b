import type { SqlRunner } from './database.ts';
import { claimedSql, claimStatement, type ClaimFence, type GenerationRow } from './generations.ts';

// The generations table is the queue: a create or regeneration writes its generation `queued`, and
// a worker fetches by claiming. The claim, its lease, the attempts and the deferrals a queue needs
// are on the generation row, so no job row is written beside it (bench/results/create.md).

/**
 * Claims up to `limit` generations that are due, oldest first, under one token and a lease of
 * `leaseSeconds`: queued ones, and processing ones whose lease lapsed or was given back (a retry,
 * or a run whose worker died), once their `not_before` has come. A product's generations run one
 * at a time, in the order they were asked for: one is due only when it comes first among its
 * product's unsettled generations, a processing one (started, and maybe running) before any
 * queued one, and each kind oldest first. Rows another fetch is claiming are skipped, not waited for.
 * A lost answer is recovered as claimStatement says.
 *
 * Processing first, not merely oldest first: a generation's `created_at` is its transaction's
 * start, so a create that waited on the product's row lock can commit a generation older than one
 * already running; by age alone it would start beside it.
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
         -- at, each through its product's index. Unsettled is spelt as "neither settled state"
         -- so that the queue's own index cannot serve it: on stale statistics the planner
         -- otherwise read the whole queue index for every candidate (1.7 s a fetch with 11,000
         -- queued, bench/results/create.md).
         AND (SELECT 1 FROM generations ahead
              WHERE ahead.product_id = g.product_id AND ahead.id <> g.id AND ahead.state NOT IN ('completed', 'failed')
                AND ((ahead.state = 'processing' AND g.state = 'queued')
                     OR (ahead.state = g.state AND (ahead.created_at, ahead.id) < (g.created_at, g.id)))
              LIMIT 1) IS NULL
       ORDER BY g.created_at, g.id
       LIMIT $1
       FOR UPDATE OF g SKIP LOCKED
     ), ${claimedSql('FROM due WHERE generations.id = due.id')}
     SELECT * FROM claimed ORDER BY created_at, id`,
    [limit, claim.token, claim.leaseSeconds],
    claim,
  );
}
