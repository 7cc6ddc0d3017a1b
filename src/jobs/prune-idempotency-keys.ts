import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { SqlRunner } from '../db/database.ts';
import { pruneExpiredIdempotencyKeys } from '../db/idempotency-keys.ts';
import { JOBS } from './registry.ts';

/**
 * Schedules the hourly prune of expired Idempotency-Key records and works its jobs. Idempotent:
 * every worker process calls it; the schedule is one row, replaced in place.
 */
export async function scheduleIdempotencyKeyPruning(boss: PgBoss, db: SqlRunner, logger: Logger): Promise<void> {
  const { name, cron } = JOBS.idempotencyPrune;
  if ((await boss.getQueue(name)) === null) await boss.createQueue(name);
  await boss.schedule(name, cron);
  await boss.work(name, async () => {
    const pruned = await pruneExpiredIdempotencyKeys(db);
    logger.info({ pruned }, 'expired idempotency keys pruned');
  });
}
