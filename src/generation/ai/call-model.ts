import { setImmediate as afterPendingIo, setTimeout as delay } from 'node:timers/promises';
import { generateText, Output, zodSchema, type LanguageModel, type ModelMessage, type Schema } from 'ai';
import type PQueue from 'p-queue';
import { z } from 'zod';
import type { Metrics } from '../../metrics.ts';
import { WaitTooLongError, type Grant, type RateLimiter } from '../../sources/rate-limiter.ts';
import { BatchFallbackError, BatchPendingError, batchScope } from './batch/batch-scope.ts';
import { CACHE_BREAKPOINT } from './cache-layout.ts';
import { classifyModelError, contentFiltered, type ModelFailure, type PermanentReason } from './classify-model-error.ts';
import type { LoadedModel } from './providers.ts';
import type { CallTokens, UsageMeter } from './usage-meter.ts';

/** Everything a call needs besides its prompt: shared by every generation of one agent model. */
export interface ModelRuntime {
  loaded: LoadedModel;
  /** The provider's requests and tokens per minute for this model and key (shared with the other agent model when both use them). */
  lane: RateLimiter;
  /** Calls in flight at once on this lane in this process (AGENT_CONCURRENCY), later steps first. */
  inFlight: PQueue;
  timeoutMs: number;
  maxRetries: number;
  maxOutputTokens: number;
  /** The endpoint does not take a JSON schema (`AGENT_V*_JSON_SCHEMA=off`): the schema goes into the instructions. */
  schemaInInstructions: boolean;
  metrics: Metrics;
  /** Backoff before retry n (0-based) when the provider gave no Retry-After. Tests shorten it. */
  backoffMs?: (attempt: number) => number;
  /** Where the provider's own words about a failed call go (the operator's log, never the merchant). */
  onProviderError?: (failure: { outcome: string; reason?: PermanentReason; detail: string; providerRequestId?: string }) => void;
}

export interface ModelRequest<T> {
  /** draft, critic, repair, images … (metrics label). */
  step: string;
  instructions: string;
  messages: ModelMessage[];
  schema: z.ZodType<T>;
  meter: UsageMeter;
  signal?: AbortSignal;
  /** More room than the runtime's default, for an answer that was cut off. */
  maxOutputTokens?: number;
}

/** The model answered with something the schema rejects; the engine may re-ask with `message`. */
export class InvalidModelOutputError extends Error {
  override name = 'InvalidModelOutputError';
  readonly text: string;
  /** The answer hit the output token limit. */
  readonly truncated: boolean;
  constructor(text: string, message: string, truncated = false) {
    super(message);
    this.text = text;
    this.truncated = truncated;
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

/**
 * Every retry failed on a transient error, or the provider asked for a pause longer than a run
 * should wait (`pauseMs`): the queue runs the whole generation again later.
 */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
  readonly pauseMs: number | null;
  constructor(message: string, pauseMs: number | null = null) {
    super(message);
    this.pauseMs = pauseMs;
  }
}

/** Longest Retry-After waited for inside one run; a longer pause goes back to the queue. */
const MAX_INLINE_WAIT_MS = 120_000;

/** Steps that start a product's work; every other step continues one already started. */
/** Also the calls a generation processed in batch sends through the provider's batch API. */
export const FIRST_STEPS: ReadonlySet<string> = new Set(['generate', 'draft', 'images', 'regenerate']);

const defaultBackoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);

type Attempt<T> = { ok: true; value: T } | { ok: false; failure: ModelFailure } | { ok: false; pausedMs: number };

/**
 * One structured-output call with the service's operating rules: a slot among the lane's calls in
 * flight, then the provider's requests and tokens per minute (taken in the slot, so the window
 * counts calls when they are sent), a timeout, retries with backoff for transient errors (a 429
 * pauses every call on the lane for its Retry-After), and tokens metered.
 */
