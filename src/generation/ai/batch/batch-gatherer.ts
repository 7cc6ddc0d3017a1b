import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database.ts';
import {
  answeredRequests,
  findBatchRequest,
  forgetUnsentRequest,
  insertBatch,
  markBatchFailed,
  markBatchSubmitted,
  storeBatchResults,
  submittedBatches,
  type StoredBatchRequest,
} from '../../../db/model-batches.ts';
import type { BatchItem, BatchWire } from './batch-wire.ts';

/** What a batched call gets: the provider's answer to it, or the word to make it interactively. */
export type BatchAnswer = { statusCode: number; body: unknown } | 'interactive';

export interface BatchOptions {
  windowMs: number;
  maxRequests: number;
  pollMs: number;
}

/** Provider custom ids are at most 64 characters: the generation's uuid (36) and 16 hex of the request's hash. */
export function customIdOf(generationId: string, url: string, body: string): string {
  return `${generationId}-${createHash('sha256').update(url).update('\n').update(body).digest('hex').slice(0, 16)}`;
}

/**
 * One provider lane's batches. Calls are gathered for `windowMs` (or `maxRequests`), written to
 * the database, then submitted; submitted batches are polled while anyone in this process waits on
 * one. A call made again after a restart (same generation, same body, same custom id) is answered
 * from the stored result, or waits for the batch it is already in: it is never sent twice.
 */
export class BatchGatherer {
  readonly #db: Database;
  readonly #lane: string;
  readonly #wire: BatchWire;
  readonly #options: BatchOptions;
  readonly #logger: Logger;
  #gathering: BatchItem[] = [];
  #windowTimer: NodeJS.Timeout | null = null;
  #pollTimer: NodeJS.Timeout | null = null;
  /** The SDK's headers of the latest call (key, version): the batch endpoints take the same. */
  #headers = new Headers();
  readonly #waiters = new Map<string, Set<(answer: BatchAnswer) => void>>();
  /** Batches this process is submitting now: a `submitting` batch not in here was left by a dead process. */
  readonly #submitting = new Set<string>();

  constructor(db: Database, lane: string, wire: BatchWire, options: BatchOptions, logger: Logger) {
    this.#db = db;
    // The lane key names the API key: only its hash is stored.
    this.#lane = createHash('sha256').update(lane).digest('hex').slice(0, 32);
    this.#wire = wire;
    this.#options = options;
    this.#logger = logger;
  }

  accepts(url: string): boolean {
    return this.#wire.accepts(url);
  }

  async answer(generationId: string, url: string, body: string, headers: Headers, signal: AbortSignal | undefined): Promise<BatchAnswer> {
    this.#headers = headers;
    const customId = customIdOf(generationId, url, body);
    const stored = await findBatchRequest(this.#db, customId);
    if (stored !== undefined) {
      const known = answerOf(stored);
      if (known !== null) return known;
      if (stored.batch_state === 'submitted' || this.#submitting.has(stored.batch_id)) return this.#wait(customId, signal);
      // Its batch was being submitted by a process that died before it stored the provider's id:
      // taken as never sent (see docs/agent-models.md for the window in which that may be wrong).
      await forgetUnsentRequest(this.#db, customId);
    }
    const waiting = this.#wait(customId, signal);
    if (!this.#gathering.some((item) => item.customId === customId)) this.#gathering.push({ customId, url, body });
    if (this.#gathering.length >= this.#options.maxRequests) this.#flush();
    else this.#windowTimer ??= setTimeout(() => this.#flush(), this.#options.windowMs);
    return waiting;
  }

  /** Stops the timers (the process is stopping; its waiters' runs are being aborted). */
  close(): void {
    if (this.#windowTimer !== null) clearTimeout(this.#windowTimer);
    if (this.#pollTimer !== null) clearTimeout(this.#pollTimer);
    this.#windowTimer = null;
    this.#pollTimer = null;
  }

  #wait(customId: string, signal: AbortSignal | undefined): Promise<BatchAnswer> {
    return new Promise<BatchAnswer>((resolve, reject) => {
      const waiters = this.#waiters.get(customId) ?? new Set();
      this.#waiters.set(customId, waiters);
      const onAbort = () => {
        waiters.delete(resolve);
        if (waiters.size === 0) this.#waiters.delete(customId);
        reject(signal?.reason);
      };
      if (signal?.aborted === true) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      waiters.add((answer) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      });
      this.#schedulePoll();
    });
  }

  #wake(customId: string, answer: BatchAnswer): void {
    const waiters = this.#waiters.get(customId);
    this.#waiters.delete(customId);
    for (const wake of waiters ?? []) wake(answer);
  }

  #flush(): void {
    if (this.#windowTimer !== null) clearTimeout(this.#windowTimer);
    this.#windowTimer = null;
    const items = this.#gathering.splice(0, this.#options.maxRequests);
    if (this.#gathering.length > 0) this.#windowTimer = setTimeout(() => this.#flush(), 0);
    if (items.length === 0) return;
    void this.#submit(items);
  }

  async #submit(items: BatchItem[]): Promise<void> {
    let batchId: string;
    try {
      batchId = await insertBatch(
        this.#db,
        this.#lane,
        items.map((item) => item.customId),
      );
    } catch (err) {
      // Nothing was sent: the calls go interactive rather than wait on a batch no row describes.
      this.#logger.warn({ err, requests: items.length }, 'model batch could not be recorded; its calls go interactive');
      for (const item of items) this.#wake(item.customId, 'interactive');
      return;
    }
    this.#submitting.add(batchId);
    try {
      const providerId = await this.#wire.create(items, this.#headers);
      await markBatchSubmitted(this.#db, batchId, providerId);
      this.#logger.info({ batch: batchId, providerBatch: providerId, requests: items.length }, 'model batch submitted');
    } catch (err) {
      this.#logger.warn({ err, batch: batchId, requests: items.length }, 'model batch was not accepted; its calls go interactive');
      await markBatchFailed(this.#db, batchId).catch(() => undefined);
      for (const item of items) this.#wake(item.customId, 'interactive');
    } finally {
      this.#submitting.delete(batchId);
    }
  }

  #schedulePoll(): void {
    if (this.#pollTimer !== null) return;
    this.#pollTimer = setTimeout(() => {
      void this.#poll().finally(() => {
        this.#pollTimer = null;
        if (this.#waiters.size > 0) this.#schedulePoll();
      });
    }, this.#options.pollMs);
  }

  async #poll(): Promise<void> {
    try {
      for (const batch of await submittedBatches(this.#db, this.#lane)) {
        const results = await this.#wire.results(batch.provider_batch_id, this.#headers);
        if (results === null) continue;
        await storeBatchResults(this.#db, batch.id, results);
        this.#logger.info({ batch: batch.id, providerBatch: batch.provider_batch_id, results: results.length }, 'model batch ended');
      }
      // Answers stored by this process or by another one polling the same batch.
      const waiting = [...this.#waiters.keys()];
      if (waiting.length === 0) return;
      for (const row of await answeredRequests(this.#db, waiting)) {
        const answer = answerOf(row);
        if (answer !== null) this.#wake(row.custom_id, answer);
      }
    } catch (err) {
      this.#logger.warn({ err }, 'model batches could not be polled; trying again');
    }
  }
}

function answerOf(row: StoredBatchRequest): BatchAnswer | null {
  if (row.state === 'succeeded' && row.status_code !== null) return { statusCode: row.status_code, body: row.result };
  if (row.state === 'pending') return row.batch_state === 'failed' ? 'interactive' : null;
  return 'interactive';
}
