// Builds the engine each agent model uses from the configuration: an LLM engine where
// AGENT_V1_MODEL / AGENT_V2_MODEL name one, the offline template engine otherwise.
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import type { AgentModelConfig, Config } from '../../config.ts';
import type { Metrics } from '../../metrics.ts';
import { PermanentGenerationError, type ContentEngine, type EngineInput } from '../../services/ports.ts';
import { createRateLimiter, type RateLimiter } from '../../sources/rate-limiter.ts';
import type { ModelRuntime } from './call-model.ts';
import { loadModel } from './providers.ts';
import type { LoadImage } from './read-images.ts';
import { createV1Engine } from './v1-engine.ts';
import { createV2Engine } from './v2-engine.ts';

/** Pictures a v2 generation shows the model at most. */
const MAX_IMAGES_READ = 3;

export interface AgentEngineDeps {
  metrics: Metrics;
  logger: Logger;
  /** The offline engine, used by an agent model that names no provider. */
  template: ContentEngine;
  loadImage: LoadImage;
  /** Tests shorten the backoff between retries. */
  backoffMs?: (attempt: number) => number;
}

export interface AgentEngines {
  /** Routes each generation to its agent model's engine. */
  engine: ContentEngine;
  /** What each agent model uses, for the start-up log. */
  engines: Readonly<Record<'v1' | 'v2', string>>;
}

export async function createAgentEngines(config: Config, deps: AgentEngineDeps): Promise<AgentEngines> {
  const { agents } = config;
  if (agents.v1 !== null || agents.v2 !== null) {
    // The SDK prints provider warnings with console.warn; they belong in the service's log.
    globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => deps.logger.warn({ provider, model, warnings }, 'AI SDK warning');
  }
  const inFlight = pLimit(agents.concurrency);
  const lanes = new Map<string, { limiter: RateLimiter; rpm: number; tpm: number }>();

  const runtime = async (model: AgentModelConfig): Promise<ModelRuntime> => {
    const loaded = await loadModel(model);
    // Two agent models on one endpoint and key share its limits: the provider counts them together.
    const existing = lanes.get(loaded.laneKey);
    const rpm = Math.min(existing?.rpm ?? Infinity, model.requestsPerMinute);
    const tpm = Math.min(existing?.tpm ?? Infinity, model.tokensPerMinute);
    const limiter = existing !== undefined && existing.rpm === rpm && existing.tpm === tpm ? existing.limiter : createRateLimiter({ requestsPerMinute: rpm, tokensPerMinute: tpm });
    lanes.set(loaded.laneKey, { limiter, rpm, tpm });
    return {
      loaded,
      get lane() {
        // Read at call time, so the first agent model also sees a stricter limit the second set.
        return lanes.get(loaded.laneKey)?.limiter ?? limiter;
      },
      inFlight,
      timeoutMs: agents.timeoutMs,
      maxRetries: agents.maxRetries,
      maxOutputTokens: agents.maxOutputTokens,
      metrics: deps.metrics,
      ...(deps.backoffMs === undefined ? {} : { backoffMs: deps.backoffMs }),
    };
  };

  const v1 = agents.v1 === null ? deps.template : createV1Engine(await runtime(agents.v1), { call: agents.v1Call });
  const v2 =
    agents.v2 === null
      ? deps.template
      : createV2Engine(await runtime(agents.v2), {
          repairRounds: agents.repairRounds,
          critic: agents.critic,
          loadImage: agents.v2.images ? deps.loadImage : null,
          maxImages: MAX_IMAGES_READ,
        });
  const engines = { v1: v1.name, v2: v2.name } as const;
  const generate = async (input: EngineInput) => {
    const engine = input.agentModel === 'v1' ? v1 : v2;
    const labels = { engine: engine.name, agent_model: input.agentModel };
    try {
      const output = await engine.generate(input);
      deps.metrics.generation({ ...labels, outcome: 'completed' }, output.usage.rounds);
      return output;
    } catch (err) {
      if (err instanceof PermanentGenerationError) deps.metrics.generation({ ...labels, outcome: 'failed' }, err.usage?.rounds ?? 0);
      throw err;
    }
  };
  return { engines, engine: { name: v1 === v2 ? v1.name : `v1=${v1.name} v2=${v2.name}`, generate } };
}
