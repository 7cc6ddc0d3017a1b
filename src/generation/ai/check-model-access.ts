// A start-up check of one agent model's key and model id, asked of the provider's model-lookup
// endpoint: it is free (no prompt, no tokens) and answers in milliseconds. A refused key or an
// unknown model stops `vetrina serve` with the variable to fix, instead of failing every generation.
// Whatever the check cannot tell (network down, a server without the endpoint, a key allowed to
// call models but not to read the list) is only a warning: the model may well work.
import type { AgentModelConfig } from '../../config.ts';
import { isRecord, providerErrorMessage } from './provider-error-body.ts';

export type AccessVerdict =
  | { ok: true }
  /** The key is refused or the model unknown: the start must stop. */
  | { ok: false; fatal: true; message: string }
  /** The check could not tell: warn and go on. */
  | { ok: false; fatal: false; message: string };

export interface CheckModelAccessOptions {
  /** Which agent model this is: messages name its variables (AGENT_V1_MODEL, AGENT_V1_API_KEY …). */
  agent: 'v1' | 'v2';
  /** Default 5000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_BASE_URLS = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com/v1' } as const;
const DEFAULT_TIMEOUT_MS = 5000;
// Enough ids to spot a typo or a missing tag without flooding the start-up log.
const IDS_SHOWN = 10;
const REASON_CHARACTERS = 200;

/** What the messages say about the model being checked. */
interface Subject {
  config: AgentModelConfig;
  /** `AGENT_V1_MODEL` */
  modelVariable: string;
  /** `AGENT_V1_API_KEY or ANTHROPIC_API_KEY` */
  keyVariables: string;
  baseUrl: string;
  /** `AGENT_V1_MODEL (anthropic:claude-sonnet-4-5)` */
  named: string;
}

type Reply = { status: number; body: unknown } | { failed: string };

export async function checkModelAccess(config: AgentModelConfig, options: CheckModelAccessOptions): Promise<AccessVerdict> {
  const subject = subjectOf(config, options.agent);
  if (subject.baseUrl === '') return fatal(`${subject.named} needs a base URL: set AGENT_${options.agent.toUpperCase()}_BASE_URL.`);
  const get = (path: string, headers: Record<string, string>) => ask(`${subject.baseUrl}${path}`, headers, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, options.fetch ?? fetch);
  const id = encodeURIComponent(config.model);
  let verdict: AccessVerdict;
  switch (config.provider) {
    case 'openai':
      verdict = judgeLookup(subject, await get(`/models/${id}`, bearer(config.apiKey)));
      break;
    case 'anthropic':
      verdict = judgeLookup(subject, await get(`/models/${id}`, { 'x-api-key': config.apiKey ?? '', 'anthropic-version': '2023-06-01' }));
      break;
    case 'openai-compatible':
      verdict = judgeList(subject, await get('/models', bearer(config.apiKey)));
      break;
  }
  return verdict.ok ? verdict : { ...verdict, message: withoutSecrets(verdict.message, config.apiKey) };
}

function subjectOf(config: AgentModelConfig, agent: 'v1' | 'v2'): Subject {
  const prefix = `AGENT_${agent.toUpperCase()}`;
  const shared = config.provider === 'openai' ? ' or OPENAI_API_KEY' : config.provider === 'anthropic' ? ' or ANTHROPIC_API_KEY' : '';
  const baseUrl = (config.baseUrl ?? (config.provider === 'openai-compatible' ? '' : DEFAULT_BASE_URLS[config.provider])).replace(/\/+$/, '');
  return {
    config,
    modelVariable: `${prefix}_MODEL`,
    keyVariables: `${prefix}_API_KEY${shared}`,
    baseUrl,
    named: `${prefix}_MODEL (${config.provider}:${config.model})`,
  };
}

function bearer(apiKey: string | undefined): Record<string, string> {
  // Local servers (Ollama, LM Studio) need no key: send no header rather than an empty one.
  return apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` };
}

async function ask(url: string, headers: Record<string, string>, timeoutMs: number, fetchImpl: typeof fetch): Promise<Reply> {
  try {
    const response = await fetchImpl(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return { failed: `no answer within ${timeoutMs / 1000} s` };
    return { failed: `unreachable (${networkReason(error)})` };
  }
}

// ---- Judging the answers ----------------------------------------------------------------------

/** OpenAI's and Anthropic's GET /models/{id}: 200 the model, 404 unknown. */
function judgeLookup(subject: Subject, reply: Reply): AccessVerdict {
  if ('failed' in reply) return unsure(subject, reply.failed);
  const { status, body } = reply;
  if (status >= 200 && status < 300) {
    return isRecord(body) && typeof body.id === 'string' ? { ok: true } : unsure(subject, `HTTP ${status} without a model in it: is the base URL right?`);
  }
  if (status === 401 || status === 403) return judgeRefusal(subject, status, body);
  if (status === 404) {
    if (saysModelUnknown(subject.config, body) || subject.config.baseUrl === undefined) {
      return fatal(
        `model not found: ${subject.modelVariable} names "${subject.config.model}", which ${subject.baseUrl} does not know (HTTP 404${reasonIn(body)}). Check the model id.`,
      );
    }
    // A proxy or another server behind a custom base URL, without the lookup endpoint.
    return unsure(subject, `HTTP 404 for GET /models/{id}${reasonIn(body)}: the server may not have that endpoint`);
  }
  return unsure(subject, `HTTP ${status}${reasonIn(body)}`);
}

/** An OpenAI-compatible server's GET /models: the model must be among the ids it lists. */
function judgeList(subject: Subject, reply: Reply): AccessVerdict {
  if ('failed' in reply) return unsure(subject, reply.failed);
  const { status, body } = reply;
  if (status === 401 || status === 403) return judgeRefusal(subject, status, body);
  if (status === 404 || status === 405 || status === 501) {
    const hint = /\/v1$/.test(subject.baseUrl) ? '' : ' (most servers want a base URL ending in /v1)';
    return unsure(subject, `no model list (GET /models answered HTTP ${status})${hint}`);
  }
  if (status < 200 || status >= 300) return unsure(subject, `HTTP ${status}${reasonIn(body)}`);
  const entries = isRecord(body) && Array.isArray(body.data) ? body.data.filter(isRecord) : undefined;
  if (entries === undefined) return unsure(subject, `HTTP ${status} without a model list in it: is the base URL right?`);
  const model = subject.config.model;
  if (entries.some((entry) => names(entry, model))) return { ok: true };
  // llama.cpp's server with one model loaded answers every request with it, whatever model it names.
  if (entries.length === 1 && entries[0]?.owned_by === 'llamacpp' && entries[0].status === undefined) return { ok: true };
  const ids = entries.map((entry) => entry.id).filter((id): id is string => typeof id === 'string');
  const listed = ids.length === 0 ? 'it lists no models' : `it lists ${ids.slice(0, IDS_SHOWN).join(', ')}${ids.length > IDS_SHOWN ? ` and ${ids.length - IDS_SHOWN} more` : ''}`;
  // Ollama lists every model as name:tag, and a model it lists is one that has been pulled: absent
  // means unusable. Other servers' lists need not name what they serve (Azure lists base models,
  // not deployment names), so there an absent model is only a warning.
  if (ids.length > 0 && ids.every((id) => id.includes(':'))) {
    return fatal(
      `model not found: ${subject.modelVariable} names "${model}", which the server at ${subject.baseUrl} does not list; ${listed}. Set ${subject.modelVariable} to one of them, or pull it (ollama pull ${model}).`,
    );
  }
  return unsure(subject, `${subject.modelVariable} names "${model}", which the server does not list (${listed}); if it serves it under another name, calls will fail`);
}

/** Whether a listed model is the one asked for: its id, an alias (llama.cpp), or Ollama's default tag. */
function names(entry: Record<string, unknown>, model: string): boolean {
  const aliases = Array.isArray(entry.aliases) ? entry.aliases : [];
  return entry.id === model || aliases.includes(model) || (!model.includes(':') && entry.id === `${model}:latest`);
}

function judgeRefusal(subject: Subject, status: number, body: unknown): AccessVerdict {
  // An OpenAI restricted key may call models without the Models: Read permission this check needs.
  if (/missing scopes|insufficient permissions/i.test(providerErrorMessage(body) ?? '')) {
    return unsure(subject, `the key may not read models (HTTP ${status}${reasonIn(body)})`);
  }
  if (subject.config.apiKey === undefined) {
    return fatal(`the server at ${subject.baseUrl} asks for a key for ${subject.named} (HTTP ${status}) and none is set: set ${subject.keyVariables}.`);
  }
  // A 401 body may quote part of the key: only a 403's reason (a region, a permission) is shown.
  const reason = status === 403 ? reasonIn(body) : '';
  return fatal(`the key for ${subject.named} is refused by ${subject.baseUrl} (HTTP ${status}${reason}): check ${subject.keyVariables}.`);
}

/** The provider's own "no such model" error, as opposed to a server without the endpoint. */
function saysModelUnknown(config: AgentModelConfig, body: unknown): boolean {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (error === undefined) return false;
  if (config.provider === 'anthropic') return error.type === 'not_found_error';
  return error.code === 'model_not_found' || (typeof error.message === 'string' && error.message.includes(config.model));
}

function fatal(message: string): AccessVerdict {
  return { ok: false, fatal: true, message };
}

function unsure(subject: Subject, reason: string): AccessVerdict {
  return {
    ok: false,
    fatal: false,
    message: `could not check ${subject.named} at ${subject.baseUrl}: ${reason}. Starting anyway; calls will fail if the key or the model is wrong.`,
  };
}

// ---- Helpers ----------------------------------------------------------------------------------

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function reasonIn(body: unknown): string {
  const message = providerErrorMessage(body)?.trim();
  if (message === undefined || message === '') return '';
  return `: ${message.length > REASON_CHARACTERS ? `${message.slice(0, REASON_CHARACTERS)}…` : message}`;
}

/** fetch rejects with "fetch failed"; the cause says what happened (ECONNREFUSED, ENOTFOUND …). */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (isRecord(cause) && typeof cause.code === 'string') return cause.code;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

// Shorter "keys" are placeholders local servers ignore ("ollama", "x"): blanking them would only
// garble the message.
const MIN_SECRET_KEY = 8;

/** Messages quote servers' and fetch's words: none may carry the key or a password in a URL. */
function withoutSecrets(message: string, apiKey: string | undefined): string {
  const withoutPasswords = message.replace(/\/\/[^/\s@]+@/g, '//');
  return apiKey === undefined || apiKey.length < MIN_SECRET_KEY ? withoutPasswords : withoutPasswords.replaceAll(apiKey, '[key]');
}
