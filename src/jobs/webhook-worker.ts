import type { EventEmitter } from 'node:events';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { deliverWebhook, type DeliverWebhookDeps } from '../services/deliver-webhook.ts';
import { queueDueWebhooks } from '../services/queue-due-webhooks.ts';
import type { SecretBox, WebhookSender } from '../domain/webhook-sending.ts';
import type { Clock, WebhookQueue } from '../services/webhook-ports.ts';
import { JOBS } from './registry.ts';

/** What delivering webhooks needs beyond the database: built by the container. */
export interface WebhookParts {
  queue: WebhookQueue;
  sender: WebhookSender;
  secrets: SecretBox;
  clock: Clock;
}

export interface WebhookWorkerDeps {
  boss: PgBoss;
  db: Database;
  webhooks: WebhookParts;
  retrySchedule: readonly number[];
  relayIntervalMs: number;
  concurrency: number;
  logger: Logger;
  /** Emits 'webhook_attempt' with { deliveryId, outcome } after each job (tests wait on it). */
  events?: EventEmitter;
}

/** Longer than an attempt can take (10 s) with room for its database writes. */
const LEASE_MS = 30_000;
/** How often a relay releases deliveries stranded behind one that settled as they were written. */
const SWEEP_EVERY_MS = 5_000;

/**
 * Works the delivery queue and runs the relay that feeds it: every interval, and at once after a
 * delivery settles (the next event of that product may now go). Stops with the queue.
 */
export async function startWebhookWorkers(deps: WebhookWorkerDeps): Promise<void> {
  const { boss, db, logger, events } = deps;
  const deliver: DeliverWebhookDeps = {
    db,
    sender: deps.webhooks.sender,
    secrets: deps.webhooks.secrets,
    clock: deps.webhooks.clock,
    retrySchedule: deps.retrySchedule,
    leaseMs: LEASE_MS,
  };
  let workerId: string | null = null;
  let sweptAt = 0;
  const relay = startRelay(
    async () => {
      const sweep = Date.now() - sweptAt >= SWEEP_EVERY_MS;
      if (sweep) sweptAt = Date.now();
      const queued = await queueDueWebhooks({ db, queue: deps.webhooks.queue, clock: deps.webhooks.clock }, { sweep });
      // Wakes this process's worker now rather than at its next poll.
      if (queued > 0 && workerId !== null) boss.notifyWorker(workerId);
      return queued;
    },
    deps.relayIntervalMs,
    logger,
  );
  boss.once('stopped', relay.stop);

  const options = { pollingIntervalSeconds: 0.5, batchSize: deps.concurrency, burstWhenBatchFull: true, perJobResults: true } as const;
  workerId = await boss.work(JOBS.webhookDelivery.name, options, async (jobs) =>
    Promise.all(
      jobs.map(async (job) => {
        const payload = JOBS.webhookDelivery.payload.safeParse(job.data);
        if (!payload.success) {
          logger.error({ jobId: job.id, issues: payload.error.issues }, 'webhook job with an invalid payload');
          return { id: job.id, status: 'completed' as const };
        }
        const { deliveryId } = payload.data;
        try {
          const outcome = await deliverWebhook(deliver, deliveryId, job.signal);
          if (outcome !== 'gone' && outcome !== 'delivered') logger.info({ deliveryId, outcome }, 'webhook attempt failed');
          if (outcome === 'endpoint_disabled') logger.warn({ deliveryId }, 'webhook endpoint disabled after five days of failures');
          events?.emit('webhook_attempt', { deliveryId, outcome });
          if (outcome !== 'gone') relay.nudge();
          return { id: job.id, status: 'completed' as const };
        } catch (err) {
          logger.warn({ err, deliveryId }, 'webhook attempt could not be recorded; the queue retries it');
          return { id: job.id, status: 'failed' as const, output: { error: err instanceof Error ? err.message : String(err) } };
        }
      }),
    ),
  );
  relay.nudge();
}

/**
 * A pass scans the pending deliveries: after a burst of nudges, one more pass soon is enough. The
 * gap keeps passes from taking every turn of a one-connection database (PGlite) from deliveries.
 */
const NUDGE_GAP_MS = 25;

/** Runs `tick` every `intervalMs`, and again soon after a nudge; never two at once. */
function startRelay(tick: () => Promise<number>, intervalMs: number, logger: Logger): { nudge(): void; stop(): void } {
  let running = false;
  let nudged = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = async () => {
    if (stopped) return;
    if (running) {
      nudged = true;
      return;
    }
    running = true;
    nudged = false;
    try {
      await tick();
    } catch (err) {
      logger.warn({ err }, 'webhook relay pass failed; the next one retries');
    } finally {
      running = false;
      schedule(nudged ? NUDGE_GAP_MS : intervalMs);
    }
  };
  schedule(intervalMs);
  return {
    nudge: () => void run(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
