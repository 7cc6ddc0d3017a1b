import type { Database } from '../db/database.ts';
import type { SourceChain } from '../sources/source-chain.ts';
import type { ContentEngine, ImageStandardiser } from '../domain/generation-ports.ts';

/**
 * `deferred`: back in the queue to wait out a model provider's long pause; not settled.
 * `claim_lost`: this run's claim was taken over, so it wrote nothing; the run that holds it settles it.
 */
export type GenerationOutcome = 'completed' | 'failed' | 'deferred' | 'claim_lost';

/** A step either hands its result on, or has already settled (or requeued) the generation. */
export type Step<T> = ({ kind: 'next' } & T) | { kind: 'done'; outcome: GenerationOutcome };

/** Times a generation may go back to wait out a provider's pause (each at most an hour) before it fails. */
export const MAX_DEFERRALS = 24;

export interface RunGenerationDeps {
  db: Database;
  engine: ContentEngine;
  sources: SourceChain;
  /** Null when the deployment has no image pipeline; paid standardisation then keeps source URLs. */
  images: ImageStandardiser | null;
  /** Attempts a generation gets in all. Until the last, a source that is down makes the attempt fail, to be retried. */
  maxAttempts: number;
  /** GENERATION_CATEGORY_MIN_CONFIDENCE; its default when unset. */
  categoryMinConfidence?: number;
}
