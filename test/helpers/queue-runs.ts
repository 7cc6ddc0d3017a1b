// Generations taken the way the worker takes them: by the queue's fetch (claimDueGenerations),
// held under its claim and run (runUnderClaim). Tests that run a generation themselves, to look
// between its runs, go through these rather than around the queue.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Database, SqlRunner } from '../../src/db/database.ts';
import { completeGenerations } from '../../src/db/generation-batches.ts';
import { claimDueGenerations } from '../../src/db/generation-queue.ts';
import { handBackGeneration, type ClaimFence, type GenerationRow } from '../../src/db/generations.ts';
import { backoffPolicy } from '../../src/queue/retry-policy.ts';
import { claimTimings, keepClaim, type HeldClaim } from '../../src/pipeline/generation-claim.ts';
import { runUnderClaim, type GenerationOutcome, type RunGenerationDeps } from '../../src/pipeline/run-generation.ts';

/** One fetch of every due generation, claimed under a new fence with a lease of `leaseSeconds`. */
export async function fetchDue(db: SqlRunner, leaseSeconds = 60): Promise<{ generations: GenerationRow[]; fence: ClaimFence }> {
  const fence = { token: randomUUID() };
  return { generations: await claimDueGenerations(db, 1000, { ...fence, leaseSeconds }), fence };
}

class Peeked extends Error {}

/** What `work` answers inside a transaction that is then rolled back: a queue's claim looked at, nothing claimed. */
export async function peek<T>(db: Database, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
  let answer: { value: T } | undefined;
  await db
    .transaction(async (tx) => {
      answer = { value: await work(tx) };
      throw new Peeked();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Peeked)) throw err;
    });
  if (answer === undefined) throw new Error('the peek answered nothing');
  return answer.value;
}

/** The ids a fetch would hand out now, in order, claiming nothing (the fetch is rolled back). */
export async function dueNow(db: Database): Promise<string[]> {
  return peek(db, async (tx) => (await fetchDue(tx)).generations.map((g) => g.id));
}

/** Claims `generationId` by a fetch, which must hand it out, and holds the claim as the worker does; whatever else the fetch took is handed back. */
export async function fetchAndHold(db: Database, generationId: string, maxAttempts = 4): Promise<HeldClaim> {
  const { generations, fence } = await fetchDue(db);
  const generation = generations.find((g) => g.id === generationId);
  for (const other of generations) if (other !== generation) await handBackGeneration(db, other.id, fence);
  assert.ok(generation !== undefined, `the queue did not hand out ${generationId} (it handed out ${generations.length} others)`);
  // Retried at once, as the queue would after its delay; the claim of the last attempt is kept, as the worker keeps it.
  return keepClaim(db, generation, fence, claimTimings(600), backoffPolicy({ delaySeconds: 0, maxDelaySeconds: 0, maxAttempts }));
}

/** Runs `generationId` as the worker would once the queue handed it out. */
export async function runFromQueue(deps: RunGenerationDeps, generationId: string): Promise<GenerationOutcome> {
  return runUnderClaim(deps, await fetchAndHold(deps.db, generationId, deps.maxAttempts));
}

/** Completes a claimed generation under `fence` (writing no record): what a run's store does to the generation. False when the claim is not `fence`'s. */
export async function completeUnder(db: SqlRunner, id: string, fence: ClaimFence, handle: string | null = null): Promise<boolean> {
  const done = await completeGenerations(db, [{ id, fence, handle, usage: null, review: true, facts: [], brand: null }]);
  return done.has(id);
}
