import type { Database } from '../db/database.ts';
import { releaseStrandedDeliveries, takeDueDeliveries } from '../db/webhook-deliveries.ts';
import type { Clock, WebhookQueue } from './webhook-ports.ts';

const BATCH = 500;
/**
 * A job that has not claimed its delivery this long after it was queued is taken as lost (failed
 * for good after its queue retries, while the database erred) and the delivery is queued again.
 * Longer than a backlog usually lasts; a second job for one delivery only finds it taken.
 */
export const UNCLAIMED_JOB_LAPSE_MS = 30 * 60_000;

/**
 * The outbox relay: moves every delivery that is due and heads its product's line into the queue,
 * in batches, each batch marked and queued in one transaction. Returns how many were queued.
 */
export async function queueDueWebhooks(deps: { db: Database; queue: WebhookQueue; clock: Clock }, options: { sweep?: boolean } = {}): Promise<number> {
  // The sweep reads every waiting delivery; it only catches a rare race, so it runs now and then.
  if (options.sweep === true) await releaseStrandedDeliveries(deps.db);
  let total = 0;
  for (;;) {
    const taken = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const ids = await takeDueDeliveries(tx, now, BATCH, new Date(now.getTime() - UNCLAIMED_JOB_LAPSE_MS));
      await deps.queue.enqueue(tx, ids);
      return ids.length;
    });
    total += taken;
    if (taken < BATCH) return total;
  }
}
