import type { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { servingAccount } from '../db/account-lane.ts';
import type { Database } from '../db/database.ts';
import { claimDueDeliveries, handBackDelivery, type ClaimedDelivery } from '../db/webhook-deliveries.ts';
import { accountsWithFanouts, expandWebhookFanouts } from '../db/webhook-fanouts.ts';
import { schedulePolicy } from '../queue/retry-policy.ts';
import { startSlotWorker, type SlotWorker } from '../queue/slot-worker.ts';
import { createDeliveredBatch } from './delivered-batch.ts';
import { deliverClaimed, type DeliverWebhookDeps } from '../services/deliver-webhook.ts';
import type { SecretBox, WebhookSender } from '../domain/webhook-sending.ts';
import type { Clock } from '../services/webhook-ports.ts';

/** What delivering webhooks needs beyond the database: built by the container. */
export interface WebhookParts {
  sender: WebhookSender;
  secrets: SecretBox;
  clock: Clock;
}

export interface WebhookWorkerDeps {
  db: Database;
  webhooks: WebhookParts;
  retrySchedule: readonly number[];
  /** How often an idle worker looks for due deliveries (new events, retries come due, other processes' work). */
  pollMs: number;
  /** Attempts in flight at most in this process. */
  concurrency: number;
  logger: Logger;
  /** Emits 'webhook_attempt' with { deliveryId, outcome } after each attempt (tests wait on it). */
  events?: EventEmitter;
}

/** Accounts whose fan-outs one fetch expands a slice of. */
const FANOUT_ACCOUNTS_PER_FETCH = 8;
/** Longer than an attempt can take (10 s) with room for its database writes. */
const LEASE_MS = 30_000;
/** An attempt the slot worker gives up on, well inside its lease: the sender's own timeout ends it first. */
const ATTEMPT_EXPIRE_SECONDS = 20;

/**
 * Works the delivery queue: fetches due deliveries (fairly across accounts) into free slots, sends
 * each, and settles it under its claim. A settled delivery may release the next of its line, so
 * each settlement asks for another fetch at once.
 */
export function startWebhookWorker(deps: WebhookWorkerDeps): SlotWorker {
  const { db, logger, events } = deps;
  const deliver: DeliverWebhookDeps = {
    db,
    sender: deps.webhooks.sender,
    secrets: deps.webhooks.secrets,
    clock: deps.webhooks.clock,
    retry: schedulePolicy(deps.retrySchedule),
    recordDelivered: createDeliveredBatch(db),
  };

  async function attempt(claimed: ClaimedDelivery, signal: AbortSignal | undefined): Promise<void> {
    const deliveryId = claimed.id;
    try {
      const outcome = await deliverClaimed(deliver, claimed, signal);
      if (outcome === 'stopped') {
        await handBackDelivery(db, deliveryId, claimed.claim_token).catch(() => false);
        return;
      }
      if (outcome !== 'delivered') logger.info({ deliveryId, outcome }, 'webhook attempt failed');
      if (outcome === 'endpoint_disabled') logger.warn({ deliveryId }, 'webhook endpoint disabled after five days of failures');
      events?.emit('webhook_attempt', { deliveryId, outcome });
    } catch (err) {
      // The outcome could not be recorded (the database away): the lease lapses and the delivery is attempted again.
      logger.warn({ err, deliveryId }, 'webhook attempt could not be recorded; it is made again once its lease lapses');
    } finally {
      slots.notify();
    }
  }

  const concurrency = Math.max(1, deps.concurrency);
  const slots = startSlotWorker<ClaimedDelivery>({
    capacity: concurrency,
    // Under a backlog a fetch waits for a quarter of the slots: fewer, larger claims.
    fetchSize: Math.max(1, Math.ceil(concurrency / 4)),
    pollSeconds: deps.pollMs / 1000,
    expireSeconds: ATTEMPT_EXPIRE_SECONDS,
    async fetch(limit) {
      // Fan-outs whose deliveries are still to be written (their call's process stopped, or a
      // worker's transaction fanned out): a slice per account, then another fetch at once.
      // One account's expansion failing never keeps the others', or anyone's deliveries, waiting.
      let expanded = 0;
      for (const accountId of await accountsWithFanouts(db, FANOUT_ACCOUNTS_PER_FETCH)) {
        try {
          expanded += await servingAccount(accountId, () => expandWebhookFanouts(db, accountId));
        } catch (err) {
          logger.error({ err, accountId }, 'webhook worker: a fan-out could not be written; tried again at the next fetch');
        }
      }
      if (expanded > 0) slots.notify();
      const now = deps.webhooks.clock.now();
      return claimDueDeliveries(db, { now, limit, token: randomUUID(), leaseUntil: new Date(now.getTime() + LEASE_MS) });
    },
    run: (items, signals) => items.map((claimed, i) => servingAccount(claimed.account_id, () => attempt(claimed, signals[i]))),
    onError: (err, during) => logger.error({ err, during }, 'webhook worker: queue error'),
  });
  return slots;
}