export async function callModel<T>(runtime: ModelRuntime, request: ModelRequest<T>): Promise<T> {
  const { loaded, metrics } = runtime;
  const labels = { provider: loaded.provider, model: loaded.modelId, step: request.step };
  const instructions = runtime.schemaInInstructions ? withSchema(request.instructions, request.schema) : request.instructions;
  const maxOutputTokens = request.maxOutputTokens ?? runtime.maxOutputTokens;
  // Providers count a request against tokens per minute by its input and its max_tokens (OpenAI's
  // rate-limit guide; Anthropic reserves max_tokens too), so the reservation does the same and is
  // corrected to the real count when the answer comes.
  const estimate = Math.ceil((instructions.length + messageChars(request.messages)) / 4) + maxOutputTokens;
  const backoff = runtime.backoffMs ?? defaultBackoff;
  /** What a call cost, counted once whether it succeeded or not (the provider bills either way). */
  const spend = (grant: Grant | null, tokens: CallTokens) => {
    grant?.settle(tokens.in + tokens.out);
    request.meter.call(tokens);
    metrics.llmTokens(labels, tokens);
  };
  const send = (model: LanguageModel) =>
    generateText({
      model,
      // The instructions (with the schema, which providers put before them) are the same for
      // every call of a step: Anthropic caches them up to this breakpoint; OpenAI caches any
      // prefix of 1,024 tokens or more by itself.
      instructions: { role: 'system', content: instructions, providerOptions: CACHE_BREAKPOINT },
      messages: request.messages,
      output: Output.object({ schema: sdkSchema(request.schema) }),
      maxRetries: 0,
      maxOutputTokens,
      timeout: runtime.timeoutMs,
      ...(request.signal === undefined ? {} : { abortSignal: request.signal }),
    });
  // A generation processed in batch sends the calls that start its work (its drafts, its pictures'
  // reading, a regeneration) through the provider's batch API, outside the lane: a batch has its
  // own limits at the provider. Follow-ups (critic, repairs, second chances) and calls the batch
  // gave no answer to are made interactively, below.
  const batchModel = runtime.loaded.batchModel;
  if (batchModel !== undefined && batchScope.getStore() !== undefined && FIRST_STEPS.has(request.step)) {
    const answered = await fromBatch(() => send(batchModel), request.signal);
    if (answered !== null) {
      spend(null, answered.tokens);
      metrics.llmBatchTokens(labels, answered.tokens);
      // Not a call of vetrina_llm_calls_total: those are the interactive calls and their durations.
      if (answered.ok) return answered.value;
      if (answered.failure.kind === 'invalid_output') throw new InvalidModelOutputError(answered.failure.text, answered.failure.message, answered.failure.truncated);
      if (answered.failure.kind === 'permanent') throw new PermanentModelError(answered.failure.reason, answered.failure.message);
    }
  }
  let last: Extract<ModelFailure, { kind: 'transient' }> | null = null;
  /** The pause the limiter reported when it would not wait it out inside the slot. */
  let pausedMs = 0;
  for (let attempt = 0; attempt <= runtime.maxRetries; attempt++) {
    request.signal?.throwIfAborted();
    if (last !== null && last.outcome !== 'rate_limited' && last.retryAfterMs === null) {
      // A failure that said when to come back is waited out by the lane's pause; others back off here.
      await delay(backoff(attempt - 1), undefined, request.signal === undefined ? {} : { signal: request.signal });
    }
    // A product's later steps (critic, repair, a retry) go before new products' first drafts, so
    // products started finish sooner and hold their slot for less time.
    const followUp = attempt > 0 || !FIRST_STEPS.has(request.step);
    const outcome: Attempt<T> = await runtime.inFlight.add(
      async () => {
        let grant;
        try {
          // A pause longer than a run should wait, even one that began while this call waited for
          // its slot, goes back to the queue instead of holding the slot.
          grant = await runtime.lane.acquire(request.signal, estimate, { maxWaitMs: MAX_INLINE_WAIT_MS });
        } catch (err) {
          if (err instanceof WaitTooLongError) return { ok: false, pausedMs: err.waitMs };
          throw err;
        }
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        try {
          const result = await send(loaded.model);
          spend(grant, tokensOf(result.usage));
          // A refusal with no text resolves instead of throwing; reading `output` would call it malformed.
          if (result.finishReason === 'content-filter') {
            metrics.llmCall({ ...labels, outcome: 'permanent_error' }, seconds());
            return { ok: false, failure: contentFiltered() };
          }
          const value = result.output;
          metrics.llmCall({ ...labels, outcome: 'ok' }, seconds());
          return { ok: true, value };
        } catch (err) {
          // A run that is being stopped stops here: no retry, no classification.
          if (request.signal?.aborted === true) throw err;
          const failure = classifyModelError(err);
          spend(grant, spentTokens(err));
          const outcome = failure.kind === 'transient' ? failure.outcome : failure.kind === 'invalid_output' ? 'invalid_output' : 'permanent_error';
          metrics.llmCall({ ...labels, outcome }, seconds());
          if ((failure.kind === 'transient' || failure.kind === 'permanent') && failure.detail !== undefined) {
            runtime.onProviderError?.({
              outcome,
              ...(failure.kind === 'permanent' ? { reason: failure.reason } : {}),
              detail: failure.detail,
              ...(failure.providerRequestId === undefined ? {} : { providerRequestId: failure.providerRequestId }),
            });
          }
          if (failure.kind === 'transient' && (failure.outcome === 'rate_limited' || failure.retryAfterMs !== null)) {
            // Everyone on this lane waits, not just this call: a 429, or a 503 that says when to
            // come back, speaks for the provider, not for this one request.
            runtime.lane.pauseFor((failure.retryAfterMs ?? backoff(attempt)) / 1000);
          }
          return { ok: false, failure };
        }
      },
      { priority: followUp ? 1 : 0, ...(request.signal === undefined ? {} : { signal: request.signal }) },
    );
    if (outcome.ok) {
      // What follows an answer (checks, storing) is CPU-heavy; other answers already received come
      // first, so each frees its slot and starts the next call before this product is checked.
      await afterPendingIo();
      return outcome.value;
    }
    if ('pausedMs' in outcome) {
      pausedMs = outcome.pausedMs;
      break;
    }
    const { failure } = outcome;
    if (failure.kind === 'invalid_output') throw new InvalidModelOutputError(failure.text, failure.message, failure.truncated);
    if (failure.kind === 'permanent') throw new PermanentModelError(failure.reason, failure.message);
    last = failure;
  }
  const paused = Math.max(pausedMs, runtime.lane.pauseRemainingMs());
  if (paused > MAX_INLINE_WAIT_MS) throw new ModelUnavailableError(`The model provider asked for a pause of ${Math.round(paused / 1000)} s.`, paused);
  throw new ModelUnavailableError(last?.message ?? 'The model provider could not be reached.');
}

