import type { Logger } from 'pino';
import type { AgentModelConfig, Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import {
  abandonBatch,
  claimQueuedRequests,
  dropReadAnswers,
  knownProviderBatchIds,
  markBatchSubmitted,
  recordBatchCancelRequested,
  recordBatchStatus,
  staleSubmissions,
  storeBatchAnswers,
  submittedBatches,
} from '../../../db/model-batches.ts';
import { batchWireFor, type BatchWire } from './batch-wire.ts';

/**
 * A submission left 'submitting' this long had its process die during the provider call (each
 * call gives up after two minutes). The provider's batch is looked for (batch-wire.ts
 * `candidates`): one found that no batch here holds is adopted; none, or more than one, and its
 * requests are queued again. Should the provider have accepted that batch after all, those
 * requests run (and are billed) twice, their answers still used once.
 */
const STALE_SUBMISSION_SECONDS = 600;

export interface BatchRunner {
  stop(): Promise<void>;
}

/**
 * Submits the batch calls generations stored (batch-fetch.ts), one batch per agent model every
 * MODEL_BATCH_WINDOW_MS, and polls the submitted ones every MODEL_BATCH_POLL_SECONDS; a batch
 * that ended has its answers stored and its generations woken (`onAnswered`). Every step reads
 * and writes the database only, so any process may take over another's batches.
 */
export function startBatchRunner(deps: { db: Database; config: Config; logger: Logger; onAnswered(): void }): BatchRunner | null {
  const { db, logger } = deps;
  const { agents } = deps.config;
  const wires = new Map<string, { wire: BatchWire; provider: string }>();
  for (const [agentModel, model] of [
    ['v1', agents.v1],
    ['v2', agents.v2],
  ] as const) {
    const wire = model === null ? null : batchWireFor(model as AgentModelConfig);
    if (wire !== null && model !== null) wires.set(agentModel, { wire, provider: model.provider });
  }
  if (wires.size === 0) return null;
  const { windowMs, maxRequests, pollMs } = agents.batch;
  let stopped = false;
  let droppedAt = 0;

  async function submitQueued(): Promise<void> {
    if (Date.now() - droppedAt > 3_600_000) {
      droppedAt = Date.now();
      await dropReadAnswers(db);
    }
    for (const stale of await staleSubmissions(db, STALE_SUBMISSION_SECONDS)) {
      const wire = wires.get(stale.agent_model)?.wire;
      let found: string[];
      try {
        const candidates = (await wire?.candidates(stale)) ?? [];
        const known = await knownProviderBatchIds(db, candidates);
        found = candidates.filter((id) => !known.has(id));
      } catch (err) {
        // Not known either way: looked for again at the next window.
        logger.warn({ err, batch: stale.id }, 'model batch: could not look for an interrupted submission at the provider');
        continue;
      }
      const [only] = found;
      if (found.length === 1 && only !== undefined && wire !== undefined) {
        await markBatchSubmitted(db, stale.id, only, !wire.candidatesAreCertain);
        logger.info({ batch: only }, 'model batch: an interrupted submission was found at the provider and adopted');
      } else {
        await abandonBatch(db, stale.id);
        logger.warn({ batch: stale.id, candidates: found.length }, 'model batch: an interrupted submission was given up; its calls are queued again');
      }
    }
    for (const [agentModel, { wire, provider }] of wires) {
      for (;;) {
        if (stopped) return;
        const claimed = await claimQueuedRequests(db, agentModel, provider, maxRequests);
        if (claimed === null || claimed.requests.length === 0) {
          if (claimed !== null) await abandonBatch(db, claimed.batchId);
          break;
        }
        let providerId: string;
        try {
          providerId = await wire.submit(claimed.endpoint, claimed.requests, claimed.batchId);
        } catch (err) {
          logger.warn({ err, agentModel, requests: claimed.requests.length }, 'model batch: submission failed; its calls are queued for the next one');
          await abandonBatch(db, claimed.batchId);
          break;
        }
        await markBatchSubmitted(db, claimed.batchId, providerId);
        logger.info({ agentModel, batch: providerId, requests: claimed.requests.length }, 'model batch submitted');
        if (claimed.requests.length < maxRequests) break;
      }
    }
  }

  async function pollSubmitted(): Promise<void> {
    for (const batch of await submittedBatches(db, [...wires.keys()])) {
      if (stopped) return;
      const wire = wires.get(batch.agent_model)?.wire;
      if (wire === undefined) continue;
      try {
        if (batch.unwanted) {
          // Every generation it served was deleted, cancelled or failed: what the provider has not run yet is not worth paying for.
          // Asked until the provider answers: a refusal (the batch ended meanwhile) is an answer too.
          const answer = await wire.cancel(batch.provider_batch_id).catch((err: unknown) => {
            logger.warn({ err, batch: batch.provider_batch_id }, 'model batch: could not ask the provider to cancel it; asked again at the next poll');
            return null;
          });
          if (answer !== null) {
            await recordBatchCancelRequested(db, batch.id);
            logger.info({ batch: batch.provider_batch_id, answer }, 'model batch: no generation waits for it any more; the provider was asked to cancel it');
          }
        }
        const status = await wire.status(batch.provider_batch_id);
        if (!status.ended) {
          await recordBatchStatus(db, batch.id, status.status);
          continue;
        }
        const answers = await wire.answers(status.raw);
        const woken = await storeBatchAnswers(db, batch.id, status.status, answers);
        logger.info({ batch: batch.provider_batch_id, status: status.status, answers: answers.size, woken }, 'model batch ended');
        if (woken > 0) deps.onAnswered();
      } catch (err) {
        logger.warn({ err, batch: batch.provider_batch_id }, 'model batch: poll failed; tried again at the next poll');
      }
    }
  }

  const loop = (every: number, work: () => Promise<void>, during: string) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const tick = () => {
      running = work()
        .catch((err: unknown) => logger.error({ err, during }, 'model batch runner error'))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, every);
        });
    };
    timer = setTimeout(tick, every);
    return async () => {
      clearTimeout(timer);
      await running;
    };
  };
  const stopSubmitting = loop(windowMs, submitQueued, 'submit');
  const stopPolling = loop(pollMs, pollSubmitted, 'poll');
  return {
    async stop() {
      stopped = true;
      await Promise.all([stopSubmitting(), stopPolling()]);
    },
  };
}
