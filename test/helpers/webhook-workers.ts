import { startWebhookWorkers } from '../../src/jobs/webhook-worker.ts';
import type { Harness } from './harness.ts';

/** Starts webhook delivery workers (and their relay) in the harness's process, reporting to `h.events`. */
export function startHarnessWebhookWorkers(h: Harness): Promise<void> {
  const { config, db, boss, webhooks, logger } = h.container;
  return startWebhookWorkers({
    boss,
    db,
    webhooks,
    logger,
    events: h.events,
    retrySchedule: config.webhooks.retrySchedule,
    relayIntervalMs: config.webhooks.relayIntervalMs,
    concurrency: config.webhooks.concurrency,
  });
}
