import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readAccount } from '../../services/read-account.ts';
import type { AppDeps } from '../app.ts';
import { methodNotAllowed } from '../app.ts';
import { authOf, UNAUTHORIZED_MESSAGE } from '../auth.ts';
import { ApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';

export const accountResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    id: z.uuid(),
    name: z.string(),
    credits: z.number().int().min(0),
    settings: z.object({ image_standardization: z.boolean() }),
    agent_models: z.object({ v1: z.string(), v2: z.string() }).describe('What writes each agent model: `template` (the built-in writer) or `<provider>:<model>`.'),
  }),
});

export const accountDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/account',
    summary: 'The account: balance, settings and the engine behind each agent model',
    tag: 'Account',
    auth: 'bearer',
    responses: { 200: { description: 'The account of the token.', schema: accountResponseSchema } },
    errors: ['unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
  },
];

export async function accountRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/account';
  app.get(url, async (request) => {
    const account = await readAccount(deps.db, authOf(request).accountId);
    // A token whose account is gone is as good as no token.
    if (account === undefined) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    return { status: 'success', data: { ...account, agent_models: { v1: deps.engines.v1, v2: deps.engines.v2 } } };
  });
  methodNotAllowed(app, url, ['GET']);
}
