import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { listen, sendJson, type SeenRequest } from '../http-fake.ts';
import type { AnswerOne, BatchRoutes, FakeBatches } from './batch-api.ts';
import { tokensOf, type PromptCache, type PromptPart } from './prompt-cache.ts';

// What the fake LLM providers share: the scripting types the tests see, the same for every
// provider, and the server plumbing (reading bodies, latency, hanging, closing with requests
// still open). Each provider module only knows its own wire format: how to read a request body
// and how to write an answer or an error.

/** One request as the fake understood it, the same for both providers. */
export interface FakeLlmRequest {
  provider: 'openai-compatible' | 'anthropic';
  model: string;
  /** The system/instructions text (joined if several parts). */
  system: string;
  /** Every user/assistant message in order: its role, its text parts joined, and how many image parts it had. */
  messages: Array<{ role: 'user' | 'assistant'; text: string; images: number }>;
  /** The JSON schema the client asked the answer to follow, or null (plain text request). */
  schema: unknown;
  /** The prompt in the order the provider reads it (schema, system, messages), as its cache compares it. */
  parts: PromptPart[];
  /** The bearer / x-api-key value the client sent. */
  apiKey: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, for assertions on anything else (the raw text when it was not JSON). */
  body: unknown;
  /** Set for a request that came in a batch: its custom_id there. */
  customId?: string;
}

export interface FakeLlmUsage {
  /** Every input token, cached ones included. */
  input: number;
  output: number;
  /** Of `input`, read from the provider's prompt cache; unset, the fake's cache decides. */
  cacheRead?: number;
  /** Of `input`, written to it (Anthropic); unset, the fake's cache decides. */
  cacheWrite?: number;
}

/** What the scripted model answers. */
export type FakeLlmReply =
  /** The model answers with JSON.stringify(value). */
  | { kind: 'json'; value: unknown; usage?: FakeLlmUsage }
  /** Raw text (malformed JSON, prose). */
  | { kind: 'text'; text: string; usage?: FakeLlmUsage /** The answer stopped at the output token limit. */; cutOff?: boolean }
  /** A safety refusal, as each API sends one (OpenAI: `message.refusal`; Anthropic: stop_reason `refusal`). */
  | { kind: 'refusal'; text: string; usage?: FakeLlmUsage }
  /** The provider's own error body for that status; `type` overrides the error type it would send. */
  | { kind: 'error'; status: number; type?: string; message?: string; retryAfterSeconds?: number }
  /** Never answers: the client's timeout must fire. `close()` still resolves. */
  | { kind: 'hang' };

/** `index` is the request's position in `FakeLlmServer.requests` (0 for the first request received). */
export type FakeLlmScript = (request: FakeLlmRequest, index: number) => FakeLlmReply | Promise<FakeLlmReply>;

