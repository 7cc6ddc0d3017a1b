import { APICallError, NoObjectGeneratedError, NoOutputGeneratedError } from 'ai';
import { parseRetryAfter } from '../../sources/remote-source-http.ts';
import { providerErrorCode, providerErrorMessage } from './provider-error-body.ts';

// What a failed model call means for the generation. The AI SDK's own retries are off (we retry
// here, so a 429 pauses every call to that provider, not just the one that got it).

// `message` is ours and may reach the merchant (a failed product's `failure.message`); `detail` is
// the provider's own words, which may quote an organisation, part of a key or an internal address,
// and `providerRequestId` its id for the call: both go to the operator's log only.
export type ModelFailure =
  /** Worth trying again after `retryAfterMs` (the provider's Retry-After) or a backoff. */
  | { kind: 'transient'; outcome: 'rate_limited' | 'transient_error' | 'timeout'; retryAfterMs: number | null; message: string; detail?: string; providerRequestId?: string }
  /**
   * The model answered, but not with what the schema asks: the engine re-asks once with the
   * errors. `truncated`: the answer hit the output limit, so asking again needs more room.
   */
  | { kind: 'invalid_output'; text: string; message: string; truncated: boolean }
  /** Trying again cannot help: the generation fails and is refunded. */
  | { kind: 'permanent'; reason: PermanentReason; message: string; detail?: string; providerRequestId?: string };

export type PermanentReason = 'llm_auth_failed' | 'llm_model_not_found' | 'llm_content_filtered' | 'llm_quota_exhausted' | 'llm_request_rejected';

export function contentFiltered(): ModelFailure {
  return { kind: 'permanent', reason: 'llm_content_filtered', message: "The model's provider filtered the content and would not write this product." };
}

const CONTENT_FILTER = /content[_ -]?(filter|policy|management)|safety system|responsible ?ai/i;

export function classifyModelError(err: unknown): ModelFailure {
  if (APICallError.isInstance(err)) return classifyApiError(err);
  if (NoObjectGeneratedError.isInstance(err)) {
    if (err.finishReason === 'content-filter') return contentFiltered();
    if (err.finishReason === 'length') {
      return { kind: 'invalid_output', text: err.text ?? '', message: 'The answer was cut off at the output token limit.', truncated: true };
    }
    return { kind: 'invalid_output', text: err.text ?? '', message: describeInvalid(err), truncated: false };
  }
  if (NoOutputGeneratedError.isInstance(err)) return { kind: 'invalid_output', text: '', message: 'The model returned no answer.', truncated: false };
  if (isTimeout(err)) return { kind: 'transient', outcome: 'timeout', retryAfterMs: null, message: 'The model did not answer in time.' };
  // Connection refused, reset, DNS: the provider (or the way to it) is down for now. The
  // operating system's words (addresses, ports) are for the log, not for the merchant.
  return { kind: 'transient', outcome: 'transient_error', retryAfterMs: null, message: 'The model provider could not be reached.', detail: messageOf(err) };
}

function classifyApiError(err: APICallError): ModelFailure {
  const status = err.statusCode;
  const id = providerRequestId(err.responseHeaders);
  const forLog = { detail: providerMessage(err), ...(id === undefined ? {} : { providerRequestId: id }) };
  // A 429 for an empty account (OpenAI) or a 402 (Anthropic) will not pass by waiting.
  if ((status === 429 && providerErrorCode(err.data) === 'insufficient_quota') || status === 402) {
    return { kind: 'permanent', reason: 'llm_quota_exhausted', message: `The model provider's account for this service has no credit left (${status}).`, ...forLog };
  }
  if (status === 429) {
    return { kind: 'transient', outcome: 'rate_limited', retryAfterMs: retryAfterMs(err.responseHeaders), message: 'The model provider is rate limiting (429).', ...forLog };
  }
  if (status === 401 || status === 403) {
    return {
      kind: 'permanent',
      reason: 'llm_auth_failed',
      message: `The model provider refused this service's API key (${status}); the operator must check the agent model's key.`,
      ...forLog,
    };
  }
  if (status === 404) {
    return {
      kind: 'permanent',
      reason: 'llm_model_not_found',
      message: 'The model provider does not know the configured model (404); the operator must check AGENT_V1_MODEL / AGENT_V2_MODEL.',
      ...forLog,
    };
  }
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 409) {
    if (CONTENT_FILTER.test(err.responseBody ?? '') || CONTENT_FILTER.test(err.message)) {
      return { kind: 'permanent', reason: 'llm_content_filtered', message: `The model provider's content filter refused the request (${status}).`, ...forLog };
    }
    return { kind: 'permanent', reason: 'llm_request_rejected', message: `The model provider rejected the request (${status}); the operator's log has its reason.`, ...forLog };
  }
  return {
    kind: 'transient',
    outcome: 'transient_error',
    retryAfterMs: retryAfterMs(err.responseHeaders),
    message: status === undefined ? 'The model provider could not be reached.' : `The model provider failed (${status}).`,
    ...forLog,
  };
}

/** The provider's id for the failed call (OpenAI `x-request-id`, Anthropic `request-id`), which its support asks for. */
function providerRequestId(headers: Record<string, string> | undefined): string | undefined {
  const id = headers?.['x-request-id'] ?? headers?.['request-id'];
  return id === undefined || id === '' ? undefined : id.slice(0, 200);
}

/** `retry-after-ms` (OpenAI) or `retry-after` in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | null {
  if (headers === undefined) return null;
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = parseRetryAfter(headers['retry-after'] ?? null, now);
  return seconds === null ? null : seconds * 1000;
}

function providerMessage(err: APICallError): string {
  // The body the SDK parsed, else its raw text; without a message in it, the SDK's own words.
  let body: unknown = err.data;
  if (body === undefined) {
    try {
      body = JSON.parse(err.responseBody ?? '');
    } catch {
      body = undefined;
    }
  }
  return (providerErrorMessage(body) ?? err.message).slice(0, 300);
}

function describeInvalid(err: NoObjectGeneratedError): string {
  const cause = err.cause;
  if (cause instanceof Error) return cause.message.slice(0, 2000);
  return err.message;
}

function isTimeout(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.name === 'TimeoutError') return true;
  }
  return false;
}

function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.message}${cause}`.slice(0, 300);
}