/**
 * A call answered from its batch: its value, or the failure its answer shows (read as the
 * interactive answer would be), with the tokens it cost. Null: the batch gave no answer, so the
 * call is made interactively. BatchPendingError goes up: the generation waits in the queue.
 */
async function fromBatch<T>(
  send: () => Promise<{ output: T; usage: unknown; finishReason: string }>,
  signal: AbortSignal | undefined,
): Promise<(({ ok: true; value: T } | { ok: false; failure: ModelFailure }) & { tokens: CallTokens }) | null> {
  try {
    const result = await send();
    const tokens = tokensOf(result.usage);
    if (result.finishReason === 'content-filter') return { ok: false, failure: contentFiltered(), tokens };
    return { ok: true, value: result.output, tokens };
  } catch (err) {
    if (err instanceof BatchPendingError || signal?.aborted === true) throw err;
    if (err instanceof BatchFallbackError || (err instanceof Error && err.cause instanceof BatchFallbackError)) return null;
    const failure = classifyModelError(err);
    // Only answers the provider gave with status 200 are stored: a failure here is in the answer itself.
    if (failure.kind === 'transient') return null;
    return { ok: false, failure, tokens: spentTokens(err) };
  }
}

// The AI SDK's wrapper of a schema converts it to JSON Schema once, on first use; a wrapper made
// afresh for each call would convert it on every call, before the request is sent. The providers
// copy the converted schema into their request, so one kept per schema object is shared safely.
const WRAPPED = new WeakMap<z.ZodType, Schema<unknown>>();

function sdkSchema<T>(schema: z.ZodType<T>): Schema<T> {
  const kept = WRAPPED.get(schema);
  if (kept !== undefined) return kept as Schema<T>;
  const made = zodSchema(schema);
  WRAPPED.set(schema, made);
  return made;
}

/** For endpoints without structured output: the schema the answer must follow, spelt out. */
function withSchema(instructions: string, schema: z.ZodType): string {
  return `${instructions}\n\nThe answer is one JSON object that follows this JSON schema:\n${JSON.stringify(z.toJSONSchema(schema))}`;
}

function messageChars(messages: readonly ModelMessage[]): number {
  let chars = 0;
  for (const message of messages) {
    if (typeof message.content === 'string') chars += message.content.length;
    // A picture at the size we send costs roughly a thousand tokens, as much as 4,000 characters.
    else for (const part of message.content) chars += part.type === 'text' ? part.text.length : 4000;
  }
  return chars;
}

const count = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * A call's tokens from the SDK's usage: `inputTokens` is every input token; the provider's cache
 * reads (Anthropic `cache_read_input_tokens`, OpenAI `cached_tokens`) and writes (Anthropic
 * `cache_creation_input_tokens`) are in `inputTokenDetails`.
 */
function tokensOf(usage: unknown): CallTokens {
  if (typeof usage !== 'object' || usage === null) return { in: 0, cachedIn: 0, cacheWriteIn: 0, out: 0 };
  const u = usage as { inputTokens?: unknown; outputTokens?: unknown; inputTokenDetails?: unknown };
  const details = (typeof u.inputTokenDetails === 'object' && u.inputTokenDetails !== null ? u.inputTokenDetails : {}) as { cacheReadTokens?: unknown; cacheWriteTokens?: unknown };
  return { in: count(u.inputTokens), cachedIn: count(details.cacheReadTokens), cacheWriteIn: count(details.cacheWriteTokens), out: count(u.outputTokens) };
}

/** Tokens an answer that failed validation still cost (the provider bills them). */
function spentTokens(err: unknown): CallTokens {
  return tokensOf(typeof err === 'object' && err !== null && 'usage' in err ? (err as { usage: unknown }).usage : undefined);
}
