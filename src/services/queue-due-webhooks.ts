import type { Database } from '../db/database.ts';
import { releaseStrandedDeliveries, takeDueDeliveries } from '../db/webhook-deliveries.ts';
import type { Clock, WebhookQueue } from './webhook-ports.ts';

const BATCH = 500;

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
      const ids = await takeDueDeliveries(tx, deps.clock.now(), BATCH);
      await deps.queue.enqueue(tx, ids);
      return ids.length;
    });
    total += taken;
    if (taken < BATCH) return total;
  }
}
