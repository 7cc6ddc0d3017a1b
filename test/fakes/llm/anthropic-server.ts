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
import { anthropicBatchApi } from './batch-api.ts';
import { anthropicPromptCache, type PromptPart } from './prompt-cache.ts';

// A fake of Anthropic's Messages API in its wire format:
//   POST /v1/messages  (x-api-key and anthropic-version headers) → {"type":"message",…}
//   GET  /v1/models/{id}  → {"type":"model",…}; an alias (claude-sonnet-4-5) resolves to its
//                           dated snapshot (claude-sonnet-4-5-20250929) as the real API does
// A JSON schema comes either as native structured output (`output_config.format`, type
// json_schema: the answer is JSON text) or, for models without it, as the forced `json` tool
// (the answer is a tool_use block named `json`). Errors are {"type":"error","error":{type,message}}.

type Message = FakeLlmRequest['messages'][number];

/** The SDK's fallback for models without native structured output: a tool named `json` the model must call. */
const JSON_TOOL = 'json';

function readText(content: unknown): string {
  if (typeof content === 'string') return content;
  return arrayOf(content)
    .filter((part) => isRecord(part) && part.type === 'text' && typeof part.text === 'string')
    .map((part) => (part as { text: string }).text)
    .join('\n');
}

function readMessages(items: unknown[]): Message[] {
  const messages: Message[] = [];
  for (const item of items) {
    if (!isRecord(item) || (item.role !== 'user' && item.role !== 'assistant')) continue;
    const images = arrayOf(item.content).filter((part) => isRecord(part) && part.type === 'image').length;
    messages.push({ role: item.role, text: readText(item.content), images });
  }
  return messages;
}

function jsonTool(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const tool = arrayOf(body.tools).find((t) => isRecord(t) && t.name === JSON_TOOL);
  return isRecord(tool) ? tool : undefined;
}

function requestedSchema(body: Record<string, unknown>): unknown {
  const config = isRecord(body.output_config) ? body.output_config : {};
  const format = isRecord(config.format) ? config.format : {};
  if (format.type === 'json_schema') return format.schema ?? null;
  return jsonTool(body)?.input_schema ?? null;
}

/** A block's `cache_control` breakpoint, as the seconds it keeps the prefix (5 minutes, or 1 hour). */
function breakpointTtl(block: unknown): number | undefined {
  const control = isRecord(block) ? block.cache_control : undefined;
  if (!isRecord(control) || control.type !== 'ephemeral') return undefined;
  return control.ttl === '1h' ? 3600 : 300;
}

/** Text blocks (or a plain string) of one role as prompt parts; other blocks count no text but are compared. */
function contentParts(role: string, content: unknown): PromptPart[] {
  if (typeof content === 'string') return [textPart(role, content)];
  return arrayOf(content).map((block) => {
    const ttl = breakpointTtl(block);
    const withTtl = (part: PromptPart): PromptPart => (ttl === undefined ? part : { ...part, breakpointTtlSeconds: ttl });
    if (isRecord(block) && block.type === 'text' && typeof block.text === 'string') return textPart(role, block.text, ttl);
    if (isRecord(block) && block.type === 'image') return withTtl(picturePart(block.source));
    const { cache_control: _control, ...rest } = isRecord(block) ? block : { value: block };
    return withTtl({ text: '', kind: `${role} ${JSON.stringify(rest)}` });
  });
}

/**
 * The prompt in Anthropic's cache order: tools (the structured output's schema with them), then
 * the system text, then the messages. The schema counts as its JSON text.
 */
function promptParts(body: Record<string, unknown>): PromptPart[] {
  const parts: PromptPart[] = [];
  const schema = requestedSchema(body);
  if (schema !== null) {
    const text = JSON.stringify(schema);
    const ttl = breakpointTtl(jsonTool(body));
    parts.push({ text, kind: 'schema', ...(ttl === undefined ? {} : { breakpointTtlSeconds: ttl }) });
  }
  for (const tool of arrayOf(body.tools)) {
    if (isRecord(tool) && tool.name === JSON_TOOL) continue;
    const ttl = breakpointTtl(tool);
    const { cache_control: _control, ...rest } = isRecord(tool) ? tool : {};
    const text = JSON.stringify(rest);
    parts.push({ text, kind: 'tool', ...(ttl === undefined ? {} : { breakpointTtlSeconds: ttl }) });
  }
  parts.push(...contentParts('system', body.system));
  for (const message of arrayOf(body.messages)) {
    if (isRecord(message)) parts.push(...contentParts(stringOf(message.role), message.content));
  }
  return parts;
}

