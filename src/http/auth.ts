import type { FastifyRequest } from 'fastify';
import { DatabaseUnavailableError, isConnectionError, type SqlRunner } from '../db/database.ts';
import { authenticateToken } from '../services/tokens.ts';
import { ApiError } from './errors.ts';

export interface RequestAuth {
  accountId: string;
  tokenId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

// One message for missing, malformed, unknown and revoked tokens: nothing to learn from the difference.
export const UNAUTHORIZED_MESSAGE = 'A valid API token is required: send Authorization: Bearer <token>.';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** onRequest hook for every /api/v1 route. */
export function authenticate(db: SqlRunner) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    const auth =
      token === null
        ? null
        : await authenticateToken(db, token).catch((err: unknown) => {
            // Nothing of the request has run yet: whatever it asked for was certainly not written.
            throw isConnectionError(err) ? new DatabaseUnavailableError('cannot authenticate: database unreachable', { outcome: 'not_written', cause: err }) : err;
          });
    if (auth === null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    request.auth = auth;
  };
}

export function authOf(request: FastifyRequest): RequestAuth {
  if (request.auth === null) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
  return request.auth;
}
