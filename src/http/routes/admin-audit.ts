import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminOperations } from '../../services/admin-operations.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';
import { ADMIN_ERRORS, successOf } from './admin-common.ts';

const LIMIT_MESSAGE = 'The limit must be a whole number from 1 to 200.';
const AUDIT_PAGE_SIZE = 50;

export const adminAuditQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE }).max(200, { error: LIMIT_MESSAGE }).optional(),
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, { error: 'The before parameter must be an entry id from a previous page (next_before).' })
    .optional(),
});

export const adminAuditEntrySchema = z.object({
  id: z.string().describe('Grows with each entry.'),
  at: z.iso.datetime(),
  actor: z.string().describe("The admin token's id; `local` for the running server's own credential (the CLI through it); `cli` for the CLI on the database itself."),
  action: z.string().describe('`account.create`, `account.credit`, `account.settings`, `token.create`, `token.revoke`, `catalogue.import`.'),
  target: z.string().describe("What the action was on: the account's name, the token's id, the import's id."),
  request_id: z.string().nullable().describe("The request's x-request-id; null for the CLI on the database."),
  details: z.record(z.string(), z.unknown()).describe('What was asked: the amount, the settings, the token kind, the import counts.'),
});

export const adminAuditResponseSchema = successOf(
  z.object({
    entries: z.array(adminAuditEntrySchema),
    next_before: z.string().nullable().describe('Pass as `before` for the next (older) page; null on the last page.'),
  }),
);

export const adminAuditDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/admin/audit',
    summary: 'Every change an operator made, newest first',
    description: `Accounts created, credits, settings, tokens created and revoked, shared catalogue imports: who (the admin token), what, on what, the request and the time. Each entry is written in the change's own transaction. Paged by \`before\`; \`limit\` 1–200, default ${AUDIT_PAGE_SIZE}.`,
    tag: 'Admin',
    auth: 'admin',
    query: adminAuditQuerySchema,
    responses: { 200: { description: 'A page of the audit.', schema: adminAuditResponseSchema } },
    errors: ['validation_failed', ...ADMIN_ERRORS],
  },
];

export async function adminAuditRoutes(app: FastifyInstance, deps: { operationsFor: (request: FastifyRequest) => AdminOperations }): Promise<void> {
  const url = '/audit';
  app.get(url, async (request) => {
    const query = parseBody(adminAuditQuerySchema, request.query);
    if (!query.ok) throw query.error;
    const page = await deps.operationsFor(request).listAudit({ before: query.value.before ?? null, limit: query.value.limit ?? AUDIT_PAGE_SIZE });
    return { status: 'success', data: page };
  });
  methodNotAllowed(app, url, ['GET']);
}
