import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deleteOwnFamily } from '../../services/delete-family.ts';
import { familyView } from '../../services/attribute-views.ts';
import { loadOwnSchema } from '../../services/own-schema.ts';
import { saveFamily, type SaveFamilyOutcome } from '../../services/save-family.ts';
import type { AppDeps } from '../app-deps.ts';
import { authOf } from '../auth.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { familyListResponseSchema, familyResponseSchema, messageResponseSchema } from '../response-schemas.ts';
import { parseBody } from '../schemas.ts';

const familyKey = z
  .string({ error: 'The family_id must be 1 to 64 lowercase letters, digits or _.' })
  .regex(/^[a-z0-9_]{1,64}$/, { error: 'The family_id must be 1 to 64 lowercase letters, digits or _.' });
const familyFields = {
  name: z
    .string({ error: 'The name must be a string.' })
    .trim()
    .min(1, { error: 'The name cannot be empty.' })
    .max(200, { error: 'The name must be at most 200 characters long.' }),
  description: z.string({ error: 'The description must be a string.' }).max(2_000, { error: 'The description must be at most 2000 characters long.' }).nullable().optional(),
  attribute_ids: z
    .array(z.string({ error: 'Each of attribute_ids is an _id or an attribute_id.' }).max(255), { error: 'The attribute_ids field must be an array of ids.' })
    .max(500, { error: 'At most 500 attribute_ids.' })
    .optional(),
};

export const createFamilyBodySchema = z.strictObject({ family_id: familyKey, ...familyFields });
export const updateFamilyBodySchema = z.strictObject({ family_id: familyKey.optional(), ...familyFields, name: familyFields.name.optional() });
export const familyIdParams = z.strictObject({ id: z.string().min(1).max(255).describe('The `_id` or the family_id.') });

export const familiesDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/families',
    summary: "List the account's families",
    tag: 'Attributes',
    auth: 'bearer',
    responses: { 200: { description: 'The families.', schema: familyListResponseSchema } },
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/v1/families/create',
    summary: 'Define a family',
    description: 'A kind of product with its own attributes (`attribute_ids`: `_id`s or attribute_ids).',
    tag: 'Attributes',
    auth: 'bearer',
    body: createFamilyBodySchema,
    responses: { 200: { description: 'The family.', schema: familyResponseSchema } },
    errors: ['validation_failed'],
    idempotent: true,
  },
  {
    method: 'PUT',
    path: '/api/v1/families/update/{id}',
    summary: 'Change a family',
    description: 'A partial update; `attribute_ids`, when sent, is the whole new list.',
    tag: 'Attributes',
    auth: 'bearer',
    params: familyIdParams,
    body: updateFamilyBodySchema,
    responses: { 200: { description: 'The family as it now is.', schema: familyResponseSchema } },
    errors: ['validation_failed', 'family_not_found'],
    idempotent: true,
  },
  {
    method: 'DELETE',
    path: '/api/v1/families/delete/{id}',
    summary: 'Delete a family',
    description: 'Its products are left without a family; its attributes stay defined.',
    tag: 'Attributes',
    auth: 'bearer',
    params: familyIdParams,
    responses: { 200: { description: '"Family deleted successfully".', schema: messageResponseSchema } },
    errors: ['validation_failed', 'family_not_found'],
    idempotent: true,
  },
];

function checkId(id: string): void {
  if (id.trim() === '' || id.length > 255) throw validationFailed({ id: ['The id must be 1 to 255 characters long.'] });
}

function answer(outcome: SaveFamilyOutcome, message: string) {
  if (outcome.kind === 'family_not_found') throw new ApiError('family_not_found', 'Family not found');
  if (outcome.kind === 'validation_failed') throw validationFailed(outcome.errors);
  return { status: 'success', message, data: outcome.family };
}

export async function familiesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/families', async (request, reply) => {
    const { families } = await loadOwnSchema(deps.db, authOf(request).accountId);
    return reply.send({ status: 'success', data: families.map(familyView) });
  });
  methodNotAllowed(app, '/families', ['GET']);

  app.post('/families/create', async (request, reply) => {
    const body = parseBody(createFamilyBodySchema, request.body);
    if (!body.ok) throw body.error;
    return reply.send(answer(await saveFamily(deps.db, authOf(request).accountId, undefined, body.value), 'Family created successfully'));
  });
  methodNotAllowed(app, '/families/create', ['POST']);

  app.put<{ Params: { id: string } }>('/families/update/:id', async (request, reply) => {
    checkId(request.params.id);
    const body = parseBody(updateFamilyBodySchema, request.body ?? {});
    if (!body.ok) throw body.error;
    return reply.send(answer(await saveFamily(deps.db, authOf(request).accountId, request.params.id, body.value), 'Family updated successfully'));
  });
  methodNotAllowed(app, '/families/update/:id', ['PUT']);

  app.delete<{ Params: { id: string } }>('/families/delete/:id', async (request, reply) => {
    checkId(request.params.id);
    const outcome = await deleteOwnFamily(deps.db, authOf(request).accountId, request.params.id);
    if (outcome === 'family_not_found') throw new ApiError('family_not_found', 'Family not found');
    return reply.send({ status: 'success', message: 'Family deleted successfully' });
  });
  methodNotAllowed(app, '/families/delete/:id', ['DELETE']);
}
