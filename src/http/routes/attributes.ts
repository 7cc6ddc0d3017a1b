import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ATTRIBUTE_SCOPES, ATTRIBUTE_TYPES } from '../../domain/attributes/schema.ts';
import { attributeView } from '../../services/attribute-views.ts';
import { deleteOwnAttribute } from '../../services/delete-attribute.ts';
import { loadOwnSchema } from '../../services/own-schema.ts';
import { saveAttribute, type SaveAttributeOutcome } from '../../services/save-attribute.ts';
import type { AppDeps } from '../app-deps.ts';
import { authOf } from '../auth.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { attributeListResponseSchema, attributeResponseSchema, messageResponseSchema } from '../response-schemas.ts';
import { parseBody } from '../schemas.ts';

const key = (field: string) =>
  z
    .string({ error: `The ${field} must be 1 to 64 lowercase letters, digits or _.` })
    .regex(/^[a-z0-9_]{1,64}$/, { error: `The ${field} must be 1 to 64 lowercase letters, digits or _.` })
    .refine((v) => !['__proto__', 'constructor', 'prototype'].includes(v), { error: `"__proto__", "constructor" and "prototype" cannot be a ${field}.` });
const label = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be a string.` })
    .trim()
    .min(1, { error: `The ${field} cannot be empty.` })
    .max(max, { error: `The ${field} must be at most ${max} characters long.` });
const refs = (field: string) =>
  z
    .array(z.string({ error: `Each of ${field} is an _id or a key.` }).max(255), { error: `The ${field} field must be an array of ids.` })
    .max(500, { error: `At most 500 ${field}.` });

const optionOperation = z
  .record(z.string(), z.unknown(), { error: 'Each option is an operation object: {"action":"new","value":"Red"}.' })
  .describe(
    '`{"action":"new","value":"Red","value_id"?:"red"}`, `{"action":"update","<value or value_id>":null,"new_name":"Crimson","new_value_id"?:"crimson"}` or `{"action":"delete","<value or value_id>":null}`.',
  );

const attributeFields = {
  name: label('name', 200),
  type: z.enum(ATTRIBUTE_TYPES, { error: `The type must be one of ${ATTRIBUTE_TYPES.join(', ')}.` }),
  scope: z.enum(ATTRIBUTE_SCOPES, { error: 'The scope must be "global" or "family".' }),
  description: z.string({ error: 'The description must be a string.' }).max(2_000, { error: 'The description must be at most 2000 characters long.' }).nullable().optional(),
  is_enabled: z.boolean({ error: 'The is_enabled field must be true or false.' }).optional(),
  is_essential: z.boolean({ error: 'The is_essential field must be true or false.' }).optional(),
  unit: z.string({ error: 'The unit must be a string such as "g", "ml" or "W".' }).max(20).nullable().optional(),
  options: z.array(optionOperation, { error: 'The options field must be an array of operations.' }).max(500, { error: 'At most 500 option operations at once.' }).optional(),
  family_ids: refs('family_ids').optional(),
};

export const createAttributeBodySchema = z.strictObject({ attribute_id: key('attribute_id'), ...attributeFields });
export const updateAttributeBodySchema = z.strictObject({
  attribute_id: key('attribute_id').optional(),
  ...attributeFields,
  name: attributeFields.name.optional(),
  type: attributeFields.type.optional(),
  scope: attributeFields.scope.optional(),
});

export const attributeListQuerySchema = z.strictObject({
  scope: z.enum(ATTRIBUTE_SCOPES, { error: 'The scope parameter must be "global" or "family".' }).optional(),
  type: z.enum(ATTRIBUTE_TYPES, { error: `The type parameter must be one of ${ATTRIBUTE_TYPES.join(', ')}.` }).optional(),
  is_enabled: z.enum(['true', 'false', '1', '0'], { error: 'The is_enabled parameter must be true or false.' }).optional(),
});

export const attributeIdParams = z.strictObject({ id: z.string().min(1).max(255).describe('The `_id` or the attribute_id.') });

const ATTRIBUTE_ERRORS = ['validation_failed', 'attribute_not_found'] as const;

export const attributesDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/attributes',
    summary: "List the account's attributes",
    description: 'In the order they were defined. Filters: `scope`, `type`, `is_enabled`.',
    tag: 'Attributes',
    auth: 'bearer',
    query: attributeListQuerySchema,
    responses: { 200: { description: 'The attributes.', schema: attributeListResponseSchema } },
    errors: ['validation_failed'],
  },
  {
    method: 'POST',
    path: '/api/v1/attributes/create',
    summary: 'Define an attribute',
    description:
      'Once an account has attributes, `global_attr` keys are their attribute_ids and every generation fills the enabled ones from facts; a disabled one (`is_enabled: false`) is never filled, and the values products hold are kept but not served until it is enabled again. Select types need `options` (`[{"action":"new","value":"Red"}]`); `family` scope needs `family_ids` (`_id` or family_id); a number may carry a `unit` its values are normalised to.',
    tag: 'Attributes',
    auth: 'bearer',
    body: createAttributeBodySchema,
    responses: { 200: { description: 'The attribute.', schema: attributeResponseSchema } },
    errors: ['validation_failed'],
    idempotent: true,
  },
  {
    method: 'PUT',
    path: '/api/v1/attributes/update/{id}',
    summary: 'Change an attribute',
    description:
      'A partial update. `options` is a list of operations (`new`, `update`, `delete`); options not named are kept. `is_enabled: false` hides the values products hold (nothing fills, serves or restores them) and `true` serves them again.',
    tag: 'Attributes',
    auth: 'bearer',
    params: attributeIdParams,
    body: updateAttributeBodySchema,
    responses: { 200: { description: 'The attribute as it now is.', schema: attributeResponseSchema } },
    errors: ATTRIBUTE_ERRORS,
    idempotent: true,
  },
  {
    method: 'DELETE',
    path: '/api/v1/attributes/delete/{id}',
    summary: 'Delete an attribute',
    description: "Removes the attribute and its values from every product's records. An essential attribute cannot be deleted (`validation_failed`): make it not essential first.",
    tag: 'Attributes',
    auth: 'bearer',
    params: attributeIdParams,
    responses: { 200: { description: '"Attribute deleted successfully".', schema: messageResponseSchema } },
    errors: ATTRIBUTE_ERRORS,
    idempotent: true,
  },
];

function checkId(id: string): void {
  if (id.trim() === '' || id.length > 255) throw validationFailed({ id: ['The id must be 1 to 255 characters long.'] });
}

function answer(outcome: SaveAttributeOutcome, message: string) {
  if (outcome.kind === 'attribute_not_found') throw new ApiError('attribute_not_found', 'Attribute not found');
  if (outcome.kind === 'validation_failed') throw validationFailed(outcome.errors);
  return { status: 'success', message, data: outcome.attribute };
}

export async function attributesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/attributes', async (request, reply) => {
    const query = parseBody(attributeListQuerySchema, request.query);
    if (!query.ok) throw query.error;
    const { scope, type, is_enabled } = query.value;
    const enabled = is_enabled === undefined ? undefined : is_enabled === 'true' || is_enabled === '1';
    const { attributes } = await loadOwnSchema(deps.db, authOf(request).accountId);
    const data = attributes
      .filter((a) => (scope === undefined || a.scope === scope) && (type === undefined || a.type === type) && (enabled === undefined || a.is_enabled === enabled))
      .map(attributeView);
    return reply.send({ status: 'success', data });
  });
  methodNotAllowed(app, '/attributes', ['GET']);

  app.post('/attributes/create', async (request, reply) => {
    const body = parseBody(createAttributeBodySchema, request.body);
    if (!body.ok) throw body.error;
    const outcome = await saveAttribute(deps.db, authOf(request).accountId, undefined, body.value);
    return reply.send(answer(outcome, 'Attribute created successfully'));
  });
  methodNotAllowed(app, '/attributes/create', ['POST']);

  app.put<{ Params: { id: string } }>('/attributes/update/:id', async (request, reply) => {
    checkId(request.params.id);
    const body = parseBody(updateAttributeBodySchema, request.body ?? {});
    if (!body.ok) throw body.error;
    const outcome = await saveAttribute(deps.db, authOf(request).accountId, request.params.id, body.value);
    return reply.send(answer(outcome, 'Attribute updated successfully'));
  });
  methodNotAllowed(app, '/attributes/update/:id', ['PUT']);

  app.delete<{ Params: { id: string } }>('/attributes/delete/:id', async (request, reply) => {
    checkId(request.params.id);
    const outcome = await deleteOwnAttribute(deps.db, authOf(request).accountId, request.params.id);
    if (outcome.kind === 'attribute_not_found') throw new ApiError('attribute_not_found', 'Attribute not found');
    if (outcome.kind === 'attribute_essential') throw validationFailed({ id: ['An essential attribute cannot be deleted; set is_essential to false first.'] });
    request.log.info({ records_changed: outcome.recordsChanged }, 'attribute deleted');
    return reply.send({ status: 'success', message: 'Attribute deleted successfully' });
  });
  methodNotAllowed(app, '/attributes/delete/:id', ['DELETE']);
}
