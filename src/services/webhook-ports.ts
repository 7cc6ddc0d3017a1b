import type { SqlRunner } from '../db/database.ts';

/** Hands deliveries to the durable queue on the caller's transaction: a delivery is queued exactly when it is marked so. */
export interface WebhookQueue {
  enqueue(tx: SqlRunner, deliveryIds: readonly string[]): Promise<void>;
}

/** The time the retry schedule runs on; tests move it by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
