import type { FastifyInstance } from 'fastify';
import { ApiError, sendApiError } from './errors.ts';

// Its own module, not app.ts: route modules import it, and app.ts imports every route module.
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Answers 405 on a known path with any method it does not serve. */
export function methodNotAllowed(app: FastifyInstance, url: string, allowed: readonly string[]): void {
  const others = ALL_METHODS.filter((m) => !allowed.includes(m) && !(m === 'HEAD' && allowed.includes('GET')));
  app.route({
    method: others,
    url,
    handler: async (_request, reply) => {
      reply.header('allow', allowed.join(', '));
      return sendApiError(reply, new ApiError('method_not_allowed', `This path accepts ${allowed.join(', ')} only.`));
    },
  });
}
