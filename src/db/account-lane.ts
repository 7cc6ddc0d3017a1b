import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which account the work under way serves: set where the account becomes known (after
 * authentication, per generation, per webhook delivery) and read by the embedded database's
 * scheduler (pglite-database.ts), which takes statements in turns across accounts.
 */
const lane = new AsyncLocalStorage<string>();

/** The lane of work no account was named for: authentication itself, sweeps, batches across accounts. */
export const UNTAGGED_LANE = '';

/** Runs `work`, and everything it starts, as serving `accountId`. */
export function servingAccount<T>(accountId: string, work: () => T): T {
  return lane.run(accountId, work);
}

/** The account the work under way serves, or UNTAGGED_LANE. */
export function currentLane(): string {
  return lane.getStore() ?? UNTAGGED_LANE;
}
