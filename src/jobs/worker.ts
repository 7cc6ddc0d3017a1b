import type { EventEmitter } from 'node:events';
import type { JobResult, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { failAndRefund } from '../services/fail-generation.ts';
import type { ContentEngine, ImageStandardiser } from '../services/ports.ts';
import type { SourceChain } from '../sources/source-chain.ts';
import { runGeneration } from '../services/run-generation.ts';
import { JOBS } from './registry.ts';

export interface WorkerDeps {
  boss: PgBoss;
  db: Database;
  engine: ContentEngine;
  sources: SourceChain;
  images: ImageStandardiser | null;
  config: Config;
  logger: Logger;
  /** Emits 'settled' with { generationId, outcome } after each generation is handled (tests wait on it). */
  events?: EventEmitter;
}

/** Registers the handlers; pg-boss polls, runs up to `concurrency` jobs at once, retries and dead-letters. */
export async function startWorkers(deps: WorkerDeps): Promise<void> {
  const { boss, db, config, logger, events } = deps;
  const maxAttempts = config.worker.retryLimit + 1;
  // Full batches keep a worker fetching without waiting for the next poll, so a backlog drains at
  // the speed of the work, not of the polling interval. At most concurrency × batch size
  // generations run at once in one process.
  const polling = {
    pollingIntervalSeconds: config.worker.pollSeconds,
    localConcurrency: config.worker.concurrency,
    batchSize: config.worker.batchSize,
    burstWhenBatchFull: true,
    perJobResults: true,
  } as const;

  const queue = JOBS.generation.name;
  /**
   * Settles one job the moment its generation ends rather than when the whole batch does, so its
   * product's next generation is not held back by a slower sibling, and a sibling that overruns
   * the batch's expiry cannot fail it. The batch's own settlement then finds it settled and skips
   * it; should this write fail, that settlement is the fallback.
   */
  async function settleNow(result: JobResult): Promise<JobResult> {
    try {
      if (result.status === 'completed') await boss.complete(queue, result.id);
      else if (result.status === 'failed') await boss.fail(queue, result.id, result.output);
    } catch (err) {
      logger.warn({ err, jobId: result.id }, 'could not settle a job early; the batch settles it');
    }
    return result;
  }

  // The jobs of one batch run side by side, so one slow product never holds back the others fetched with it.
  await boss.work(queue, polling, async (jobs) => Promise.all(jobs.map(async (job): Promise<JobResult> => {
    // Payloads are validated again here: the queue is a trust boundary across versions.
    const payload = JOBS.generation.payload.safeParse(job.data);
    if (!payload.success) {
      // Retrying cannot fix it: straight to the dead letter, where it is logged and cleared.
      logger.error({ jobId: job.id, issues: payload.error.issues }, 'generation job with an invalid payload');
      return { id: job.id, status: 'deadletter', output: { error: 'invalid payload' } };
    }
    const log = logger.child({ jobId: job.id, generationId: payload.data.generationId, attempt: job.retryCount + 1 });
    try {
      const outcome = await runGeneration({ db, engine: deps.engine, sources: deps.sources, images: deps.images, maxAttempts }, payload.data.generationId, job.signal);
      log.info({ outcome }, 'generation finished');
      const result = await settleNow({ id: job.id, status: 'completed' });
      events?.emit('settled', { generationId: payload.data.generationId, outcome });
      return result;
    } catch (err) {
      log.warn({ err }, 'generation attempt failed; the queue will retry it');
      const result = await settleNow({ id: job.id, status: 'failed', output: { error: err instanceof Error ? err.message : String(err) } });
      events?.emit('attempt_failed', { generationId: payload.data.generationId, error: err });
      return result;
    }
  })));

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
}
