import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminOperations } from '../../services/admin-operations.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';
import { adminAccountSchema } from './admin-accounts.ts';
import { ADMIN_ERRORS, asAdmin, successOf } from './admin-common.ts';

export const adminTokenSchema = z.object({
  id: z.string().describe('The token id: the 16 hex characters after `vt_`.'),
  account: z.string().nullable().describe("The account's name; null for an admin token of no account."),
  admin: z.boolean(),
  created_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
});

export const adminIssuedTokenSchema = z.union([
  adminAccountSchema.extend({ token: z.string(), token_id: z.string(), admin: z.boolean() }),
  z.object({ token: z.string(), token_id: z.string(), admin: z.literal(true) }),
]);

export const adminCreateTokenBodySchema = z.strictObject({
  account: z.string({ error: "The account field must be an account's name." }).optional().describe('Required unless `admin` is true: an admin token may belong to no account.'),
  admin: z.boolean({ error: 'The admin field must be true or false.' }).optional(),
});

export const adminTokenParamsSchema = z.object({ id: z.string().describe('The token id, or the whole token (`vt_…`).') });

export const adminTokenListResponseSchema = successOf(z.array(adminTokenSchema));
export const adminIssuedTokenResponseSchema = successOf(adminIssuedTokenSchema);
export const adminRevokedTokenResponseSchema = successOf(z.object({ token_id: z.string(), revoked: z.literal(true) }));

export const adminTokensDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/admin/tokens',
    summary: 'Every token, without its secret',
    tag: 'Admin',
    auth: 'admin',
    responses: { 200: { description: 'The tokens, oldest first.', schema: adminTokenListResponseSchema } },
    errors: ADMIN_ERRORS,
  },
  {
    method: 'POST',
    path: '/api/v1/admin/tokens',
    summary: 'Create a token for an account, or an admin token',
    description: 'The token is in this answer only.',
    tag: 'Admin',
    auth: 'admin',
    body: adminCreateTokenBodySchema,
    responses: { 201: { description: 'The new token (with its account, when it has one).', schema: adminIssuedTokenResponseSchema } },
    errors: ['validation_failed', 'invalid_json', 'unsupported_media_type', 'account_not_found', ...ADMIN_ERRORS],
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/tokens/{id}',
    summary: 'Revoke a token',
    description: 'Refused from its very next request on.',
    tag: 'Admin',
    auth: 'admin',
    params: adminTokenParamsSchema,
    responses: { 200: { description: 'The token is revoked.', schema: adminRevokedTokenResponseSchema } },
    errors: ['validation_failed', 'token_not_found', ...ADMIN_ERRORS],
  },
];

export async function adminTokensRoutes(app: FastifyInstance, deps: { operationsFor: (request: FastifyRequest) => AdminOperations }): Promise<void> {
  const list = '/tokens';
  app.get(list, async (request) => ({ status: 'success', data: await deps.operationsFor(request).listTokens() }));
  app.post(list, async (request, reply) => {
    const body = parseBody(adminCreateTokenBodySchema, request.body);
    if (!body.ok) throw body.error;
    const issued = await asAdmin(() => deps.operationsFor(request).createToken({ account: body.value.account ?? null, admin: body.value.admin ?? false }));
    return reply.code(201).send({ status: 'success', data: issued });
  });
  methodNotAllowed(app, list, ['GET', 'POST']);

  const one = '/tokens/:id';
  app.delete<{ Params: { id: string } }>(one, async (request) => ({ status: 'success', data: await asAdmin(() => deps.operationsFor(request).revokeToken(request.params.id)) }));
  methodNotAllowed(app, one, ['DELETE']);
}
