import type { GenerationUsage } from '../../domain/generation-usage.ts';
import { PermanentGenerationError } from '../../services/ports.ts';
import { InvalidModelOutputError, ModelUnavailableError, PermanentModelError } from './call-model.ts';
import type { UsageMeter } from './usage-meter.ts';

/** A transient failure that carries the tokens spent, so the generation's totals stay honest. */
export class ModelAttemptFailed extends Error {
  override name = 'ModelAttemptFailed';
  readonly usage: GenerationUsage;
  constructor(message: string, usage: GenerationUsage, cause: unknown) {
    super(message, { cause });
    this.usage = usage;
  }
}

/**
 * The model's failures in the service's terms: permanent ones fail the job with a refund,
 * transient ones go back to the queue for another attempt; both carry what was spent.
 */
export function asGenerationError(err: unknown, meter: UsageMeter): unknown {
  if (err instanceof PermanentGenerationError) return err;
  if (err instanceof PermanentModelError) return new PermanentGenerationError(err.reason, err.message, meter.snapshot());
  if (err instanceof InvalidModelOutputError) {
    return new PermanentGenerationError(
      'llm_invalid_output',
      `The model twice answered with something that is not a valid record (${err.message.slice(0, 300)}). The credits were refunded.`,
      meter.snapshot(),
    );
  }
  if (err instanceof ModelUnavailableError) return new ModelAttemptFailed(err.message, meter.snapshot(), err);
  if (err instanceof Error && err.name !== 'AbortError') return new ModelAttemptFailed(err.message, meter.snapshot(), err);
  return err;
}