const messagesEndpoint: LlmEndpoint = {
  read(body) {
    return {
      model: stringOf(body.model),
      system: readText(body.system),
      messages: readMessages(arrayOf(body.messages)),
      schema: requestedSchema(body),
      parts: promptParts(body),
    };
  },
  complete(reply, usage, request) {
    const body = isRecord(request.body) ? request.body : {};
    let content: unknown[];
    let stopReason: string;
    if (reply.kind === 'json' && jsonTool(body) !== undefined) {
      content = [{ type: 'tool_use', id: fakeId('toolu_'), name: JSON_TOOL, input: reply.value }];
      stopReason = 'tool_use';
    } else {
      // A refusal stops the message where the classifier struck: whatever text came before it stays.
      const text = replyText(reply);
      content = text === '' ? [] : [{ type: 'text', text }];
      stopReason = reply.kind === 'refusal' ? 'refusal' : reply.kind === 'text' && reply.cutOff === true ? 'max_tokens' : 'end_turn';
    }
    return {
      status: 200,
      headers: { 'request-id': fakeId('req_') },
      body: {
        id: fakeId('msg_'),
        type: 'message',
        role: 'assistant',
        model: request.model,
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        ...(reply.kind === 'refusal' && { stop_details: { type: 'refusal', category: null, explanation: reply.text || null } }),
        // input_tokens is what was neither read from nor written to the cache (every write is
        // reported as a 5-minute one, the TTL Vetrina asks for).
        usage: {
          input_tokens: usage.input - usage.cacheRead - usage.cacheWrite,
          cache_creation_input_tokens: usage.cacheWrite,
          cache_read_input_tokens: usage.cacheRead,
          cache_creation: { ephemeral_5m_input_tokens: usage.cacheWrite, ephemeral_1h_input_tokens: 0 },
          output_tokens: usage.output,
          service_tier: 'standard',
        },
      },
    };
  },
};

/** Anthropic's error type and message for a status, as its API sends them. */
function errorFor(status: number, details: ErrorDetails): { type: string; message: string } {
  switch (status) {
    case 400:
      return { type: 'invalid_request_error', message: 'Invalid request.' };
    case 401:
      return { type: 'authentication_error', message: 'invalid x-api-key' };
    case 402:
      return { type: 'billing_error', message: 'Your credit balance is too low to access the Anthropic API.' };
    case 403:
      return { type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' };
    case 404:
      return { type: 'not_found_error', message: details.model === '' ? 'Not found' : `model: ${details.model}` };
    case 413:
      return { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' };
    case 429:
      return { type: 'rate_limit_error', message: 'This request would exceed the rate limit for your organization. Please try again later.' };
    case 529:
      return { type: 'overloaded_error', message: 'Overloaded' };
    default:
      return status >= 500 ? { type: 'api_error', message: 'Internal server error' } : { type: 'invalid_request_error', message: `Request failed with status ${status}.` };
  }
}

function anthropicError(status: number, details: ErrorDetails): WireAnswer {
  const standard = errorFor(status, details);
  const requestId = fakeId('req_');
  return {
    status,
    headers: { 'request-id': requestId, ...(status === 429 || status >= 500 ? { 'x-should-retry': 'true' } : {}) },
    body: { type: 'error', error: { type: details.type ?? standard.type, message: details.message ?? standard.message }, request_id: requestId },
  };
}

const SNAPSHOT_DATE = /^\d{8}$/;

/** The known id an id names: itself, or for an alias the latest dated snapshot it points to. */
function resolveModel(id: string, models: readonly string[] | undefined): string | undefined {
  if (models === undefined || models.includes(id)) return id;
  const snapshots = models.filter((known) => known.startsWith(`${id}-`) && SNAPSHOT_DATE.test(known.slice(id.length + 1)));
  return snapshots.sort().at(-1);
}

/** `claude-sonnet-4-5-20250929` → `Claude Sonnet 4.5`, the way the API's display_name reads. */
function displayName(id: string): string {
  const words = id.split('-').filter((part) => !SNAPSHOT_DATE.test(part));
  const names = words.filter((part) => !/^\d+$/.test(part)).map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  const version = words.filter((part) => /^\d+$/.test(part)).join('.');
  return [...names, version].filter((part) => part !== '').join(' ');
}

function lookupModel(path: string, models: readonly string[] | undefined): WireAnswer | undefined {
  const id = modelIdIn(path);
  if (id === undefined) return undefined;
  const resolved = resolveModel(id, models);
  if (resolved === undefined) return anthropicError(404, { model: id });
  return {
    status: 200,
    headers: { 'request-id': fakeId('req_') },
    body: { type: 'model', id: resolved, display_name: displayName(resolved), created_at: '2025-09-29T00:00:00Z' },
  };
}

const anthropicDialect: LlmDialect = {
  provider: 'anthropic',
  endpoints: { '/v1/messages': messagesEndpoint },
  lookup: lookupModel,
  apiKeyOf: (headers) => {
    const key = headers['x-api-key'];
    return typeof key === 'string' ? key : bearerToken(headers);
  },
  precheck(headers) {
    if (headers['anthropic-version'] === undefined) {
      return anthropicError(400, { model: '', message: 'anthropic-version: header is required' });
    }
    return undefined;
  },
  error: anthropicError,
  promptCache: anthropicPromptCache,
  batchApi: anthropicBatchApi,
  unauthorized(apiKey) {
    return anthropicError(401, { model: '', message: apiKey === undefined || apiKey === '' ? 'x-api-key header is required' : 'invalid x-api-key' });
  },
};

export async function startFakeAnthropic(options: FakeLlmOptions): Promise<FakeLlmServer> {
  return startFakeLlmServer(anthropicDialect, options);
}