/** One model lookup (GET /v1/models…): it carries no prompt, so it is kept apart from `requests`. */
export interface FakeLlmLookup {
  path: string;
  /** The bearer / x-api-key value the client sent. */
  apiKey: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeLlmServer {
  /** Base URL to give the provider: `http://127.0.0.1:PORT/v1` for both providers. */
  baseURL: string;
  /** Every request received, in order (including ones answered with errors). */
  requests: FakeLlmRequest[];
  /** Every model lookup received, in order (including refused ones). */
  lookups: FakeLlmLookup[];
  /** Replace the script (tests switch behaviour between phases). */
  setScript(script: FakeLlmScript): void;
  /** The batch API's batches and controls (OpenAI and Anthropic; other fakes have none). */
  batches: FakeBatches;
  close(): Promise<void>;
}

export interface FakeLlmOptions {
  script: FakeLlmScript;
  /** Added before every answer (benchmarks use e.g. 1000). Default 0. */
  latencyMs?: number;
  /** Only this key is accepted; anything else gets the provider's real 401. Default: any key accepted. */
  apiKey?: string;
  /**
   * The model ids the lookup endpoints (GET /v1/models, GET /v1/models/{id}) know. Default: any id
   * is known to GET /v1/models/{id}, and GET /v1/models, which cannot list "any", answers 404 like a
   * server without a list does.
   */
  models?: string[];
  /** The provider's prompt cache (default on); off, nothing is ever read from or written to it. */
  promptCache?: boolean;
}

// ---- What a provider module supplies ----------------------------------------------------------

/** The prompt parts of a request, as one endpoint's body carries them. */
export type PromptSeen = Pick<FakeLlmRequest, 'model' | 'system' | 'messages' | 'schema' | 'parts'>;

/** A reply the model produced (as opposed to an error or silence). */
export type ModelReply = Extract<FakeLlmReply, { kind: 'json' | 'text' | 'refusal' }>;

export interface WireAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface LlmEndpoint {
  read(body: Record<string, unknown>): PromptSeen;
  /** The 200 answer carrying the model's reply; `usage` is already resolved, its cache counts included. */
  complete(reply: ModelReply, usage: Required<FakeLlmUsage>, request: FakeLlmRequest): WireAnswer;
}

export interface ErrorDetails {
  type?: string | undefined;
  message?: string | undefined;
  /** The model the request asked for ('' when unknown): 404 messages name it. */
  model: string;
}

export interface LlmDialect {
  provider: FakeLlmRequest['provider'];
  /** The endpoints, by POST path (e.g. `/v1/chat/completions`). */
  endpoints: Readonly<Record<string, LlmEndpoint>>;
  /**
   * The answer to a GET model lookup at `path` (the real APIs answer these free: no prompt, no
   * tokens), or undefined when the provider has no such endpoint. `models` as in FakeLlmOptions.
   */
  lookup?(path: string, models: readonly string[] | undefined): WireAnswer | undefined;
  apiKeyOf(headers: IncomingHttpHeaders): string | undefined;
  /** An answer for a request the real API refuses before the model sees it (a missing header). */
  precheck?(headers: IncomingHttpHeaders): WireAnswer | undefined;
  /** The provider's error answer for a status. */
  error(status: number, details: ErrorDetails): WireAnswer;
  /** The provider's 401 for a missing or wrong key. */
  unauthorized(apiKey: string | undefined): WireAnswer;
  /** A new prompt cache, one per server, working as the provider documents its own. */
  promptCache(): PromptCache;
  /** The provider's batch API, answering each request as `answer` (the interactive endpoint) does. */
  batchApi?(answer: AnswerOne, baseUrl: () => string): { routes: BatchRoutes; batches: FakeBatches };
}

// ---- Shared helpers for the wire formats ------------------------------------------------------

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The text a reply puts in the answer. */
export function replyText(reply: ModelReply): string {
  return reply.kind === 'json' ? JSON.stringify(reply.value) : reply.text;
}

/** The input tokens of a prompt: four characters a token over its schema, system text and messages' text. */
export function promptTokens(request: Pick<FakeLlmRequest, 'parts'>): number {
  return tokensOf(request.parts.reduce((sum, part) => sum + part.text.length, 0));
}

/**
 * A reply's usage, or an estimate of four characters a token over the prompt and the answer's text;
 * what the cache served and took, unless the script said, is what it did (never more than the input).
 */
export function usageOf(reply: ModelReply, request: FakeLlmRequest, cached: { read: number; write: number }): Required<FakeLlmUsage> {
  const input = reply.usage?.input ?? promptTokens(request);
  const output = reply.usage?.output ?? Math.ceil(replyText(reply).length / 4);
  const cacheRead = Math.min(input, reply.usage?.cacheRead ?? cached.read);
  const cacheWrite = Math.min(input - cacheRead, reply.usage?.cacheWrite ?? cached.write);
  return { input, output, cacheRead, cacheWrite };
}

/** A message's text part, compared with its role, so a user's words never match an assistant's. */
export function textPart(role: string, text: string, breakpointTtlSeconds?: number): PromptPart {
  return { text, kind: role, ...(breakpointTtlSeconds === undefined ? {} : { breakpointTtlSeconds }) };
}

/** A picture part: no text tokens in the estimate, but its bytes are part of the prefix the cache compares. */
export function picturePart(source: unknown): PromptPart {
  return { text: '', kind: `picture ${JSON.stringify(source)}` };
}

let sequence = 0;
/** An id in the provider's style (`chatcmpl-…`, `msg_…`), unique within the process. */
export function fakeId(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence.toString(36).padStart(6, '0')}`;
}

/** The id in a `/v1/models/{id}` path, decoded; undefined for any other path. */
export function modelIdIn(path: string): string | undefined {
  const match = /^\/v1\/models\/([^/]+)$/.exec(path);
  if (match?.[1] === undefined) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

// ---- The server -------------------------------------------------------------------------------

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function startFakeLlmServer(dialect: LlmDialect, options: FakeLlmOptions): Promise<FakeLlmServer> {
  let script = options.script;
  const latencyMs = options.latencyMs ?? 0;
  const requests: FakeLlmRequest[] = [];
  const lookups: FakeLlmLookup[] = [];
  const cache = options.promptCache === false ? null : dialect.promptCache();
  // Pending latency timers: close() cancels them so nothing is written after the server is gone.
  const waiting = new Map<NodeJS.Timeout, () => void>();
  let closed = false;

  /** Resolves true once `latencyMs` has passed, false if the server closed first. */
  const pause = (): Promise<boolean> => {
    if (latencyMs <= 0) return Promise.resolve(!closed);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(timer);
        resolve(!closed);
      }, latencyMs);
      waiting.set(timer, () => resolve(false));
    });
  };

  const send = async (response: ServerResponse, answer: WireAnswer): Promise<void> => {
    if (!(await pause())) return;
    // The client may have given up (its timeout) while the answer was being prepared.
    if (response.destroyed || response.writableEnded) return;
    sendJson(response, answer.status, answer.body, answer.headers);
  };

  const answerError = (status: number, details: ErrorDetails, retryAfterSeconds?: number): WireAnswer => {
    const answer = dialect.error(status, details);
    if (retryAfterSeconds === undefined) return answer;
    return { ...answer, headers: { ...answer.headers, 'retry-after': String(retryAfterSeconds) } };
  };

  /** True when the request's key is refused: the 401 has then been sent. */
  const refusesKey = async (apiKey: string | undefined, response: ServerResponse): Promise<boolean> => {
    if (options.apiKey !== undefined ? apiKey === options.apiKey : apiKey !== undefined && apiKey !== '') return false;
    await send(response, dialect.unauthorized(apiKey));
    return true;
  };

  /** One prompt answered as its endpoint answers it: null when the script says never to answer. */
  const answerPrompt = async (endpoint: LlmEndpoint, body: unknown, text: string, headers: IncomingHttpHeaders, customId?: string): Promise<WireAnswer | null> => {
    const prompt: PromptSeen = isRecord(body) ? endpoint.read(body) : { model: '', system: '', messages: [], schema: null, parts: [] };
    const apiKey = dialect.apiKeyOf(headers);
    const request: FakeLlmRequest = { provider: dialect.provider, ...prompt, apiKey, headers: { ...headers }, body: body ?? text, ...(customId === undefined ? {} : { customId }) };
    const index = requests.push(request) - 1;
    if (!isRecord(body)) return dialect.error(400, { model: '', message: 'We could not parse the JSON body of your request.' });
    let reply: FakeLlmReply;
    try {
      reply = await script(request, index);
    } catch (error) {
      // A broken script must show in the failing test, not pass for a provider outage.
      return dialect.error(500, { model: prompt.model, message: `The fake's script threw: ${String(error)}` });
    }
    switch (reply.kind) {
      case 'hang':
        return null;
      case 'error':
        return answerError(reply.status, { type: reply.type, message: reply.message, model: prompt.model }, reply.retryAfterSeconds);
      default: {
        // Entries this answer writes are readable once it starts, after the latency.
        const now = Date.now();
        const cached = cache === null ? { read: 0, write: 0 } : cache.use(request.parts, request.model, now, now + latencyMs);
        return endpoint.complete(reply, usageOf(reply, request, cached), request);
      }
    }
  };

  let baseUrl = '';
  const batchApi = dialect.batchApi?.(
    async (path, body, headers, customId) => {
      const endpoint = dialect.endpoints[path];
      if (endpoint === undefined) return dialect.error(404, { model: '', message: `Invalid URL (POST ${path})` });
      return answerPrompt(endpoint, body, JSON.stringify(body), headers, customId);
    },
    () => baseUrl,
  );

  const handle = async (incoming: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const raw = await readBody(incoming);
    const text = raw.toString('utf8');
    const batchAnswer = await batchApi?.routes(incoming.method ?? 'GET', url.pathname, raw, incoming.headers);
    if (batchAnswer !== undefined) {
      const apiKey = dialect.apiKeyOf(incoming.headers);
      if (await refusesKey(apiKey, response)) return;
      if (response.destroyed || response.writableEnded) return;
      if (batchAnswer.jsonl === true) {
        const body = String(batchAnswer.body);
        response.writeHead(batchAnswer.status, { 'content-type': 'application/octet-stream', 'content-length': Buffer.byteLength(body) });
        response.end(body);
        return;
      }
      sendJson(response, batchAnswer.status, batchAnswer.body);
      return;
    }
    const lookup = incoming.method === 'GET' ? dialect.lookup?.(url.pathname, options.models) : undefined;
    if (lookup !== undefined) {
      const apiKey = dialect.apiKeyOf(incoming.headers);
      lookups.push({ path: url.pathname, apiKey, headers: { ...incoming.headers } });
      const refused = dialect.precheck?.(incoming.headers);
      if (refused !== undefined) return send(response, refused);
      if (await refusesKey(apiKey, response)) return;
      return send(response, lookup);
    }
    const endpoint = incoming.method === 'POST' ? dialect.endpoints[url.pathname] : undefined;
    if (endpoint === undefined) {
      await send(response, dialect.error(404, { model: '', message: `Invalid URL (${incoming.method ?? 'GET'} ${url.pathname})` }));
      return;
    }
    const body = parseJson(text);
    // The real APIs refuse a missing header or a bad key before the model sees the prompt; the fake still records it.
    const refused = dialect.precheck?.(incoming.headers);
    const apiKey = dialect.apiKeyOf(incoming.headers);
    const keyRefused = options.apiKey !== undefined ? apiKey !== options.apiKey : apiKey === undefined || apiKey === '';
    if (refused !== undefined || keyRefused) {
      const prompt: PromptSeen = isRecord(body) ? endpoint.read(body) : { model: '', system: '', messages: [], schema: null, parts: [] };
      requests.push({ provider: dialect.provider, ...prompt, apiKey, headers: { ...incoming.headers }, body: body ?? text });
      if (refused !== undefined) return send(response, refused);
      await refusesKey(apiKey, response);
      return;
    }
    const answer = await answerPrompt(endpoint, body, text, incoming.headers);
    if (closed || answer === null) return;
    return send(response, answer);
  };

  const server = await listen(dialect.provider, [] as SeenRequest[], (incoming, response, url) => {
    handle(incoming, response, url).catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) sendJson(response, 500, { error: { message: String(error) } });
    });
  });

  baseUrl = server.url;
  return {
    baseURL: `${server.url}/v1`,
    requests,
    lookups,
    batches: batchApi?.batches ?? { list: [], setDelayMs() {}, setExpire() {}, backdate() {}, forget() {}, failCancels() {} },
    setScript: (next) => {
      script = next;
    },
    close: async () => {
      closed = true;
      for (const [timer, cancel] of waiting) {
        clearTimeout(timer);
        cancel();
      }
      waiting.clear();
      await server.close();
    },
  };
}
