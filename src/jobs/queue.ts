import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss, type Db } from 'pg-boss';
import type { Config } from '../config.ts';
import type { SqlRunner } from '../db/database.ts';
import type { GenerationQueue, GenerationJob } from '../services/ports.ts';
import type { WebhookQueue } from '../services/webhook-ports.ts';
import { generationJobsSql } from './generation-jobs-sql.ts';
import { JOBS } from './registry.ts';
import type { QueueStatistics } from './queue-statistics.ts';
import type { WorkerWakeup } from './worker-wakeup.ts';

export const QUEUE_SCHEMA = 'pgboss';

export interface QueueHandle {
  boss: PgBoss;
  queue: GenerationQueue;
}

/** pg-boss statements run on the caller's transaction, so the job commits or rolls back with it. */
function onTransaction(tx: SqlRunner): Db {
  return { executeSql: async (text, values) => ({ rows: await tx.query(text, values ?? []) }) };
}

/** The queue lives in the same database: PGlite through pg-boss's adapter, a server through its own pool. */
export type QueueConnection = { pglite: PGlite } | { connectionString: string };

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

/**
 * Creates the queues (idempotent) with their retry, expiry and dead-letter settings, and updates
 * them on an existing database. Returns warnings for what cannot be changed in place.
 */
export async function ensureQueues(boss: PgBoss, config: Config): Promise<string[]> {
  const warnings: string[] = [];
  const queues = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  // A refund must not be given up on: retry for days, backing off to every 10 minutes.
  const deadPolicy = { retryLimit: 1000, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 };
  if (!queues.has(JOBS.generationDead.name)) await boss.createQueue(JOBS.generationDead.name, deadPolicy);
  else await boss.updateQueue(JOBS.generationDead.name, deadPolicy);
  const policyNow = queues.get(JOBS.generation.name)?.policy;
  if (policyNow !== undefined && policyNow !== 'key_strict_fifo') {
    // pg-boss cannot change a queue's policy in place; generations then run without strict per-product order.
    warnings.push(`queue ${JOBS.generation.name} was created with policy "${policyNow}", not "key_strict_fifo"; recreate it while it is empty`);
  }
  const policy = {
    retryLimit: config.worker.retryLimit,
    retryDelay: config.worker.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: config.worker.expireSeconds,
    deadLetter: JOBS.generationDead.name,
  };
  // 'key_strict_fifo' with the product as key: one generation of a product at a time, in the order
  // they were queued (a regeneration never runs before the create it follows), while other
  // products stay fetchable. A failed job would hold its key; the dead-letter handler removes it.
  if (!queues.has(JOBS.generation.name)) await boss.createQueue(JOBS.generation.name, { ...policy, policy: 'key_strict_fifo' });
  else await boss.updateQueue(JOBS.generation.name, policy);
  // A delivery's retries follow its own schedule (the delivery row); the queue's retries only cover
  // a handler that failed (the database away). A worker killed mid-attempt is covered by the
  // attempt's lease, which the relay watches (src/services/queue-due-webhooks.ts).
  const webhookPolicy = { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 120 };
  if (!queues.has(JOBS.webhookDelivery.name)) await boss.createQueue(JOBS.webhookDelivery.name, webhookPolicy);
  else await boss.updateQueue(JOBS.webhookDelivery.name, webhookPolicy);
  // pg-boss looks a queue up on its own connection the first time it inserts into it. Inside our
  // charging transaction on PGlite (one connection) that look-up would wait for the transaction it
  // runs in: a deadlock. Loading its queue cache now, outside any transaction, prevents it.
  for (const name of [JOBS.generation.name, JOBS.generationDead.name, JOBS.webhookDelivery.name]) {
    await boss.getJobById(name, '00000000-0000-0000-0000-000000000000');
  }
  return warnings;
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

/** What a generation queue tells of its commits, and where it writes its jobs (see GenerationQueueOptions). */
export interface GenerationQueueOptions {
  /** Hear of every commit of jobs (see worker-wakeup.ts and queue-statistics.ts). */
  wakeup?: WorkerWakeup;
  statistics?: Pick<QueueStatistics, 'jobsCommitted'>;
  /** The generation queue's table (pg-boss's getQueue), for jobsInsertSql; without it every job goes through pg-boss's insert(). */
  jobTable?: string;
}

export function generationQueue(boss: PgBoss, options: GenerationQueueOptions = {}): GenerationQueue {
  const { wakeup, statistics, jobTable } = options;
  return {
    jobsCommitted: (jobs) => {
      wakeup?.jobsCommitted(jobs);
      statistics?.jobsCommitted(jobs);
    },
    ...(jobTable === undefined ? {} : { jobsInsertSql: (source: string) => generationJobsSql(QUEUE_SCHEMA, jobTable, source) }),
    async enqueue(tx: SqlRunner, jobs: readonly GenerationJob[], options = {}) {
      if (jobs.length === 0) return;
      // An interval, not a date: pg-boss adds it to job_now() (now()) in this transaction, so a
      // deferral's job is due at the very instant its generation's not_before names.
      const startAfter = options.startAfterSeconds === undefined ? {} : { startAfter: `${options.startAfterSeconds} seconds` };
      const ids = await boss.insert(
        JOBS.generation.name,
        jobs.map((j) => ({ data: JOBS.generation.payload.parse(j), singletonKey: j.productId, ...startAfter })),
        { db: onTransaction(tx), returnId: true },
      );
      // pg-boss skips conflicting rows silently; a charge without its job must roll back instead.
      if (ids === null || ids.length !== jobs.length) {
        throw new Error(`queued ${ids?.length ?? 0} of ${jobs.length} generation jobs; rolling back`);
      }
    },
    async cancel(tx: SqlRunner, jobs: readonly GenerationJob[]) {
      const db = onTransaction(tx);
      for (const job of jobs) {
        const waiting = await boss.findJobs(JOBS.generation.name, { key: job.productId, data: { generationId: job.generationId }, queued: true, db });
        if (waiting.length > 0)
          await boss.deleteJob(
            JOBS.generation.name,
            waiting.map((w) => w.id),
            { db },
          );
      }
    },
  };
}
