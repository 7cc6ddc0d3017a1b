import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { commitOutcomeUnknown, isConnectionError } from '../db/database.ts';
import type { FieldErrors } from '../domain/validation.ts';

/** The one catalogue of error codes and their HTTP status (listed in docs/api.md, "API"). */
export const ERROR_STATUS = {
  validation_failed: 422,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthorized: 401,
  forbidden: 403,
  insufficient_credits: 402,
  product_not_found: 404,
  account_not_found: 404,
  token_not_found: 404,
  version_not_found: 404,
  import_not_found: 404,
  attribute_not_found: 404,
  family_not_found: 404,
  webhook_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  product_busy: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An expected failure with its response body; thrown from hooks, returned by handlers. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.extra = extra;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }

  body(): Record<string, unknown> {
    return { status: 'error', code: this.code, message: this.message, ...this.extra };
  }
}

export function validationFailed(errors: FieldErrors, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError('validation_failed', 'The request is not valid.', { errors, ...extra });
}

export function insufficientCredits(required: number, available: number): ApiError {
  return new ApiError('insufficient_credits', `This call costs ${required} credits; the account has ${available}. Nothing was queued or charged.`, {
    required,
    available,
  });
}

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.statusCode).send(error.body());
}

// Fastify's own errors for malformed requests, mapped onto the contract's codes.
const FASTIFY_CODES: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the body as JSON with Content-Type: application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_json', message: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The body is empty; send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The body is larger than this server accepts.' },
  FST_ERR_CTP_INVALID_CHARSET: { code: 'unsupported_media_type', message: 'The body must be UTF-8 JSON.' },
  FST_ERR_BAD_URL: { code: 'not_found', message: 'The URL is not valid.' },
  FST_ERR_ASYNC_CONSTRAINT: { code: 'not_found', message: 'The request could not be routed.' },
};

/** Every error ends here: expected ones keep their code; anything else is logged and told apart by request id only. */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) return sendApiError(reply, error);
  const fastifyCode = (error as FastifyError).code;
  const known = fastifyCode === undefined ? undefined : FASTIFY_CODES[fastifyCode];
  if (known !== undefined) return sendApiError(reply, new ApiError(known.code, known.message));
  // JSON.parse failures from the body parser carry a 400 status and no FST code on some versions.
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return sendApiError(reply, new ApiError('invalid_json', 'The body is not valid JSON.'));
  }
  if (isRequestSocketError(error, request)) {
    // The client hung up or sent a broken stream: nothing of ours failed, and it rarely hears the answer.
    request.log.info({ err: { message: error.message, code: (error as FastifyError).code } }, 'client connection lost while the request was read');
    return sendApiError(reply, new ApiError('invalid_json', 'The request body could not be read.'));
  }
  if (isConnectionError(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return sendApiError(reply, new ApiError('unavailable', unavailableMessage(error, request), { request_id: request.id }));
  }
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // Any other client error Fastify raises is about reading the body.
    return sendApiError(reply, new ApiError('invalid_json', 'The request body could not be read.'));
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendApiError(reply, new ApiError('internal_error', 'Something went wrong on our side. Quote the request id when reporting it.', { request_id: request.id }));
}

const SOCKET_ERROR_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * A failure of the HTTP request's own socket, not of the database: Fastify raises it while reading
 * the body, with a 4xx status, or it came with the request's socket already gone.
 */
function isRequestSocketError(error: Error, request: FastifyRequest): boolean {
  const { code, statusCode } = error as FastifyError;
  if (typeof code !== 'string' || !SOCKET_ERROR_CODES.has(code)) return false;
  return (statusCode !== undefined && statusCode >= 400 && statusCode < 500) || request.raw.destroyed || request.raw.socket?.destroyed === true;
}

/**
 * A read never changed anything; a write whose COMMIT may have gone through must not promise that
 * nothing was charged (a create retried on that promise would be charged twice).
 */
function unavailableMessage(error: Error, request: FastifyRequest): string {
  if (request.method !== 'GET' && request.method !== 'HEAD' && commitOutcomeUnknown(error)) {
    return "The service lost its database connection while saving this request, so whether it was accepted and charged is unknown. Check the account's balance (GET /api/v1/account) and the product (GET /api/v1/products/details/{code}) before retrying: a retry may be charged again.";
  }
  return 'The service cannot reach its database; nothing was accepted or charged. Retry later.';
}
