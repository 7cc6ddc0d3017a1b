/**
 * What one generation cost and how it went, as recorded on the generation and shown on the
 * product and its history: which engine wrote it, with which provider, model and prompt version,
 * the model's tokens in and out summed over every call, the engine's wall-clock time, and how
 * many repair rounds v2 needed.
 */
export interface GenerationUsage {
  engine: string;
  provider: string | null;
  model: string | null;
  prompt_version: string | null;
  /** Model calls made, retries of a failed call included. */
  calls: number;
  /** Every input token, cached ones included. */
  tokens_in: number;
  /** Of tokens_in, those the provider served from its prompt cache (billed at a fraction of the input price). */
  tokens_in_cached: number;
  /** Of tokens_in, those the provider wrote to its prompt cache (Anthropic bills them above the input price). */
  tokens_in_cache_write: number;
  tokens_out: number;
  latency_ms: number;
  /** Repair rounds after the first draft (0 when the draft passed, or for v1). */
  rounds: number;
  /** Product pictures the model read (v2's research step). */
  images_read: number;
}

/** Usage as a generation row holds it: rows written before prompt caching was measured lack its counts. */
export type StoredUsage = Omit<GenerationUsage, 'tokens_in_cached' | 'tokens_in_cache_write'> & Partial<Pick<GenerationUsage, 'tokens_in_cached' | 'tokens_in_cache_write'>>;

/** A stored usage with every count present (an older row's cache counts are 0: nothing was measured). */
export function fromStored(stored: StoredUsage): GenerationUsage;
export function fromStored(stored: StoredUsage | null): GenerationUsage | null;
export function fromStored(stored: StoredUsage | null): GenerationUsage | null {
  if (stored === null) return null;
  return { ...stored, tokens_in_cached: stored.tokens_in_cached ?? 0, tokens_in_cache_write: stored.tokens_in_cache_write ?? 0 };
}

export function emptyUsage(engine: string, provider: string | null = null, model: string | null = null, promptVersion: string | null = null): GenerationUsage {
  return {
    engine,
    provider,
    model,
    prompt_version: promptVersion,
    calls: 0,
    tokens_in: 0,
    tokens_in_cached: 0,
    tokens_in_cache_write: 0,
    tokens_out: 0,
    latency_ms: 0,
    rounds: 0,
    images_read: 0,
  };
}

/** Two attempts' usage as one: counts add up; the later attempt names the engine and model. */
export function addUsage(earlier: StoredUsage | null, later: GenerationUsage): GenerationUsage {
  if (earlier === null) return later;
  const before = fromStored(earlier);
  return {
    ...later,
    calls: before.calls + later.calls,
    tokens_in: before.tokens_in + later.tokens_in,
    tokens_in_cached: before.tokens_in_cached + later.tokens_in_cached,
    tokens_in_cache_write: before.tokens_in_cache_write + later.tokens_in_cache_write,
    tokens_out: before.tokens_out + later.tokens_out,
    latency_ms: before.latency_ms + later.latency_ms,
    rounds: before.rounds + later.rounds,
    images_read: before.images_read + later.images_read,
  };
}
