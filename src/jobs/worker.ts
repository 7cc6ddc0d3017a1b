import type { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { AgentModel } from '../domain/pricing.ts';
import { timeLeft, type TeardownOptions } from '../teardown.ts';
import { servingAccount } from '../db/account-lane.ts';
import type { Database } from '../db/database.ts';
import { failAndRefund } from '../pipeline/fail-generation.ts';
import type { ContentEngine, ImageStandardiser } from '../domain/generation-ports.ts';
import type { SourceChain } from '../sources/source-chain.ts';
import { claimTimings, generationRetryPolicy, keepClaim, type ClaimTimings, type HeldClaim } from '../pipeline/generation-claim.ts';
import { claimDueGenerations } from '../db/generation-queue.ts';
import { handBackGeneration, type ClaimFence, type GenerationRow } from '../db/generations.ts';
import type { GenerationOutcome } from '../pipeline/generation-outcome.ts';
import { runUnderClaim } from '../pipeline/run-generation.ts';
import { runClaimedBatch } from '../pipeline/run-generation-batch.ts';
import { warmCategoryClassifier } from '../pipeline/warm-category-classifier.ts';
import { createStoreQueue } from '../pipeline/store-queue.ts';
import { pruneIdempotencyKeysHourly } from './prune-idempotency-keys.ts';
import { startSlotWorker, WorkerStoppedError, type SlotWorker } from '../queue/slot-worker.ts';
import type { WorkerWakeup } from './worker-wakeup.ts';
import { preloadLanguageDetector } from '../generation/template/detect-language.ts';
import { warmRecordChecks } from '../generation/ai/checks/warm-record-checks.ts';
import { startWebhookWorker, type WebhookParts } from './webhook-worker.ts';
import { startBatchRunner } from '../generation/ai/batch/batch-runner.ts';

export interface WorkerDeps {
  db: Database;
  engine: ContentEngine;
  sources: SourceChain;
  images: ImageStandardiser | null;
  config: Config;
  logger: Logger;
  /**
   * Emits 'settled' with { generationId, outcome } after each generation is handled (tests wait
   * on it), 'claim_lost' with the same when a run found its claim taken over, 'attempt_failed'
   * with { generationId, error } when an attempt threw, and 'handed_back' with { generationId,
   * handedBack } when the worker's stop cut a run off.
   */
  events?: EventEmitter;
  /** Overrides the claim's lease (tests); by default it follows GENERATION_TIMEOUT_SECONDS. */
  claims?: ClaimTimings;
  /** Wakes the worker when this process queues generations (the container's); without it, the worker finds them by polling only. */
  wakeup?: WorkerWakeup;
  /** Registers a cleanup run when the container closes, before the queue stops (the container's). */
  onClose(cleanup: (options: TeardownOptions) => Promise<void>): void;
  webhooks: WebhookParts;
  /**
   * What writes each agent model (the container's); generations of a model the template engine
   * writes run as one batch per fetch (run-generation-batch.ts). Without it every generation runs on its own.
   */
  engines?: Readonly<Record<AgentModel, string>>;
}

/** A generation a fetch claimed, and the claim's fence. */
interface FetchedGeneration {
  generation: GenerationRow;
  fence: ClaimFence;
}

/** The generation worker of this process, stopped on its own (the container's close stops it too). */
export interface GenerationWorkers {
  /** See SlotWorker.stop: graceful waits up to `timeoutMs` for the runs in flight, then asks the rest to stop, and they give their generations back. */
  stop(options: { graceful: boolean; timeoutMs: number }): Promise<void>;
  /** Resolves once what a worker loads ahead of its first generation is loaded (never rejects). */
  warmedUp: Promise<void>;
  /** The webhook delivery worker of this process (stopped with the container too). */
  webhooks: SlotWorker;
}

/**
 * Starts the generation worker, the webhook delivery worker and the hourly prune. A generation
 * whose attempt failed is retried after a backoff until its attempts run out, then failed and refunded.
 */
export async function startWorkers(deps: WorkerDeps): Promise<GenerationWorkers> {
  const { db, config, logger, events } = deps;
  // In the background: a worker woken by the first create of the day would otherwise load it then,
  // before that product's first model call (measured: 190 of the 230 ms from the 202 to the call).
  const detector = preloadLanguageDetector().catch((err: unknown) => logger.warn({ err }, 'could not load the language detector; the first text to detect loads it again'));
  // Likewise the checks of LLM-written records, whose patterns compile at their first use (about 100 ms a kind).
  const checks =
    deps.engines !== undefined && Object.values(deps.engines).some((engine) => engine !== 'template')
      ? detector.then(warmRecordChecks).catch((err: unknown) => logger.warn({ err }, 'could not warm the record checks; the first record checked compiles them'))
      : Promise.resolve();
  // And the category classifier, which every generation runs (120–130 ms to build at its first use).
  const classifier = checks.then(warmCategoryClassifier).then(
    () => {},
    (err: unknown) => logger.warn({ err }, 'could not warm the category classifier; the first product classified builds it'),
  );
  // One policy for every attempt: a failed one's claim is released with its delay; the last one's
  // is kept, and the worker fails and refunds the generation under it, so no run takes it between.
  const retry = generationRetryPolicy(config.worker);
  const claims = deps.claims ?? claimTimings(config.worker.expireSeconds);
  const generationDeps = {
    db,
    engine: deps.engine,
    sources: deps.sources,
    images: deps.images,
    maxAttempts: retry.maxAttempts,
    categoryMinConfidence: config.worker.categoryMinConfidence,
  };
  const engines = deps.engines;
  const batchDeps =
    engines === undefined ? null : { ...generationDeps, batchable: (g: GenerationRow) => engines[g.agent_model] === 'template', storeReady: createStoreQueue(generationDeps.db) };

  /** One generation's run to its end: logged and announced; a thrown attempt is retried later, or failed for good after the last. */
  async function finish(claim: HeldClaim, run: Promise<GenerationOutcome>, signal: AbortSignal | undefined): Promise<void> {
    const { generation } = claim;
    const log = logger.child({ generationId: generation.id, attempt: generation.attempts });
    try {
      const outcome = await run;
      log.info({ outcome }, 'generation finished');
      // A lost claim does not settle the generation: the run holding it does.
      const event = outcome === 'claim_lost' ? outcome : 'settled';
      events?.emit(event, { generationId: generation.id, outcome });
    } catch (err) {
      if (signal?.reason instanceof WorkerStoppedError) {
        // Cut off by this worker's stop (a deploy, a scale-down): not a failed attempt. Should this
        // not reach the database, the lease lapses and the attempt is counted, as for a crash.
        const handedBack = await handBackGeneration(db, generation.id, claim.fence).catch(() => false);
        log.info({ handedBack }, 'generation stopped with its worker; handed back to the queue');
        events?.emit('handed_back', { generationId: generation.id, handedBack });
        return;
      }
      if (retry.delayAfter(generation.attempts) !== null) {
        // The run gave its claim back with the retry's delay (generation-claim.ts): the queue hands it out again then.
        log.warn({ err }, 'generation attempt failed; it will be retried');
        events?.emit('attempt_failed', { generationId: generation.id, error: err });
        return;
      }
      // The last attempt: failed and refunded now, under the claim the run kept. Should this fail
      // (the database away), the lease lapses and the next run fails it (prepareGeneration).
      const settled = await failAndRefund(
        db,
        generation.id,
        { reason: 'generation_failed', message: 'Generation failed after all retries; the credits were refunded.' },
        null,
        claim.fence,
      );
      log.warn({ err, settled }, 'generation failed for good');
      events?.emit('attempt_failed', { generationId: generation.id, error: err });
      events?.emit('settled', { generationId: generation.id, outcome: settled ? 'failed' : 'claim_lost' });
    }
  }

  // The generations of one fetch run side by side and each frees its slot when it ends, so one
  // slow product never holds back the others fetched with it. Generations the template engine
  // writes share their reads and store statement (run-generation-batch.ts).
  // Each generation's statements take its account's turns on the embedded database; a batch's
  // shared ones take the account's whose generations it holds, or the untagged lane's when mixed.
  function runFetched(fetched: readonly FetchedGeneration[], signals: readonly AbortSignal[]): Promise<void>[] {
    const keep = (f: FetchedGeneration, i: number) => keepClaim(db, f.generation, f.fence, claims, retry, signals[i]);
    const settle = (claim: HeldClaim, outcome: Promise<GenerationOutcome> | undefined, i: number) =>
      finish(claim, outcome ?? Promise.reject(new Error('no run was started for this generation')), signals[i]);
    if (batchDeps === null) {
      // A claim's whole life, its lease renewals included, in its account's lane.
      return fetched.map((f, i) =>
        servingAccount(f.generation.account_id, () => {
          const claim = keep(f, i);
          return settle(claim, runUnderClaim(generationDeps, claim), i);
        }),
      );
    }
    const held = fetched.map((f, i) => servingAccount(f.generation.account_id, () => keep(f, i)));
    const accounts = new Set(fetched.map((f) => f.generation.account_id));
    const [only] = accounts;
    const outcomes = accounts.size === 1 && only !== undefined ? servingAccount(only, () => runClaimedBatch(batchDeps, held)) : runClaimedBatch(batchDeps, held);
    return held.map((claim, i) => servingAccount(claim.generation.account_id, () => settle(claim, outcomes[i], i)));
  }

  // At most GENERATION_CONCURRENCY generations run at once in one process, fetched
  // GENERATION_FETCH_SIZE at a time under a backlog (GENERATION_CONCURRENCY rounded up to whole fetches).
  const slots = startSlotWorker<FetchedGeneration>({
    capacity: config.worker.concurrency * config.worker.batchSize,
    fetchSize: config.worker.batchSize,
    pollSeconds: config.worker.pollSeconds,
    expireSeconds: config.worker.expireSeconds,
    async fetch(limit) {
      const fence = { token: randomUUID() };
      const claimed = await claimDueGenerations(db, limit, { ...fence, leaseSeconds: claims.leaseSeconds });
      return claimed.map((generation) => ({ generation, fence }));
    },
    run: runFetched,
    onError: (err, during) => logger.error({ err, during }, 'generation worker: queue error'),
  });
  deps.onClose((options) => slots.stop({ graceful: options.graceful, timeoutMs: timeLeft(options) }));
  deps.wakeup?.addWorker(() => slots.notify());
  // Submits the calls of generations processed in batch and polls their batches; a batch that
  // ended wakes its generations, and this worker looks at the queue at once.
  const batches = startBatchRunner({ db, config, logger, onAnswered: () => slots.notify() });
  if (batches !== null) deps.onClose(async () => batches.stop());

  const pruning = pruneIdempotencyKeysHourly(db, logger);
  deps.onClose(async () => pruning.stop());
  const webhooks = startWebhookWorker({
    db,
    webhooks: deps.webhooks,
    retrySchedule: config.webhooks.retrySchedule,
    pollMs: config.webhooks.pollMs,
    concurrency: config.webhooks.concurrency,
    logger,
    ...(events === undefined ? {} : { events }),
  });
  deps.onClose((options) => webhooks.stop({ graceful: options.graceful, timeoutMs: timeLeft(options) }));
  return { stop: (options) => slots.stop(options), warmedUp: Promise.all([detector, checks, classifier]).then(() => {}), webhooks };
}
