import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which account the work under way serves, and which of its lines of work it is (a request, a
 * generation, a delivery): set where the account becomes known (after authentication, per
 * generation, per webhook delivery) and read by the embedded database's scheduler
 * (pglite-database.ts, fair-queue.ts), which takes statements in turns across accounts and,
 * within an account, across its lines of work.
 */
export interface WorkLane {
  account: string;
  line: string;
}

const lane = new AsyncLocalStorage<WorkLane>();
let lines = 0;

/** The lane of work no account was named for: authentication itself, sweeps, batches across accounts. */
export const UNTAGGED_LANE: WorkLane = { account: '', line: '' };

/** Runs `work`, and everything it starts, as a line of work of its own serving `accountId`. */
export function servingAccount<T>(accountId: string, work: () => T): T {
  lines += 1;
  return lane.run({ account: accountId, line: String(lines) }, work);
}

/** The account and line of the work under way, or UNTAGGED_LANE. */
export function currentLane(): WorkLane {
  return lane.getStore() ?? UNTAGGED_LANE;
}

/** Runs `work` as a line of work of its own in the current lane: a request not yet authenticated is not queued behind another's. */
export function ownLine<T>(work: () => T): T {
  lines += 1;
  return lane.run({ account: currentLane().account, line: String(lines) }, work);
}
