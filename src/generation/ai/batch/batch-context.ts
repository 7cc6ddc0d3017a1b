import { AsyncLocalStorage } from 'node:async_hooks';

/** The generation a model call belongs to, and whether it asked for batch processing. */
export const generationCalls = new AsyncLocalStorage<{ generationId: string; batch: boolean }>();

/** Set around one call that goes through the provider's batch API: the batching fetch diverts only these. */
export const batchedCall = new AsyncLocalStorage<{ generationId: string }>();
