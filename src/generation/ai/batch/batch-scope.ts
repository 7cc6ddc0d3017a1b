import { AsyncLocalStorage } from 'node:async_hooks';

/** The generation whose model calls go through its provider's batch API, for the calls made while writing it. */
export const batchScope = new AsyncLocalStorage<{ generationId: string }>();

/** The call was handed to a batch (or is waiting in one): the generation waits for its answer in the queue. */
export class BatchPendingError extends Error {
  override name = 'BatchPendingError';
}

/** The batch gave no usable answer to this call (expired, cancelled, errored): it is made interactively. */
export class BatchFallbackError extends Error {
  override name = 'BatchFallbackError';
}
