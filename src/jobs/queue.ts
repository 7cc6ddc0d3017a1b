import { fromPglite, PgBoss, type Db, type PGliteLike } from 'pg-boss';
import type { Config } from '../config.ts';
import type { SqlRunner } from '../db/database.ts';
import type { WebhookQueue } from '../services/webhook-ports.ts';
import { JOBS } from './registry.ts';

export const QUEUE_SCHEMA = 'pgboss';

/** pg-boss statements run on the caller's transaction, so the job commits or rolls back with it. */
export function onTransaction(tx: SqlRunner): Db {
  return { executeSql: async (text, values) => ({ rows: await tx.query(text, values ?? []) }) };
}

/** The queue lives in the same database: PGlite (in its thread) through pg-boss's adapter, a server through its own pool. */
export type QueueConnection = { pglite: PGliteLike } | { connectionString: string };

export function createBoss(config: Config, connection: QueueConnection, onError: (err: Error) => void): PgBoss {
  const common = {
    schema: QUEUE_SCHEMA,
    superviseIntervalSeconds: config.worker.monitorSeconds,
    monitorIntervalSeconds: config.worker.monitorSeconds,
    // Cron schedules (the hourly Idempotency-Key prune) are sent by whichever instance's clock
    // pass gets there first; pg-boss sends each occurrence once whatever the number of instances.
    schedule: true,
  } as const;
  const boss =
    'pglite' in connection
      ? new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: connection.connectionString, max: Math.max(2, Math.ceil(config.dbPoolSize / 2)) });
  // Without a listener an 'error' event would crash the process; pg-boss recovers by itself.
  boss.on('error', onError);
  return boss;
}

/** pg-boss queues of the generations before migration 025 (a job per generation, and its dead letters). */
const LEGACY_GENERATION_QUEUES = ['vetrina.generation', 'vetrina.generation.dead'];

/** Creates the queues (idempotent) with their retry and expiry settings, and updates them on an existing database. */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  const queues = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  // Generations are queued in their own table (src/db/generation-queue.ts). The pg-boss queues in
  // which earlier versions kept a job per generation go: every generation such a job named is
  // still unsettled in the table, and is fetched from there.
  for (const name of LEGACY_GENERATION_QUEUES) if (queues.has(name)) await boss.deleteQueue(name);
  // A delivery's retries follow its own schedule (the delivery row); the queue's retries only cover
  // a handler that failed (the database away). A worker killed mid-attempt is covered by the
  // attempt's lease, which the relay watches (src/services/queue-due-webhooks.ts).
  const webhookPolicy = { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 120 };
  if (!queues.has(JOBS.webhookDelivery.name)) await boss.createQueue(JOBS.webhookDelivery.name, webhookPolicy);
  else await boss.updateQueue(JOBS.webhookDelivery.name, webhookPolicy);
  // pg-boss looks a queue up on its own connection the first time it inserts into it. Inside our
  // charging transaction on PGlite (one connection) that look-up would wait for the transaction it
  // runs in: a deadlock. Loading its queue cache now, outside any transaction, prevents it.
  await boss.getJobById(JOBS.webhookDelivery.name, '00000000-0000-0000-0000-000000000000');
}

export function webhookQueue(boss: PgBoss): WebhookQueue {
  return {
    async enqueue(tx: SqlRunner, deliveryIds: readonly string[]) {
      if (deliveryIds.length === 0) return;
      const ids = await boss.insert(
        JOBS.webhookDelivery.name,
        deliveryIds.map((deliveryId) => ({ data: JOBS.webhookDelivery.payload.parse({ deliveryId }) })),
        { db: onTransaction(tx), returnId: true },
      );
      // Deliveries marked queued without their jobs would wait for ever: roll the marking back.
      if (ids === null || ids.length !== deliveryIds.length) throw new Error(`queued ${ids?.length ?? 0} of ${deliveryIds.length} webhook deliveries; rolling back`);
    },
  };
}
