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
  tokens_in: number;
  tokens_out: number;
  latency_ms: number;
  /** Repair rounds after the first draft (0 when the draft passed, or for v1). */
  rounds: number;
  /** Product pictures the model read (v2's research step). */
  images_read: number;
}

export function emptyUsage(engine: string, provider: string | null = null, model: string | null = null, promptVersion: string | null = null): GenerationUsage {
  return { engine, provider, model, prompt_version: promptVersion, calls: 0, tokens_in: 0, tokens_out: 0, latency_ms: 0, rounds: 0, images_read: 0 };
}

/** Two attempts' usage as one: counts add up; the later attempt names the engine and model. */
export function addUsage(earlier: GenerationUsage | null, later: GenerationUsage): GenerationUsage {
  if (earlier === null) return later;
  return {
    ...later,
    calls: earlier.calls + later.calls,
    tokens_in: earlier.tokens_in + later.tokens_in,
    tokens_out: earlier.tokens_out + later.tokens_out,
    latency_ms: earlier.latency_ms + later.latency_ms,
    rounds: earlier.rounds + later.rounds,
    images_read: earlier.images_read + later.images_read,
  };
}
