// Builds the engine each agent model uses from the configuration: an LLM engine where
// AGENT_V1_MODEL / AGENT_V2_MODEL name one, the offline template engine otherwise.
import { AsyncLocalStorage } from 'node:async_hooks';
import PQueue from 'p-queue';
import type { Logger } from 'pino';
import type { AgentModelConfig, Config } from '../../config.ts';
import type { AgentModel } from '../../domain/pricing.ts';
import type { Metrics } from '../../metrics.ts';
import { PermanentGenerationError, type ContentEngine, type EngineInput } from '../../domain/generation-ports.ts';
import { createRateLimiter, type RateLimiter } from '../../sources/rate-limiter.ts';
import { plainOutput } from '../plain-output.ts';
import type { Database } from '../../db/database.ts';
import { batchFetch } from './batch/batch-fetch.ts';
import { batchScope } from './batch/batch-scope.ts';
import type { ModelRuntime } from './call-model.ts';
import { loadModel, type LoadedModel } from './providers.ts';
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
  /** Where generations processed in batch keep their calls (batch-fetch.ts); without it every call is interactive. */
  db?: Database;
}

export interface AgentEngines {
  /** Routes each generation to its agent model's engine. */
  engine: ContentEngine;
  /** What each agent model uses, for the start-up log. */
  engines: Readonly<Record<AgentModel, string>>;
}

export async function createAgentEngines(config: Config, deps: AgentEngineDeps): Promise<AgentEngines> {
  const { agents } = config;
  // The runtime is shared by every generation; the one a failed call belongs to is found here, so
  // its log line can be matched to the product the merchant asks about.
  const current = new AsyncLocalStorage<{ generationId: string }>();
  if (agents.v1 !== null || agents.v2 !== null) {
    // The SDK prints provider warnings with console.warn; they belong in the service's log.
    globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => deps.logger.warn({ provider, model, warnings }, 'AI SDK warning');
  }
  // Load both models first: two agent models on one endpoint, key and model share one lane (the
  // provider counts their calls together), with the stricter of their limits.
  const configured = [agents.v1, agents.v2].filter((m) => m !== null);
  const loaded = new Map<AgentModelConfig, LoadedModel>();
  const { db } = deps;
  for (const model of configured) {
    const agentModel = model === agents.v1 ? 'v1' : 'v2';
    loaded.set(model, await loadModel(model, db === undefined ? {} : { batchFetch: batchFetch(db, agentModel) }));
  }
  const lanes = new Map<string, { limiter: RateLimiter; inFlight: PQueue }>();
  for (const { laneKey } of loaded.values()) {
    if (lanes.has(laneKey)) continue;
    const sharing = configured.filter((m) => loaded.get(m)?.laneKey === laneKey);
    lanes.set(laneKey, {
      limiter: createRateLimiter({
        requestsPerMinute: Math.min(...sharing.map((m) => m.requestsPerMinute)),
        tokensPerMinute: Math.min(...sharing.map((m) => m.tokensPerMinute)),
      }),
      inFlight: new PQueue({ concurrency: agents.concurrency }),
    });
  }

  const runtime = (model: AgentModelConfig): ModelRuntime => {
    const found = loaded.get(model);
    const lane = found === undefined ? undefined : lanes.get(found.laneKey);
    if (found === undefined || lane === undefined) throw new Error(`agent model ${model.provider}:${model.model} was not loaded`);
    return {
      loaded: found,
      lane: lane.limiter,
      inFlight: lane.inFlight,
      timeoutMs: agents.timeoutMs,
      maxRetries: agents.maxRetries,
      maxOutputTokens: agents.maxOutputTokens,
      schemaInInstructions: model.provider === 'openai-compatible' && !model.jsonSchema,
      metrics: deps.metrics,
      // The provider's own words (which may quote part of the key, an organisation or an address)
      // go to the operator's log only.
      onProviderError: (failure) => deps.logger.warn({ provider: found.provider, model: found.modelId, ...current.getStore(), ...failure }, 'model call failed'),
      ...(deps.backoffMs === undefined ? {} : { backoffMs: deps.backoffMs }),
    };
  };

  const v1 = agents.v1 === null ? deps.template : createV1Engine(runtime(agents.v1), { call: agents.v1Call });
  const v2 =
    agents.v2 === null
      ? deps.template
      : createV2Engine(runtime(agents.v2), {
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
      // Every engine's content passes here before it is stored: only plain text is published.
      const { generationId } = input;
      // A generation processed in batch hands its first calls to the provider's batch API (call-model.ts).
      const write =
        input.processing === 'batch' && generationId !== undefined ? () => batchScope.run({ generationId }, () => engine.generate(input)) : () => engine.generate(input);
      const generated = generationId === undefined ? await write() : await current.run({ generationId }, write);
      const output = plainOutput(generated, input);
      deps.metrics.generation({ ...labels, outcome: 'completed' }, output.usage.rounds);
      return output;
    } catch (err) {
      if (err instanceof PermanentGenerationError) deps.metrics.generation({ ...labels, outcome: 'failed' }, err.usage?.rounds ?? 0);
      throw err;
    }
  };
  return { engines, engine: { name: v1 === v2 ? v1.name : `v1=${v1.name} v2=${v2.name}`, generate } };
}
