import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LEDGER_PAGE_SIZE, readLedger } from '../../services/read-ledger.ts';
import type { AppDeps } from '../app-deps.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import { authOf } from '../auth.ts';
import { validationFailed } from '../errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { parseBody } from '../schemas.ts';

const LIMIT_MESSAGE = 'The limit must be a whole number from 1 to 200.';

export const ledgerQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE }).max(200, { error: LIMIT_MESSAGE }).optional(),
  before: z.uuid({ error: 'The before parameter must be an entry id from a previous page (next_before).' }).optional(),
});

export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  delta: z.number().int().describe('Credits added (positive) or taken (negative).'),
  balance_after: z.number().int().min(0).describe('The balance right after this entry.'),
  reason: z.enum(['create', 'regenerate', 'refund', 'credit', 'debit']),
  product_id: z.uuid().nullable().describe('The product charged or refunded; null for credits, and for a create of several products.'),
  request_id: z.string().nullable().describe('The x-request-id of the call that charged.'),
  created_at: z.iso.datetime(),
});

export const ledgerResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    entries: z.array(ledgerEntrySchema),
    next_before: z.uuid().nullable().describe('Pass as `before` for the next (older) page; null on the last page.'),
  }),
});

export const accountLedgerDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/account/ledger',
    summary: "The account's credit ledger, newest first",
    description: "Every change of the balance, with the balance right after it. Paged by `before` (the previous page's `next_before`).",
    tag: 'Account',
    auth: 'bearer',
    query: ledgerQuerySchema,
    responses: { 200: { description: 'One page of ledger entries.', schema: ledgerResponseSchema } },
    errors: ['validation_failed', 'unauthorized', 'rate_limited', 'internal_error', 'unavailable'],
  },
];

export async function accountLedgerRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const url = '/account/ledger';
  app.get(url, async (request) => {
    const query = parseBody(ledgerQuerySchema, request.query);
    if (!query.ok) throw query.error;
    const page = await readLedger(deps.db, authOf(request).accountId, { limit: query.value.limit ?? LEDGER_PAGE_SIZE, before: query.value.before ?? null });
    if (page.kind === 'unknown_cursor') throw validationFailed({ before: ['No ledger entry of this account has this id.'] });
    return { status: 'success', data: { entries: page.entries, next_before: page.nextBefore } };
  });
  methodNotAllowed(app, url, ['GET']);
}
