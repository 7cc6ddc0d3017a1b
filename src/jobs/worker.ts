import type { EventEmitter } from 'node:events';
import type { Job, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { timeLeft, type TeardownOptions } from '../teardown.ts';
import type { Database } from '../db/database.ts';
import { failAndRefund } from '../services/fail-generation.ts';
import type { ContentEngine, GenerationQueue, ImageStandardiser } from '../services/ports.ts';
import type { SourceChain } from '../sources/source-chain.ts';
import { claimTimings, type ClaimTimings } from '../services/generation-claim.ts';
import type { GenerationRow } from '../db/generations.ts';
import type { GenerationOutcome } from '../services/generation-outcome.ts';
import { runGeneration } from '../services/run-generation.ts';
import { runGenerationBatch } from '../services/run-generation-batch.ts';
import { createStoreQueue } from '../services/store-queue.ts';
import { scheduleIdempotencyKeyPruning } from './prune-idempotency-keys.ts';
import { JOBS } from './registry.ts';
import { startSlotWorker, type FinishedJob } from './slot-worker.ts';
import type { WorkerWakeup } from './worker-wakeup.ts';
import { preloadLanguageDetector } from '../generation/template/detect-language.ts';
import { warmRecordChecks } from '../generation/ai/checks/warm-record-checks.ts';
import { startWebhookWorkers, type WebhookParts } from './webhook-worker.ts';

export interface WorkerDeps {
  boss: PgBoss;
  db: Database;
  queue: GenerationQueue;
  engine: ContentEngine;
  sources: SourceChain;
  images: ImageStandardiser | null;
  config: Config;
  logger: Logger;
  /**
   * Emits 'settled' with { generationId, outcome } after each generation is handled (tests wait
   * on it), and 'claim_busy', 'claim_lost' or 'not_due' with the same when a job found it held by
   * another run or deferred to a later time.
   */
  events?: EventEmitter;
  /** Overrides the claim's lease (tests); by default it follows JOB_EXPIRE_SECONDS. */
  claims?: ClaimTimings;
  /** Wakes the worker when this process commits jobs (the container's); without it, the worker finds jobs by polling only. */
  wakeup?: WorkerWakeup;
  /** Registers a cleanup run when the container closes, before the queue stops (the container's). */
  onClose(cleanup: (options: TeardownOptions) => Promise<void>): void;
  webhooks: WebhookParts;
  /**
   * What writes each agent model (the container's); generations of a model the template engine
   * writes run as one batch per fetch (run-generation-batch.ts). Without it every generation runs on its own.
   */
  engines?: Readonly<Record<'v1' | 'v2', string>>;
}

/** The generation worker of this process, stopped on its own (the container's close stops it too). */
export interface GenerationWorkers {
  /** See SlotWorker.stop: graceful waits up to `timeoutMs` for the jobs in flight, then fails the rest back to the queue. */
  stop(options: { graceful: boolean; timeoutMs: number }): Promise<void>;
  /** Resolves once what a worker loads ahead of its first generation is loaded (never rejects). */
  warmedUp: Promise<void>;
}

/** Starts the generation worker and the queue's other handlers; pg-boss retries failed jobs and dead-letters them after the last. */
export async function startWorkers(deps: WorkerDeps): Promise<GenerationWorkers> {
  const { boss, db, config, logger, events } = deps;
  // In the background: a worker woken by the first create of the day would otherwise load it then,
  // before that product's first model call (measured: 190 of the 230 ms from the 202 to the call).
  const detector = preloadLanguageDetector().catch((err: unknown) => logger.warn({ err }, 'could not load the language detector; the first text to detect loads it again'));
  // Likewise the checks of LLM-written records, whose patterns compile at their first use (about 100 ms a kind).
  const checks =
    deps.engines !== undefined && Object.values(deps.engines).some((engine) => engine !== 'template')
      ? detector.then(warmRecordChecks).catch((err: unknown) => logger.warn({ err }, 'could not warm the record checks; the first record checked compiles them'))
      : Promise.resolve();
  const maxAttempts = config.worker.retryLimit + 1;
  // The lease is a quarter of the job's expiry or less: a claim is renewed many times before the
  // queue could hand its job out again, and a dead worker's claim lapses long before it does.
  const claims = deps.claims ?? claimTimings(config.worker.expireSeconds);
  const queue = JOBS.generation.name;
  const generationDeps = { db, queue: deps.queue, engine: deps.engine, sources: deps.sources, images: deps.images, maxAttempts, claims };
  const engines = deps.engines;
  const batchDeps =
    engines === undefined ? null : { ...generationDeps, batchable: (g: GenerationRow) => engines[g.agent_model] === 'template', storeReady: createStoreQueue(generationDeps.db) };

  /** One job: its result for the queue, and the event to emit once that result is stored. */
  async function runOne(job: Job<unknown>, generationId: string, run: Promise<GenerationOutcome>): Promise<FinishedJob> {
    const log = logger.child({ jobId: job.id, generationId, attempt: job.retryCount + 1 });
    try {
      const outcome = await run;
      log.info({ outcome }, 'generation finished');
      // None of the claim outcomes settles the generation: the run holding it (or due to run it) does.
      const event = outcome === 'claim_busy' || outcome === 'claim_lost' || outcome === 'not_due' ? outcome : 'settled';
      return { result: { id: job.id, status: 'completed' }, afterSettled: () => events?.emit(event, { generationId, outcome }) };
    } catch (err) {
      log.warn({ err }, 'generation attempt failed; the queue will retry it');
      const output = { error: err instanceof Error ? err.message : String(err) };
      return { result: { id: job.id, status: 'failed', output }, afterSettled: () => events?.emit('attempt_failed', { generationId, error: err }) };
    }
  }

  // The jobs of one fetch run side by side and each frees its slot when it ends, so one slow
  // product never holds back the others fetched with it. Generations the template engine writes
  // share their claim, reads and store statement (run-generation-batch.ts).
  function runFetched(jobs: Job<unknown>[]): Promise<FinishedJob>[] {
    const valid: { job: Job<unknown>; generationId: string }[] = [];
    for (const job of jobs) {
      // Payloads are validated again here: the queue is a trust boundary across versions.
      const payload = JOBS.generation.payload.safeParse(job.data);
      if (payload.success) valid.push({ job, generationId: payload.data.generationId });
      // Retrying cannot fix it: logged here, and the job ends so it holds nothing back.
      else logger.error({ jobId: job.id, issues: payload.error.issues }, 'generation job with an invalid payload');
    }
    const outcomes =
      batchDeps === null
        ? valid.map((v) => runGeneration(generationDeps, v.generationId, v.job.signal))
        : runGenerationBatch(
            batchDeps,
            valid.map((v) => ({ generationId: v.generationId, signal: v.job.signal })),
          );
    const byJob = new Map(valid.map((v, i) => [v.job, { generationId: v.generationId, run: outcomes[i] }]));
    return jobs.map((job) => {
      const entry = byJob.get(job);
      if (entry?.run === undefined) return Promise.resolve({ result: { id: job.id, status: 'completed' } });
      return runOne(job, entry.generationId, entry.run);
    });
  }

  // At most WORKER_CONCURRENCY × WORKER_BATCH_SIZE generations run at once in one process, fetched
  // WORKER_BATCH_SIZE at a time under a backlog.
  const slots = startSlotWorker({
    boss,
    queue,
    capacity: config.worker.concurrency * config.worker.batchSize,
    fetchSize: config.worker.batchSize,
    pollSeconds: config.worker.pollSeconds,
    run: runFetched,
    onError: (err, during) => logger.error({ err, during }, 'generation worker: queue error'),
  });
  deps.onClose((options) => slots.stop({ graceful: options.graceful, timeoutMs: timeLeft(options) }));
  deps.wakeup?.addWorker(() => slots.notify());

  const dead = { pollingIntervalSeconds: config.worker.pollSeconds, includeMetadata: true } as const;
  await boss.work(JOBS.generationDead.name, dead, async (jobs) => {
    for (const job of jobs) {
      // The failed job would hold back every later generation of its product (strict FIFO per key).
      if (job.sourceId !== null) await boss.deleteJob(JOBS.generation.name, job.sourceId);
      const payload = JOBS.generationDead.payload.safeParse(job.data);
      if (!payload.success) {
        logger.error({ jobId: job.id, sourceId: job.sourceId, issues: payload.error.issues }, 'dead generation job with an invalid payload; nothing to refund');
        continue;
      }
      const settled = await failAndRefund(db, payload.data.generationId, {
        reason: 'generation_failed',
        message: 'Generation failed after all retries; the credits were refunded.',
      });
      logger.warn({ generationId: payload.data.generationId, settled }, 'generation failed for good');
      events?.emit('settled', { generationId: payload.data.generationId, outcome: settled ? 'failed' : 'already_settled' });
    }
  });

  await scheduleIdempotencyKeyPruning(boss, db, logger);
  await startWebhookWorkers({
    boss,
    db,
    webhooks: deps.webhooks,
    retrySchedule: config.webhooks.retrySchedule,
    relayIntervalMs: config.webhooks.relayIntervalMs,
    concurrency: config.webhooks.concurrency,
    logger,
    ...(events === undefined ? {} : { events }),
  });
  return { stop: (options) => slots.stop(options), warmedUp: Promise.all([detector, checks]).then(() => {}) };
}
