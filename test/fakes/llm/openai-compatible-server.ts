import { openAiBatchApi } from './batch-api.ts';
import {
  arrayOf,
  bearerToken,
  fakeId,
  isRecord,
  modelIdIn,
  picturePart,
  replyText,
  startFakeLlmServer,
  stringOf,
  textPart,
  type ErrorDetails,
  type FakeLlmOptions,
  type FakeLlmRequest,
  type FakeLlmServer,
  type LlmDialect,
  type LlmEndpoint,
  type WireAnswer,
} from './fake-llm.ts';
import { openAiPromptCache, type PromptPart } from './prompt-cache.ts';

// A fake of the OpenAI API in its wire format, as OpenAI-compatible providers speak it:
//   POST /v1/chat/completions   → chat.completion (what @ai-sdk/openai-compatible sends)
//   POST /v1/responses          → response        (what @ai-sdk/openai's default openai(model) sends)
//   GET  /v1/models             → list of model   (Ollama, vLLM, LM Studio, llama.cpp answer it too)
//   GET  /v1/models/{id}        → model, or 404 model_not_found
// Auth is `Authorization: Bearer KEY`; errors are {"error":{"message","type","param","code"}}.

type Message = FakeLlmRequest['messages'][number];

/** A message's content: a string, or parts (`text`/`input_text`/`output_text`, `image_url`/`input_image`). */
function readContent(content: unknown): { text: string; images: number } {
  if (typeof content === 'string') return { text: content, images: 0 };
  const texts: string[] = [];
  let images = 0;
  for (const part of arrayOf(content)) {
    if (!isRecord(part)) continue;
    if (part.type === 'image_url' || part.type === 'input_image') images += 1;
    else if (typeof part.text === 'string') texts.push(part.text);
    else if (typeof part.refusal === 'string') texts.push(part.refusal);
  }
  return { text: texts.join('\n'), images };
}

/** Splits chat messages or Responses input items into the system text and the conversation. */
function readConversation(items: unknown[], instructions: string[]): { system: string; messages: Message[] } {
  const system = [...instructions];
  const messages: Message[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const { text, images } = readContent(item.content);
    if (item.role === 'system' || item.role === 'developer') system.push(text);
    else if (item.role === 'user' || item.role === 'assistant') messages.push({ role: item.role, text, images });
  }
  return { system: system.join('\n'), messages };
}

/**
 * The prompt in the order OpenAI caches it: the structured output's schema (as its JSON text), then
 * the instructions and messages, each text part with its role, pictures compared by their bytes.
 */
function promptParts(schema: unknown, instructions: string[], items: unknown[]): PromptPart[] {
  const parts: PromptPart[] = [];
  if (schema !== null) {
    const text = JSON.stringify(schema);
    parts.push({ text, kind: 'schema' });
  }
  for (const text of instructions) parts.push(textPart('system', text));
  for (const item of items) {
    if (!isRecord(item)) continue;
    const role = stringOf(item.role);
    if (typeof item.content === 'string') {
      parts.push(textPart(role, item.content));
      continue;
    }
    for (const part of arrayOf(item.content)) {
      if (!isRecord(part)) continue;
      if (part.type === 'image_url' || part.type === 'input_image') parts.push(picturePart(part.image_url ?? part));
      else if (typeof part.text === 'string') parts.push(textPart(role, part.text));
      else if (typeof part.refusal === 'string') parts.push(textPart(role, part.refusal));
    }
  }
  return parts;
}

const chatCompletions: LlmEndpoint = {
  read(body) {
    const format = isRecord(body.response_format) ? body.response_format : {};
    const jsonSchema = format.type === 'json_schema' && isRecord(format.json_schema) ? (format.json_schema.schema ?? null) : null;
    const messages = arrayOf(body.messages);
    return { model: stringOf(body.model), ...readConversation(messages, []), schema: jsonSchema, parts: promptParts(jsonSchema, [], messages) };
  },
  complete(reply, usage, request) {
    // A refusal is what OpenAI sends under structured outputs: content null, the reason in `refusal`.
    const refused = reply.kind === 'refusal';
    return {
      status: 200,
      headers: { 'x-request-id': fakeId('req_') },
      body: {
        id: fakeId('chatcmpl-'),
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: refused ? null : replyText(reply), refusal: refused ? reply.text : null, annotations: [] },
            logprobs: null,
            finish_reason: reply.kind === 'text' && reply.cutOff === true ? 'length' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
          prompt_tokens_details: { cached_tokens: usage.cacheRead, audio_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
        },
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
      },
    };
  },
};

