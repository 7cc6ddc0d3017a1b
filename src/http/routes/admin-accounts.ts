import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseCountryLanguages } from '../../domain/countries.ts';
import type { AdminOperations } from '../../services/admin-operations.ts';
import { validationFailed } from '../errors.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { atLeastOneField, parseBody } from '../schemas.ts';
import { ADMIN_ERRORS, asAdmin, successOf } from './admin-common.ts';

export const adminAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  credits: z.number().int().min(0),
  image_standardization: z.boolean(),
  country_languages: z.record(z.string(), z.string()).describe('Per country, the language its records are written in where it is not the default.'),
  credits_low_threshold: z.number().int().nullable().describe('Under this balance a debit sends the `credits.low` webhook; null: off.'),
  default_processing: z.enum(['interactive', 'batch']).describe('How a create or regenerate that names no `processing` sends its model calls.'),
  token: z.string().optional().describe("The account's first API token, shown only in the answer that created it."),
  token_id: z.string().optional(),
});

const NAME_MESSAGE = 'The name field must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit.';
const CREDITS_MESSAGE = 'The credits field must be a whole number, 0 or more.';
const AMOUNT_MESSAGE = 'The amount field must be a whole number other than 0 (negative removes credits).';

export const adminCreateAccountBodySchema = z.strictObject({
  name: z.string({ error: NAME_MESSAGE }).min(1, { error: NAME_MESSAGE }).max(64, { error: NAME_MESSAGE }),
  credits: z.number({ error: CREDITS_MESSAGE }).int({ error: CREDITS_MESSAGE }).min(0, { error: CREDITS_MESSAGE }).optional(),
  image_standardization: z.boolean({ error: 'The image_standardization field must be true or false.' }).optional(),
});

const COUNTRY_LANGUAGES_MESSAGE = 'The country_languages field must be an object of country code to language code, e.g. {"be": "fr", "ch": "it"}.';
const THRESHOLD_MESSAGE = 'The credits_low_threshold field must be a whole number, 1 or more, or null (off).';

export const adminAccountSettingsBodySchema = atLeastOneField(
  z.strictObject({
    image_standardization: z.boolean({ error: 'The image_standardization field must be true or false.' }).optional(),
    country_languages: z
      .record(z.string(), z.string({ error: COUNTRY_LANGUAGES_MESSAGE }), { error: COUNTRY_LANGUAGES_MESSAGE })
      .optional()
      .describe('Replaces the whole setting; `{}` clears it. Each language is an ISO 639-1 code.'),
    credits_low_threshold: z
      .number({ error: THRESHOLD_MESSAGE })
      .int({ error: THRESHOLD_MESSAGE })
      .min(1, { error: THRESHOLD_MESSAGE })
      .nullable()
      .optional()
      .describe('Under this balance a debit sends the `credits.low` webhook; null turns it off.'),
    default_processing: z
      .enum(['interactive', 'batch'], { error: 'The default_processing field must be "interactive" or "batch".' })
      .optional()
      .describe("How a create or regenerate that names no `processing` sends its agent model's calls: `batch` through the provider's batch API."),
  }),
  'Give image_standardization, country_languages, credits_low_threshold, default_processing or several.',
);

export const adminCreditBodySchema = z.strictObject({
  amount: z
    .number({ error: AMOUNT_MESSAGE })
    .int({ error: AMOUNT_MESSAGE })
    .refine((n) => n !== 0, { error: AMOUNT_MESSAGE }),
});

export const adminAccountParamsSchema = z.object({ name: z.string().describe("The account's name.") });

export const adminAccountResponseSchema = successOf(adminAccountSchema);
export const adminAccountListResponseSchema = successOf(z.array(adminAccountSchema));

