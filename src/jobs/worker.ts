import type { EventEmitter } from 'node:events';
import type { Job, JobResult, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { failAndRefund } from '../services/fail-generation.ts';
import type { ContentEngine, GenerationQueue, ImageStandardiser } from '../services/ports.ts';
import type { SourceChain } from '../sources/source-chain.ts';
import { claimTimings, type ClaimTimings } from '../services/generation-claim.ts';
import type { GenerationRow } from '../db/generations.ts';
import type { GenerationOutcome } from '../services/generation-outcome.ts';
import { runGeneration } from '../services/run-generation.ts';
import { runGenerationBatch } from '../services/run-generation-batch.ts';
import { scheduleIdempotencyKeyPruning } from './prune-idempotency-keys.ts';
import { JOBS } from './registry.ts';
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
  /** Wakes an idle loop when this process commits jobs (the container's); without it, loops find jobs by polling only. */
  wakeup?: WorkerWakeup;
  webhooks: WebhookParts;
  /**
   * What writes each agent model (the container's); generations of a model the template engine
   * writes run as one batch per fetch (run-generation-batch.ts). Without it every generation runs on its own.
   */
  engines?: Readonly<Record<'v1' | 'v2', string>>;
}

/** How long a finished job waits for its batch to end before it is settled on its own. */
const SETTLE_ALONE_AFTER_MS = 250;

/**
 * True when `batch` has not ended `ms` from now. A plain timer, not an aborted sleep: with 400
 * jobs a batch, an AbortError for each one was 1 % of the process's CPU (bench/pipeline.ts).
 */
function stillRunningAfter(ms: number, batch: Promise<unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    const ended = () => {
      clearTimeout(timer);
      resolve(false);
    };
    // A run that failed ends the batch as well; its own caller hears of the failure.
    void batch.then(ended, ended);
  });
}

/** Registers the handlers; pg-boss polls, runs up to `concurrency` jobs at once, retries and dead-letters. */
export async function startWorkers(deps: WorkerDeps): Promise<void> {
  const { boss, db, config, logger, events } = deps;
  // In the background: a worker woken by the first create of the day would otherwise load it then,
  // before that product's first model call (measured: 190 of the 230 ms from the 202 to the call).
  preloadLanguageDetector().catch((err: unknown) => logger.warn({ err }, 'could not load the language detector; the first text to detect loads it again'));
  // Likewise the checks of LLM-written records, whose patterns compile at their first use (about 100 ms a kind).
  if (deps.engines !== undefined && Object.values(deps.engines).some((engine) => engine !== 'template')) {
    warmRecordChecks().catch((err: unknown) => logger.warn({ err }, 'could not warm the record checks; the first record checked compiles them'));
  }
  const maxAttempts = config.worker.retryLimit + 1;
  // The lease is a quarter of the job's expiry or less: a claim is renewed many times before the
  // queue could hand its job out again, and a dead worker's claim lapses long before it does.
  const claims = deps.claims ?? claimTimings(config.worker.expireSeconds);
  // Full batches keep a worker fetching without waiting for the next poll, so a backlog drains at
  // the speed of the work, not of the polling interval. At most concurrency × batch size
  // generations run at once in one process.
  // One registration per loop (rather than pg-boss's localConcurrency) so each loop has an id the
  // wakeup can notify, and reports whether it is running a batch.
  const polling = {
    pollingIntervalSeconds: config.worker.pollSeconds,
    batchSize: config.worker.batchSize,
    burstWhenBatchFull: true,
    perJobResults: true,
  } as const;

  const queue = JOBS.generation.name;
  /**
   * Settles one job before its batch does. Used when a job's siblings are still running a while
   * after it ended, so its product's next generation is not held back by a slower sibling, and a
   * sibling that overruns the expiry cannot fail it. The batch's own settlement then finds it
   * settled and skips it; should this write fail, that settlement is the fallback.
   */
  async function settleNow(result: JobResult): Promise<void> {
    try {
      if (result.status === 'completed') await boss.complete(queue, result.id);
      else if (result.status === 'failed') await boss.fail(queue, result.id, result.output);
    } catch (err) {
      logger.warn({ err, jobId: result.id }, 'could not settle a job early; the batch settles it');
    }
  }

  const generationDeps = { db, queue: deps.queue, engine: deps.engine, sources: deps.sources, images: deps.images, maxAttempts, claims };
  const engines = deps.engines;
  const batchDeps = engines === undefined ? null : { ...generationDeps, batchable: (g: GenerationRow) => engines[g.agent_model] === 'template' };

  /** One job: its result for the batch, and the event to emit once it is settled. */
  async function runOne(job: Job<unknown>, generationId: string, run: Promise<GenerationOutcome>): Promise<{ result: JobResult; announce: () => void }> {
    const log = logger.child({ jobId: job.id, generationId, attempt: job.retryCount + 1 });
    try {
      const outcome = await run;
      log.info({ outcome }, 'generation finished');
      // None of the claim outcomes settles the generation: the run holding it (or due to run it) does.
      const event = outcome === 'claim_busy' || outcome === 'claim_lost' || outcome === 'not_due' ? outcome : 'settled';
      return { result: { id: job.id, status: 'completed' }, announce: () => events?.emit(event, { generationId, outcome }) };
    } catch (err) {
      log.warn({ err }, 'generation attempt failed; the queue will retry it');
      const output = { error: err instanceof Error ? err.message : String(err) };
      return { result: { id: job.id, status: 'failed', output }, announce: () => events?.emit('attempt_failed', { generationId, error: err }) };
    }
  }

  // The jobs of one batch run side by side, so one slow product never holds back the others
  // fetched with it. A batch that ends together is settled in one statement by pg-boss (a fifth
  // faster on PGlite than a statement per job); a job whose siblings run on is settled alone.
  async function runBatch(jobs: Job<unknown>[]): Promise<JobResult[]> {
    const valid: { job: Job<unknown>; generationId: string }[] = [];
    for (const job of jobs) {
      // Payloads are validated again here: the queue is a trust boundary across versions.
      const payload = JOBS.generation.payload.safeParse(job.data);
      if (payload.success) valid.push({ job, generationId: payload.data.generationId });
      // Retrying cannot fix it: straight to the dead letter, where it is logged and cleared.
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
    const runs = jobs.map((job) => {
      const entry = byJob.get(job);
      if (entry?.run === undefined) return Promise.resolve({ result: { id: job.id, status: 'deadletter', output: { error: 'invalid payload' } } as JobResult, announce: () => {} });
      return runOne(job, entry.generationId, entry.run);
    });
    const batchEnded = Promise.all(runs);
    return Promise.all(
      runs.map(async (run) => {
        const { result, announce } = await run;
        const alone = await stillRunningAfter(SETTLE_ALONE_AFTER_MS, batchEnded);
        if (alone) await settleNow(result);
        announce();
        return result;
      }),
    );
  }
  for (let i = 0; i < config.worker.concurrency; i++) {
    let loop: { running(busy: boolean): void } | undefined;
    const workerId = await boss.work(queue, polling, async (jobs) => {
      loop?.running(true);
      try {
        return await runBatch(jobs);
      } finally {
        loop?.running(false);
      }
    });
    loop = deps.wakeup?.addLoop(boss, workerId, config.worker.batchSize);
  }

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
}
