import type { FastifyInstance } from 'fastify';
import { readAccount } from '../../services/read-account.ts';
import { agentModelsOf } from '../agent-pricing.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf, UNAUTHORIZED_MESSAGE } from '../auth.ts';
import { ApiError } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { accountResponseSchema } from '../response-schemas.ts';

export async function accountRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/account';
  app.get(url, async (request) => {
    const account = await readAccount(deps.db, authOf(request).accountId);
    // A token whose account is gone is as good as no token.
    if (account === undefined) throw new ApiError('unauthorized', UNAUTHORIZED_MESSAGE);
    return { status: 'success', data: { ...account, agent_models: agentModelsOf(deps) } };
  });
  methodNotAllowed(app, url, ['GET']);
}

export const accountDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/account',
    summary: "The caller's account: balance, settings and the engine behind each agent model",
    tag: 'Account',
    auth: 'bearer',
    responses: { 200: { description: 'The account.', schema: accountResponseSchema } },
    errors: [],
  },
];
