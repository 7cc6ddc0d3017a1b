import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { claimHourlyPrune, pruneExpiredIdempotencyKeys } from '../db/idempotency-keys.ts';

/** How often a process looks whether the hourly prune is due (every process looks; one prunes). */
const LOOK_EVERY_MS = 5 * 60_000;

/**
 * Deletes expired Idempotency-Key records once an hour, whatever the number of processes: the
 * process that marks the prune done for this hour (one statement on a row of instance_settings)
 * prunes, in batches that each commit on their own, so no long transaction holds the database.
 */
export function pruneIdempotencyKeysHourly(db: Database, logger: Logger, lookEveryMs = LOOK_EVERY_MS): { stop(): void; pruneIfDue(): Promise<number | null> } {
  let running: Promise<number | null> | null = null;
  const pruneIfDue = async (): Promise<number | null> => {
    if (!(await claimHourlyPrune(db))) return null;
    const pruned = await pruneExpiredIdempotencyKeys(db);
    logger.info({ pruned }, 'expired idempotency keys pruned');
    return pruned;
  };
  const look = () => {
    running ??= pruneIfDue()
      .catch((err: unknown) => {
        logger.warn({ err }, 'could not prune expired idempotency keys; the next look tries again');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(look, lookEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer), pruneIfDue: look };
}
