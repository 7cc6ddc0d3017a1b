// The one place that knows the AI SDK's provider packages. Each is imported only when an agent
// model names it, so a deployment on the template engine never loads them.
import type { LanguageModel } from 'ai';
import type { AgentModelConfig } from '../../config.ts';

export interface LoadedModel {
  model: LanguageModel;
  /** `anthropic:claude-sonnet-4-5`: logged at start and recorded on every generation. */
  label: string;
  provider: AgentModelConfig['provider'];
  modelId: string;
  /** Calls that share a provider endpoint, key and model share its rate limits. */
  laneKey: string;
  /**
   * The same model with its calls routed to the provider's batch API (batch-fetch.ts), when a
   * batch `fetch` was given and the provider has one (OpenAI, Anthropic).
   */
  batchModel?: LanguageModel;
}

export async function loadModel(config: AgentModelConfig, options: { batchFetch?: typeof fetch } = {}): Promise<LoadedModel> {
  const common = { provider: config.provider, modelId: config.model, label: `${config.provider}:${config.model}` };
  // Providers limit per key and per model (OpenAI's limits are per model, Anthropic's per model class).
  const laneKey = `${config.provider} ${config.baseUrl ?? 'default'} ${config.apiKey ?? ''} ${config.model}`;
  switch (config.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const settings = { apiKey: config.apiKey, ...(config.baseUrl === undefined ? {} : { baseURL: config.baseUrl }) };
      const provider = createOpenAI(settings);
      const batched = options.batchFetch === undefined ? {} : { batchModel: createOpenAI({ ...settings, fetch: options.batchFetch })(config.model) };
      return { ...common, laneKey, model: provider(config.model), ...batched };
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      const settings = { apiKey: config.apiKey, ...(config.baseUrl === undefined ? {} : { baseURL: config.baseUrl }) };
      const provider = createAnthropic(settings);
      const batched = options.batchFetch === undefined ? {} : { batchModel: createAnthropic({ ...settings, fetch: options.batchFetch })(config.model) };
      return { ...common, laneKey, model: provider(config.model), ...batched };
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      if (config.baseUrl === undefined) throw new Error('an openai-compatible agent model needs a base URL');
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl,
        ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
        supportsStructuredOutputs: config.jsonSchema,
        includeUsage: true,
      });
      return { ...common, laneKey, model: provider(config.model) };
    }
  }
}
