import { AwaitingBatchError, PermanentGenerationError, TransientGenerationError } from '../../domain/generation-ports.ts';
import { BatchPendingError } from './batch/batch-scope.ts';
import { InvalidModelOutputError, ModelUnavailableError, PermanentModelError } from './call-model.ts';
import type { UsageMeter } from './usage-meter.ts';

/**
 * The model's failures in the service's terms: permanent ones fail the generation with a refund,
 * transient ones go back to the queue for another attempt; both carry what was spent.
 */
export function asGenerationError(err: unknown, meter: UsageMeter): unknown {
  if (err instanceof PermanentGenerationError) return err;
  if (err instanceof BatchPendingError) return new AwaitingBatchError(err.message, { cause: err });
  if (err instanceof PermanentModelError) return new PermanentGenerationError(err.reason, err.message, meter.snapshot());
  if (err instanceof InvalidModelOutputError) {
    return new PermanentGenerationError(
      'llm_invalid_output',
      `The model twice answered with something that is not a valid record (${err.message.slice(0, 300)}). The credits were refunded.`,
      meter.snapshot(),
    );
  }
  if (err instanceof ModelUnavailableError) {
    return new TransientGenerationError('llm_unavailable', err.message, { usage: meter.snapshot(), cause: err, ...(err.pauseMs === null ? {} : { retryAfterMs: err.pauseMs }) });
  }
  // A run being stopped is not a failure of the model; anything else unexpected is retried. Its own
  // words (an address, a stack frame) stay on the cause, for the log; the merchant reads ours.
  if (err instanceof Error && err.name !== 'AbortError') {
    return new TransientGenerationError('generation_failed', 'The content could not be written because of an unexpected error.', { usage: meter.snapshot(), cause: err });
  }
  return err;
}
