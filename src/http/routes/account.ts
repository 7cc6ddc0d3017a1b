import type { FastifyInstance } from 'fastify';
import { findAccountById } from '../../db/accounts.ts';
import type { AppDeps } from '../app.ts';
import { methodNotAllowed } from '../app.ts';
import { authOf } from '../auth.ts';
import { ApiError } from '../errors.ts';

export async function accountRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/account';
  app.get(url, async (request) => {
    const account = await findAccountById(deps.db, authOf(request).accountId);
    if (account === undefined) throw new ApiError('unauthorized', 'A valid API token is required: send Authorization: Bearer <token>.');
    return {
      status: 'success',
      data: {
        id: account.id,
        name: account.name,
        credits: account.credits,
        settings: { image_standardization: account.image_standardization },
      },
    };
  });
  methodNotAllowed(app, url, ['GET']);
}