const responses: LlmEndpoint = {
  read(body) {
    const text = isRecord(body.text) ? body.text : {};
    const format = isRecord(text.format) ? text.format : {};
    const instructions = typeof body.instructions === 'string' ? [body.instructions] : [];
    // `input` may be a plain string: one user message.
    const input = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : arrayOf(body.input);
    const schema = format.type === 'json_schema' ? (format.schema ?? null) : null;
    return { model: stringOf(body.model), ...readConversation(input, instructions), schema, parts: promptParts(schema, instructions, input) };
  },
  complete(reply, usage, request) {
    const content = reply.kind === 'refusal' ? { type: 'refusal', refusal: reply.text } : { type: 'output_text', text: replyText(reply), annotations: [], logprobs: [] };
    const body = isRecord(request.body) ? request.body : {};
    return {
      status: 200,
      headers: { 'x-request-id': fakeId('req_') },
      body: {
        id: fakeId('resp_'),
        object: 'response',
        created_at: Math.floor(Date.now() / 1000),
        status: reply.kind === 'text' && reply.cutOff === true ? 'incomplete' : 'completed',
        error: null,
        incomplete_details: reply.kind === 'text' && reply.cutOff === true ? { reason: 'max_output_tokens' } : null,
        instructions: body.instructions ?? null,
        max_output_tokens: body.max_output_tokens ?? null,
        model: request.model,
        output: [{ type: 'message', id: fakeId('msg_'), status: 'completed', role: 'assistant', content: [content] }],
        parallel_tool_calls: true,
        previous_response_id: null,
        reasoning: { effort: null, summary: null },
        store: body.store ?? true,
        temperature: body.temperature ?? 1,
        text: body.text ?? { format: { type: 'text' } },
        tool_choice: 'auto',
        tools: [],
        top_p: body.top_p ?? 1,
        truncation: 'disabled',
        usage: {
          input_tokens: usage.input,
          input_tokens_details: { cached_tokens: usage.cacheRead },
          output_tokens: usage.output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: usage.input + usage.output,
        },
        user: null,
        metadata: {},
      },
    };
  },
};

/** OpenAI's error type, code and message for a status, as its API sends them. */
function errorFor(status: number, details: ErrorDetails): { type: string; code: string | null; message: string } {
  switch (status) {
    case 400:
      return { type: 'invalid_request_error', code: null, message: 'Invalid request.' };
    case 401:
      return {
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
      };
    case 403:
      return { type: 'request_forbidden', code: 'unsupported_country_region_territory', message: 'Country, region, or territory not supported' };
    case 404:
      // A path the API does not have is a 404 too, without the model_not_found code.
      if (details.model === '') return { type: 'invalid_request_error', code: null, message: 'Invalid URL.' };
      return { type: 'invalid_request_error', code: 'model_not_found', message: `The model \`${details.model}\` does not exist or you do not have access to it.` };
    case 429:
      if (details.type === 'insufficient_quota') {
        return { type: 'insufficient_quota', code: 'insufficient_quota', message: 'You exceeded your current quota, please check your plan and billing details.' };
      }
      return {
        type: 'requests',
        code: 'rate_limit_exceeded',
        message: `Rate limit reached for ${details.model || 'the model'} on requests per min (RPM). Please try again later.`,
      };
    case 503:
      return { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later' };
    default:
      return status >= 500
        ? { type: 'server_error', code: null, message: 'The server had an error while processing your request. Sorry about that!' }
        : { type: 'invalid_request_error', code: null, message: `Request failed with status ${status}.` };
  }
}

function openAiError(status: number, details: ErrorDetails): WireAnswer {
  const standard = errorFor(status, details);
  return {
    status,
    headers: { 'x-request-id': fakeId('req_') },
    body: { error: { message: details.message ?? standard.message, type: details.type ?? standard.type, param: null, code: standard.code } },
  };
}

/** A model object as GET /v1/models and GET /v1/models/{id} carry it. */
function modelObject(id: string): Record<string, unknown> {
  return { id, object: 'model', created: 1_700_000_000, owned_by: 'system' };
}

function lookupModels(path: string, models: readonly string[] | undefined): WireAnswer | undefined {
  const headers = { 'x-request-id': fakeId('req_') };
  if (path === '/v1/models') {
    return models === undefined ? undefined : { status: 200, headers, body: { object: 'list', data: models.map(modelObject) } };
  }
  const id = modelIdIn(path);
  if (id === undefined) return undefined;
  if (models !== undefined && !models.includes(id)) return openAiError(404, { model: id });
  return { status: 200, headers, body: modelObject(id) };
}

const openAiDialect: LlmDialect = {
  provider: 'openai-compatible',
  endpoints: { '/v1/chat/completions': chatCompletions, '/v1/responses': responses },
  lookup: lookupModels,
  apiKeyOf: bearerToken,
  error: openAiError,
  promptCache: openAiPromptCache,
  batchApi: (answer) => openAiBatchApi(answer),
  unauthorized(apiKey) {
    if (apiKey === undefined || apiKey === '') {
      return openAiError(401, {
        model: '',
        message:
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY). You can obtain an API key from https://platform.openai.com/account/api-keys.",
      });
    }
    return openAiError(401, {
      model: '',
      message: `Incorrect API key provided: ${apiKey.slice(0, 3)}***${apiKey.slice(-3)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    });
  },
};

export async function startFakeOpenAiCompatible(options: FakeLlmOptions): Promise<FakeLlmServer> {
  return startFakeLlmServer(openAiDialect, options);
}
