import { z } from 'zod';

/** Each job name with its payload schema; producer and worker both go through here. */
export const JOBS = {
  /** One attempt at one webhook delivery; the delivery row says what, when and how often. */
  webhookDelivery: {
    name: 'vetrina.webhook.delivery',
    payload: z.object({ deliveryId: z.uuid() }),
  },
  /** Deletes expired Idempotency-Key records; sent by pg-boss's scheduler on `cron` (UTC). */
  idempotencyPrune: {
    name: 'vetrina.idempotency.prune',
    cron: '17 * * * *',
  },
} as const;