export const adminAccountsDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/admin/accounts',
    summary: 'Every account, by name',
    tag: 'Admin',
    auth: 'admin',
    responses: { 200: { description: 'The accounts.', schema: adminAccountListResponseSchema } },
    errors: ADMIN_ERRORS,
  },
  {
    method: 'POST',
    path: '/api/v1/admin/accounts',
    summary: 'Create an account with its first token',
    description: 'The opening balance is a ledger credit. The token is in this answer only.',
    tag: 'Admin',
    auth: 'admin',
    body: adminCreateAccountBodySchema,
    responses: { 201: { description: 'The account and its first token.', schema: adminAccountResponseSchema } },
    errors: ['validation_failed', 'invalid_json', 'unsupported_media_type', ...ADMIN_ERRORS],
  },
  {
    method: 'PATCH',
    path: '/api/v1/admin/accounts/{name}',
    summary: "Change an account's settings",
    tag: 'Admin',
    auth: 'admin',
    params: adminAccountParamsSchema,
    body: adminAccountSettingsBodySchema,
    responses: { 200: { description: 'The account after the change.', schema: adminAccountResponseSchema } },
    errors: ['validation_failed', 'invalid_json', 'unsupported_media_type', 'account_not_found', ...ADMIN_ERRORS],
  },
  {
    method: 'POST',
    path: '/api/v1/admin/accounts/{name}/credits',
    summary: 'Add credits to an account, or remove them with a negative amount',
    description:
      'One ledger entry (`credit` or `debit`). A balance never goes below 0, nor past 2,147,483,647 counting the credits its unfinished generations hold (refunded should they fail): such a change is refused (422) and changes nothing.',
    tag: 'Admin',
    auth: 'admin',
    params: adminAccountParamsSchema,
    body: adminCreditBodySchema,
    responses: { 200: { description: 'The account with its new balance.', schema: adminAccountResponseSchema } },
    errors: ['validation_failed', 'invalid_json', 'unsupported_media_type', 'account_not_found', ...ADMIN_ERRORS],
  },
];

export async function adminAccountsRoutes(app: FastifyInstance, deps: { operationsFor: (request: FastifyRequest) => AdminOperations }): Promise<void> {
  const list = '/accounts';
  app.get(list, async (request) => ({ status: 'success', data: await deps.operationsFor(request).listAccounts() }));
  app.post(list, async (request, reply) => {
    const ops = deps.operationsFor(request);
    const body = parseBody(adminCreateAccountBodySchema, request.body);
    if (!body.ok) throw body.error;
    const { name, credits, image_standardization } = body.value;
    const created = await asAdmin(() => ops.createAccount({ name, credits: credits ?? 0, imageStandardization: image_standardization ?? false }));
    return reply.code(201).send({ status: 'success', data: created });
  });
  methodNotAllowed(app, list, ['GET', 'POST']);

  const one = '/accounts/:name';
  app.patch<{ Params: { name: string } }>(one, async (request) => {
    const ops = deps.operationsFor(request);
    const body = parseBody(adminAccountSettingsBodySchema, request.body);
    if (!body.ok) throw body.error;
    const { image_standardization: images, country_languages: languages, credits_low_threshold: threshold, default_processing: processing } = body.value;
    const parsed = languages === undefined ? undefined : parseCountryLanguages(languages);
    if (parsed?.ok === false) throw validationFailed({ country_languages: parsed.errors });
    const name = request.params.name;
    let account = images === undefined ? undefined : await asAdmin(() => ops.setImageStandardization(name, images));
    if (parsed?.ok === true) account = await asAdmin(() => ops.setCountryLanguages(name, parsed.value));
    if (threshold !== undefined) account = await asAdmin(() => ops.setCreditsLowThreshold(name, threshold));
    if (processing !== undefined) account = await asAdmin(() => ops.setDefaultProcessing(name, processing));
    return { status: 'success', data: account };
  });
  methodNotAllowed(app, one, ['PATCH']);

  const credits = '/accounts/:name/credits';
  app.post<{ Params: { name: string } }>(credits, async (request) => {
    const body = parseBody(adminCreditBodySchema, request.body);
    if (!body.ok) throw body.error;
    return { status: 'success', data: await asAdmin(() => deps.operationsFor(request).creditAccount(request.params.name, body.value.amount)) };
  });
  methodNotAllowed(app, credits, ['POST']);
}
