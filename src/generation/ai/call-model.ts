import { setTimeout as delay } from 'node:timers/promises';
import { generateText, Output, type ModelMessage } from 'ai';
import type { LimitFunction } from 'p-limit';
import type { z } from 'zod';
import type { Metrics } from '../../metrics.ts';
import type { RateLimiter } from '../../sources/rate-limiter.ts';
import { classifyModelError, contentFiltered, type ModelFailure, type PermanentReason } from './classify-model-error.ts';
import type { LoadedModel } from './providers.ts';
import type { UsageMeter } from './usage-meter.ts';

/** Everything a call needs besides its prompt: shared by every generation of one agent model. */
export interface ModelRuntime {
  loaded: LoadedModel;
  /** The provider endpoint's requests and tokens per minute, shared with the other agent model when both use it. */
  lane: RateLimiter;
  /** Calls in flight in this process, across both agent models. */
  inFlight: LimitFunction;
  timeoutMs: number;
  maxRetries: number;
  maxOutputTokens: number;
  metrics: Metrics;
  /** Backoff before retry n (0-based) when the provider gave no Retry-After. Tests shorten it. */
  backoffMs?: (attempt: number) => number;
}

export interface ModelRequest<T> {
  /** draft, critic, repair, images … (metrics label). */
  step: string;
  instructions: string;
  messages: ModelMessage[];
  schema: z.ZodType<T>;
  meter: UsageMeter;
  signal?: AbortSignal;
}

/** The model answered with something the schema rejects; the engine may re-ask with `message`. */
export class InvalidModelOutputError extends Error {
  override name = 'InvalidModelOutputError';
  readonly text: string;
  constructor(text: string, message: string) {
    super(message);
    this.text = text;
  }
}

/** Trying again cannot help (bad key, unknown model, filtered content). */
export class PermanentModelError extends Error {
  override name = 'PermanentModelError';
  readonly reason: PermanentReason;
  constructor(reason: PermanentReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Every retry failed on a transient error; the queue tries the whole job again later. */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
}

/** Longest Retry-After waited for inside one job; a longer pause goes back to the queue. */
const MAX_INLINE_WAIT_MS = 120_000;
// Providers count input tokens plus the answer; most answers here are far below the output limit,
// so the reservation assumes this much and is corrected to the real count after the call.
const EXPECTED_OUTPUT_TOKENS = 1200;

const defaultBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);

/**
 * One structured-output call with the service's operating rules: the process-wide in-flight limit,
 * the provider's requests and tokens per minute, a timeout, retries with backoff for transient
 * errors (a 429 pauses every call to that provider for its Retry-After), and tokens metered.
 */
export async function callModel<T>(runtime: ModelRuntime, request: ModelRequest<T>): Promise<T> {
  const { loaded, metrics } = runtime;
  const labels = { provider: loaded.provider, model: loaded.modelId, step: request.step };
  const estimate = Math.ceil(promptChars(request) / 4) + Math.min(EXPECTED_OUTPUT_TOKENS, runtime.maxOutputTokens);
  let last: Extract<ModelFailure, { kind: 'transient' }> | null = null;
  for (let attempt = 0; attempt <= runtime.maxRetries; attempt++) {
    request.signal?.throwIfAborted();
    if (last !== null) {
      const wait = last.retryAfterMs ?? (runtime.backoffMs ?? defaultBackoff)(attempt - 1);
      if (wait > MAX_INLINE_WAIT_MS) break;
      await delay(wait, undefined, request.signal === undefined ? {} : { signal: request.signal });
    }
    // A provider pause longer than a job should wait goes back to the queue, not into a blocked slot.
    if (runtime.lane.pauseRemainingMs() > MAX_INLINE_WAIT_MS) break;
    // The provider's limits first, then a slot: a call held back by one provider's pause must not
    // hold a slot the other agent model's provider could use.
    const grant = await runtime.lane.acquire(request.signal, estimate);
    const outcome = await runtime.inFlight(async () => {
      const started = performance.now();
      try {
        const result = await generateText({
          model: loaded.model,
          instructions: request.instructions,
          messages: request.messages,
          output: Output.object({ schema: request.schema }),
          maxRetries: 0,
          maxOutputTokens: runtime.maxOutputTokens,
          timeout: runtime.timeoutMs,
          ...(request.signal === undefined ? {} : { abortSignal: request.signal }),
        });
        const tokensIn = result.usage.inputTokens ?? 0;
        const tokensOut = result.usage.outputTokens ?? 0;
        grant.settle(tokensIn + tokensOut);
        request.meter.call(tokensIn, tokensOut);
        metrics.llmTokens(labels, tokensIn, tokensOut);
        // A refusal with no text resolves instead of throwing; reading `output` would call it malformed.
        if (result.finishReason === 'content-filter') {
          metrics.llmCall({ ...labels, outcome: 'permanent_error' }, (performance.now() - started) / 1000);
          return { ok: false as const, failure: contentFiltered() };
        }
        const value = result.output;
        metrics.llmCall({ ...labels, outcome: 'ok' }, (performance.now() - started) / 1000);
        return { ok: true as const, value };
      } catch (err) {
        // A job that is being stopped stops here: no retry, no classification.
        if (request.signal?.aborted === true) throw err;
        const failure = classifyModelError(err);
        const spent = spentTokens(err);
        grant.settle(spent.in + spent.out);
        request.meter.call(spent.in, spent.out);
        metrics.llmTokens(labels, spent.in, spent.out);
        const outcome = failure.kind === 'transient' ? failure.outcome : failure.kind === 'invalid_output' ? 'invalid_output' : 'permanent_error';
        metrics.llmCall({ ...labels, outcome }, (performance.now() - started) / 1000);
        if (failure.kind === 'transient' && failure.outcome === 'rate_limited') {
          // Everyone on this provider waits, not just this call: the limit is the provider's.
          runtime.lane.pauseFor((failure.retryAfterMs ?? (runtime.backoffMs ?? defaultBackoff)(attempt)) / 1000);
        }
        return { ok: false as const, failure };
      }
    });
    if (outcome.ok) return outcome.value;
    const { failure } = outcome;
    if (failure.kind === 'invalid_output') throw new InvalidModelOutputError(failure.text, failure.message);
    if (failure.kind === 'permanent') throw new PermanentModelError(failure.reason, failure.message);
    last = failure;
  }
  throw new ModelUnavailableError(last?.message ?? `The provider asked for a pause of ${Math.round(runtime.lane.pauseRemainingMs() / 1000)} s; the job is tried again later.`);
}

function promptChars(request: ModelRequest<unknown>): number {
  let chars = request.instructions.length;
  for (const message of request.messages) {
    if (typeof message.content === 'string') chars += message.content.length;
    else for (const part of message.content) chars += part.type === 'text' ? part.text.length : 1000;
  }
  return chars;
}

/** Tokens an answer that failed validation still cost (the provider bills them). */
function spentTokens(err: unknown): { in: number; out: number } {
  if (typeof err === 'object' && err !== null && 'usage' in err) {
    const usage = (err as { usage: unknown }).usage;
    if (typeof usage === 'object' && usage !== null) {
      const u = usage as { inputTokens?: unknown; outputTokens?: unknown };
      return { in: typeof u.inputTokens === 'number' ? u.inputTokens : 0, out: typeof u.outputTokens === 'number' ? u.outputTokens : 0 };
    }
  }
  return { in: 0, out: 0 };
}
