import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// Prometheus metrics of one process, served at GET /metrics. Each container has its own registry,
// so tests (several containers in one process) never share counters.

export type CallOutcome = 'ok' | 'invalid_output' | 'rate_limited' | 'transient_error' | 'timeout' | 'permanent_error';

export interface Metrics {
  readonly registry: Registry;
  llmCall(labels: { provider: string; model: string; step: string; outcome: CallOutcome }, seconds: number): void;
  /** `tokensIn` counts every input token; `cachedIn` and `cacheWriteIn` are the parts read from and written to the provider's prompt cache. */
  llmTokens(labels: { provider: string; model: string }, tokens: { in: number; out: number; cachedIn: number; cacheWriteIn: number }): void;
  /** Of llmTokens, those of answers a provider batch gave (billed at the batch price). */
  llmBatchTokens(labels: { provider: string; model: string }, tokens: { in: number; out: number }): void;
  generation(labels: { engine: string; agent_model: string; outcome: 'completed' | 'failed' }, rounds: number): void;
}

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics === true) collectDefaultMetrics({ register: registry, prefix: 'vetrina_' });
  const calls = new Counter({
    name: 'vetrina_llm_calls_total',
    help: 'Model calls by provider, model, step (draft, critic, repair …) and outcome; retries count as calls.',
    labelNames: ['provider', 'model', 'step', 'outcome'] as const,
    registers: [registry],
  });
  const callSeconds = new Histogram({
    name: 'vetrina_llm_call_seconds',
    help: 'Latency of one model call, rate-limit waits excluded.',
    labelNames: ['provider', 'model', 'step'] as const,
    buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'vetrina_llm_tokens_total',
    help: 'Tokens sent to (in) and received from (out) the model, as the provider reported them.',
    labelNames: ['provider', 'model', 'direction'] as const,
    registers: [registry],
  });
  const batchTokens = new Counter({
    name: 'vetrina_llm_batch_tokens_total',
    help: 'Of vetrina_llm_tokens_total, the tokens of answers a provider batch API gave (billed at its batch price, half the list price at OpenAI and Anthropic).',
    labelNames: ['provider', 'model', 'direction'] as const,
    registers: [registry],
  });
  const cachedTokens = new Counter({
    name: 'vetrina_llm_cached_input_tokens_total',
    help: "Input tokens the provider served from its prompt cache (part of vetrina_llm_tokens_total's `in`), as it reported them.",
    labelNames: ['provider', 'model'] as const,
    registers: [registry],
  });
  const cacheWriteTokens = new Counter({
    name: 'vetrina_llm_cache_write_input_tokens_total',
    help: "Input tokens the provider wrote to its prompt cache (part of vetrina_llm_tokens_total's `in`; Anthropic bills them at 1.25x).",
    labelNames: ['provider', 'model'] as const,
    registers: [registry],
  });
  const generations = new Counter({
    name: 'vetrina_generations_total',
    help: 'Generations settled by an engine, by agent model and outcome.',
    labelNames: ['engine', 'agent_model', 'outcome'] as const,
    registers: [registry],
  });
  const rounds = new Histogram({
    name: 'vetrina_generation_repair_rounds',
    help: 'Repair rounds a v2 generation needed after its first draft.',
    labelNames: ['engine', 'agent_model'] as const,
    buckets: [0, 1, 2, 3, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    llmCall(labels, seconds) {
      calls.inc(labels);
      callSeconds.observe({ provider: labels.provider, model: labels.model, step: labels.step }, seconds);
    },
    llmTokens({ provider, model }, counted) {
      tokens.inc({ provider, model, direction: 'in' }, counted.in);
      tokens.inc({ provider, model, direction: 'out' }, counted.out);
      cachedTokens.inc({ provider, model }, counted.cachedIn);
      cacheWriteTokens.inc({ provider, model }, counted.cacheWriteIn);
    },
    llmBatchTokens({ provider, model }, counted) {
      batchTokens.inc({ provider, model, direction: 'in' }, counted.in);
      batchTokens.inc({ provider, model, direction: 'out' }, counted.out);
    },
    generation(labels, used) {
      generations.inc(labels);
      rounds.observe({ engine: labels.engine, agent_model: labels.agent_model }, used);
    },
  };
}
