import { startWebhookWorker } from '../../src/jobs/webhook-worker.ts';
import type { SlotWorker } from '../../src/queue/slot-worker.ts';
import { timeLeft } from '../../src/teardown.ts';
import type { Harness } from './harness.ts';

/** Starts a webhook delivery worker in the harness's process, reporting to `h.events`; stopped when the harness closes. */
export function startHarnessWebhookWorkers(h: Harness): SlotWorker {
  const { config, db, webhooks, logger } = h.container;
  const worker = startWebhookWorker({
    db,
    webhooks,
    logger,
    events: h.events,
    retrySchedule: config.webhooks.retrySchedule,
    pollMs: config.webhooks.pollMs,
    concurrency: config.webhooks.concurrency,
  });
  h.container.onClose((options) => worker.stop({ graceful: options.graceful, timeoutMs: timeLeft(options) }));
  return worker;
}
