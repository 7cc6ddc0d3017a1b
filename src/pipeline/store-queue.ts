import type { Database } from '../db/database.ts';
import type { GenerationOutcome } from './generation-outcome.ts';
import { storeGeneration, storeGenerations, type ReadyGeneration } from './store-generations.ts';

/** A generation waiting to be stored, and the run waiting for its outcome. */
export interface PendingStore {
  ready: ReadyGeneration;
  resolve: (outcome: GenerationOutcome) => void;
  reject: (err: unknown) => void;
}

/** The most generations one transaction stores: a longer transaction holds its row locks longer. */
const MAX_GROUP = 64;
/** Transactions at once: a group waiting for a row lock leaves the others to go on storing. */
const MAX_STORING = 4;
/** Stores at once when a group's transaction failed and each is stored on its own: within the pool. */
const ONE_BY_ONE = 4;

/**
 * Stores generations that finish one by one (an agent model's answers come back seconds apart, but
 * in bursts when many calls were sent together): a few transactions at a time, each taking every
 * generation that became ready while the ones before it ran (a group commit). A lone generation is
 * stored at once; under load the transactions, and their round trips, are shared.
 */
export function createStoreQueue(db: Database, maxStoring = MAX_STORING): (ready: ReadyGeneration) => Promise<GenerationOutcome> {
  let waiting: PendingStore[] = [];
  let storing = 0;
  /** The next group: at most MAX_GROUP, and a generation once (a run and its retry's go in different transactions). */
  const take = (): PendingStore[] => {
    const group: PendingStore[] = [];
    const ids = new Set<string>();
    const rest: PendingStore[] = [];
    for (const pending of waiting) {
      const id = pending.ready.claim.generation.id;
      if (group.length < MAX_GROUP && !ids.has(id)) {
        ids.add(id);
        group.push(pending);
      } else rest.push(pending);
    }
    waiting = rest;
    return group;
  };
  const drain = async () => {
    storing += 1;
    try {
      while (waiting.length > 0) await storeGroup(db, take());
    } finally {
      storing -= 1;
    }
  };
  return (ready) =>
    new Promise((resolve, reject) => {
      waiting.push({ ready, resolve, reject });
      // storeGroup answers every generation it takes, and does not throw.
      if (storing < maxStoring) void drain();
    });
}

/**
 * Stores the group in one transaction (store-generations.ts) and answers each with its outcome.
 * If that transaction fails as a whole, each is stored on its own, so one bad record fails only
 * itself; a generation that cannot be stored then releases its claim and gets the error. Never
 * throws: every outcome goes to its own run.
 */
export async function storeGroup(db: Database, group: readonly PendingStore[]): Promise<void> {
  try {
    const outcomes = await storeGenerations(
      db,
      group.map((g) => g.ready),
    );
    for (const { ready, resolve } of group) {
      await ready.claim.settled();
      resolve(outcomes.get(ready.claim.generation.id) ?? 'claim_lost');
    }
    return;
  } catch {
    // The transaction rolled back as a whole: each is stored on its own below.
  }
  for (let i = 0; i < group.length; i += ONE_BY_ONE) {
    await Promise.all(
      group.slice(i, i + ONE_BY_ONE).map(async ({ ready, resolve, reject }) => {
        try {
          const outcome = await storeGeneration(db, ready.claim, ready.product, ready.result);
          await ready.claim.settled();
          resolve(outcome);
        } catch (err) {
          await ready.claim.release();
          reject(err);
        }
      }),
    );
  }
}
