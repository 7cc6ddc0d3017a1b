// What generation asks of a content engine, an image standardiser and the queue, and what they answer.
// Kept below both sides, so the engines (src/generation) implement it without importing the
// services that call them.
import type { AttributeDef } from './attributes/schema.ts';
import type { CountryContent } from './content.ts';
import type { Fact } from './facts.ts';
import type { GenerationUsage } from './generation-usage.ts';
import type { ImageCandidate } from './image-candidates.ts';
import type { AgentModel } from './pricing.ts';
import type { ContentFieldRequest } from './regenerate-fields.ts';

/**
 * The generation queue is the generations table: a generation written `queued`, in the
 * transaction that charges for it, is queued (src/db/generation-queue.ts). What a writer tells the
 * queue is only that it committed some, so this process's workers need not wait for their poll.
 */
export interface GenerationQueue {
  /** After the commit of `count` queued generations: free workers of this process fetch now rather than at their next poll. */
  generationsQueued(count: number): void;
}

/** What an engine writes from: the product as the caller described it, and every fact known about it. */
export interface EngineInput {
  /** The generation being written, for the log lines of its model calls. */
  generationId?: string;
  product: {
    id: string;
    code: string | null;
    codeType: 'ean' | 'asin' | 'minsan' | null;
    sku: string | null;
    productHandle: string | null;
    title: string | null;
    brand: string | null;
    description: string | null;
    images: string[];
  };
  /** The caller's data as facts (source `caller`) followed by the sources' facts, in chain order. */
  facts: readonly Fact[];
  notes: string | null;
  agentModel: AgentModel;
  targets: readonly { country: string; language: string }[];
  /** Null for a full generation; the requested record fields for a regeneration (the category is settled apart: `categories`). */
  fields: readonly ContentFieldRequest[] | null;
  /** The record as it is now, per country, for a regeneration to keep what it does not touch. */
  existing: readonly CountryContent[];
  /** The account's enabled attributes in the product's scope, when it has a schema: `global_attr` keys are their ids. */
  attributes?: readonly AttributeDef[];
  /** The run's signal: aborted when the run outlives its time limit, loses its claim, or the worker stops. */
  signal?: AbortSignal;
  /** `batch`: an agent model sends its calls through its provider's batch API (the template engine ignores it). */
  processing?: 'interactive' | 'batch';
  /**
   * Google categories to choose the product's from, when this generation classifies it: a model
   * engine picks one id (or none) and answers it as `categoryPick`; the template engine leaves the
   * choice to the classifier's rule.
   */
  categories?: CategoryOptions;
}

export interface CategoryOptions {
  /** The classifier's candidates, best first, with their English paths. */
  candidates: readonly { id: string; path: string }[];
  /** The merchant's wish for the pick (a regenerate call's `fields.category`), or null. */
  instruction: string | null;
}

export interface EngineOutput {
  /** `images` is left to the service, which sets it the same way whatever the engine. */
  content: CountryContent[];
  productHandle: string | null;
  /** Provider, model, tokens and rounds; the service sets `latency_ms`. */
  usage: GenerationUsage;
  /** Facts the engine found itself (read off the product's pictures), kept with the product's facts. */
  extraFacts?: readonly Fact[];
  /** A model engine's pick among `input.categories` (null: none fits); absent when the engine did not pick. */
  categoryPick?: string | null;
}

export interface ContentEngine {
  /** What `vetrina serve` logs for each agent model: "template", "anthropic:claude-sonnet-4-5" … */
  readonly name: string;
  generate(input: EngineInput): Promise<EngineOutput>;
}

/**
 * A generation that cannot succeed by trying again (no data to write from, content refused).
 * Anything else thrown by an engine is treated as transient and retried by the queue.
 */
export class PermanentGenerationError extends Error {
  override name = 'PermanentGenerationError';
  readonly reason: string;
  /** What the engine spent before it gave up, when it called a model. */
  readonly usage: GenerationUsage | undefined;
  constructor(reason: string, message: string, usage?: GenerationUsage) {
    super(message);
    this.reason = reason;
    this.usage = usage;
  }
}

/** Turns a product's image URLs into stored, standardised renditions (issue #5). */
export interface ImageStandardiser {
  standardise(candidates: readonly ImageCandidate[], signal?: AbortSignal): Promise<{ images: unknown[]; messages: string[] }>;
}

/**
 * A generation that may succeed later (a model provider down or rate limiting for long): the
 * queue tries again, and on the last attempt it fails with this reason and is refunded. Carries
 * what the attempt spent.
 */
export class TransientGenerationError extends Error {
  override name = 'TransientGenerationError';
  readonly reason: string;
  readonly usage: GenerationUsage | undefined;
  /**
   * Set when the provider asked for a pause longer than a run waits: the generation goes back to
   * the queue for that long, and the wait does not count as an attempt.
   */
  readonly retryAfterMs: number | undefined;
  constructor(reason: string, message: string, options: { usage?: GenerationUsage; cause?: unknown; retryAfterMs?: number } = {}) {
    super(message, { cause: options.cause });
    this.reason = reason;
    this.usage = options.usage;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * A generation processed through a provider's batch API handed its model calls to the batch: it
 * goes back to the queue until their answers are stored, using up neither an attempt nor a deferral.
 */
export class AwaitingBatchError extends Error {
  override name = 'AwaitingBatchError';
}
