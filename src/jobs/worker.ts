import type { EventEmitter } from 'node:events';
import type { PgBoss } from 'pg-boss';
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
  const polling = { pollingIntervalSeconds: config.worker.pollSeconds, localConcurrency: config.worker.concurrency };

  await boss.work(JOBS.generation.name, polling, async (jobs) => {
    for (const job of jobs) {
      // Payloads are validated again here: the queue is a trust boundary across versions.
      const payload = JOBS.generation.payload.safeParse(job.data);
      if (!payload.success) {
        // Never completed silently: it fails through retries and the dead letter, where it is logged.
        logger.error({ jobId: job.id, issues: payload.error.issues }, 'generation job with an invalid payload');
        throw new Error(`generation job ${job.id} has an invalid payload`);
      }
      const log = logger.child({ jobId: job.id, generationId: payload.data.generationId, attempt: job.retryCount + 1 });
      try {
        const outcome = await runGeneration({ db, engine: deps.engine, sources: deps.sources, images: deps.images, maxAttempts }, payload.data.generationId);
        log.info({ outcome }, 'generation finished');
        events?.emit('settled', { generationId: payload.data.generationId, outcome });
      } catch (err) {
        log.warn({ err }, 'generation attempt failed; the queue will retry it');
        events?.emit('attempt_failed', { generationId: payload.data.generationId, error: err });
        throw err;
      }
    }
  });

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
