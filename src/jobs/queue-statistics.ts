import type { Logger } from 'pino';
import type { SqlRunner } from '../db/database.ts';
import { QUEUE_SCHEMA } from './queue.ts';

/**
 * Keeps the planner's statistics of the job table fresh. pg-boss's per-key FIFO fetch plans a
 * nested loop on stale statistics after a bulk create (10,000 queued jobs took 27 s per fetch on
 * PostgreSQL until ANALYZE; 90 products/s after). Autovacuum reacts too late for a burst, and
 * ANALYZE samples a bounded number of rows, so running it on a timer costs milliseconds.
 */
export function keepQueueStatisticsFresh(db: SqlRunner, everySeconds: number, logger: Logger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    db.query(`ANALYZE ${QUEUE_SCHEMA}.job`)
      .catch((err: unknown) => logger.warn({ err }, 'could not refresh queue statistics'))
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
