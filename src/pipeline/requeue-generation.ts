import type { ClaimFence, GenerationRow } from '../db/generations.ts';
import { deferGeneration } from '../db/generations.ts';
import type { GenerationUsage } from '../domain/generation-usage.ts';
import type { GenerationOutcome, RunGenerationDeps } from './generation-outcome.ts';

/** Whole seconds from now until `when`, at least one. */
function secondsUntil(when: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - Date.now()) / 1000));
}

/** Back to the queue until `notBefore`: the generation row is the queue's entry, due again then. */
export async function deferUntil(
  deps: Pick<RunGenerationDeps, 'db'>,
  generation: GenerationRow,
  fence: ClaimFence,
  options: { usage: GenerationUsage | null; notBefore: Date },
): Promise<GenerationOutcome> {
  const deferred = await deferGeneration(deps.db, generation.id, fence, { usage: options.usage, afterSeconds: secondsUntil(options.notBefore) });
  return deferred ? 'deferred' : 'claim_lost';
}
