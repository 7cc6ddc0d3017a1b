import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_ROTATION_GRACE_SECONDS, MAX_ROTATION_GRACE_SECONDS, WEBHOOK_EVENT_TYPES } from '../../domain/webhooks.ts';
import { deleteWebhook } from '../../services/delete-webhook.ts';
import { pingWebhook } from '../../services/ping-webhook.ts';
import { registerWebhook } from '../../services/register-webhook.ts';
import { rotateWebhookSecret } from '../../services/rotate-webhook-secret.ts';
import { updateWebhook } from '../../services/update-webhook.ts';
import { systemClock } from '../../services/webhook-ports.ts';
import { listWebhooks, readWebhookDeliveries } from '../../services/webhook-views.ts';
import { parseAllowedHosts } from '../../domain/address-policy.ts';
import { secretBoxFor } from '../../webhooks/secret-box.ts';
import type { AppDeps } from '../app-deps.ts';
import { authOf } from '../auth.ts';
import { ApiError, validationFailed } from '../errors.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { atLeastOneField, parseBody } from '../schemas.ts';

const URL_MESSAGE = 'The url field must be an http or https URL of at most 2048 characters.';
const EVENTS_MESSAGE = `The events field must be a list of event types: ${WEBHOOK_EVENT_TYPES.join(', ')}.`;
const LIMIT_MESSAGE = 'The limit must be a whole number from 1 to 200.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DESCRIPTION_MESSAGE = 'The description must be text of at most 500 characters.';
const GRACE_MESSAGE = `The expire_previous_after_seconds field must be a whole number of seconds from 0 to ${MAX_ROTATION_GRACE_SECONDS}.`;
// One definition per field, shared by create and change, so both check a URL and a filter alike.
const urlField = z.string({ error: URL_MESSAGE }).min(1, { error: URL_MESSAGE }).max(2048, { error: URL_MESSAGE });
const eventsField = z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE }).min(1, { error: EVENTS_MESSAGE });
const descriptionField = z.string({ error: DESCRIPTION_MESSAGE }).max(500, { error: DESCRIPTION_MESSAGE });

export const webhookCreateBodySchema = z.strictObject({
  url: urlField.describe('Where events are posted.'),
  events: eventsField.optional().describe('The event types to send; omitted: all of them.'),
  description: descriptionField.optional(),
});

export const webhookUpdateBodySchema = atLeastOneField(
  z.strictObject({
    url: urlField.optional().describe('Where events are posted from now on, checked as at registration; pending deliveries (retries too, made due at once) go there.'),
    events: eventsField.nullable().optional().describe('The event types to send from now on; null: all of them. Deliveries already recorded are still sent.'),
    description: descriptionField.nullable().optional().describe('Null removes it.'),
    enabled: z
      .boolean({ error: 'The enabled field must be true or false.' })
      .optional()
      .describe('true: enable a disabled endpoint (its failing streak starts over); false: disable it, giving up its pending deliveries.'),
  }),
  'Send at least one of url, events, description, enabled.',
);

export const webhookRotateBodySchema = z.strictObject({
  expire_previous_after_seconds: z
    .number({ error: GRACE_MESSAGE })
    .int({ error: GRACE_MESSAGE })
    .min(0, { error: GRACE_MESSAGE })
    .max(MAX_ROTATION_GRACE_SECONDS, { error: GRACE_MESSAGE })
    .optional()
    .describe(`How long the previous secret keeps signing beside the new one; default ${DEFAULT_ROTATION_GRACE_SECONDS} (a day), 0: it and every earlier secret stop at once.`),
});

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()).nullable().describe('The event types sent; null: all of them.'),
    status: z.enum(['enabled', 'disabled']),
    failing_since: z.iso.datetime().nullable().describe('Since when every attempt to this endpoint failed; null while it answers.'),
    disabled_at: z.iso.datetime().nullable(),
    validation_messages: z.array(z.string()).describe('Why the endpoint was disabled (after five days of failed deliveries); empty while enabled.'),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const webhookCreatedResponseSchema = z.object({
  status: z.literal('success'),
  data: webhookEndpointSchema.extend({
    secret: z
      .string()
      .nullable()
      .describe('The signing secret (`whsec_…`), shown in this answer only. Null in an answer replayed for a repeated Idempotency-Key: it is never stored in the clear.'),
  }),
});

export const webhookEndpointResponseSchema = z.object({ status: z.literal('success'), data: webhookEndpointSchema });

export const webhookRotatedResponseSchema = z.object({
  status: z.literal('success'),
  data: webhookEndpointSchema.extend({
    secret: z
      .string()
      .nullable()
      .describe('The new signing secret (`whsec_…`), shown in this answer only. Null in an answer replayed for a repeated Idempotency-Key: it is never stored in the clear.'),
    previous_secret_expires_at: z.iso
      .datetime()
      .nullable()
      .describe('Until when the previous secret signs too (`webhook-signature` then holds a signature by each secret still signing); null: no earlier secret signs.'),
  }),
});

export const webhookListResponseSchema = z.object({ status: z.literal('success'), data: z.array(webhookEndpointSchema) });

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event_id: z.uuid().describe('The `webhook-id` header the receiver got.'),
  type: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']).describe('`failed`: the retries are spent, or the endpoint was disabled.'),
  attempts: z.number().int().min(0),
  last_status: z.number().int().nullable().describe('The HTTP status of the last answer; null when none came.'),
  last_error: z
    .string()
    .nullable()
    .describe(
      "Why the last attempt failed: `answered 500`; `address_blocked` (the name does not resolve, or its address is private, local or reserved); `network_error` (no answer: refused, reset, timed out or a TLS failure; the detail is in the server's log only, so that no account can map internal names or scan ports through it); `secret_unreadable` (the WEBHOOK_SECRET_KEY of the sending worker does not open the endpoint secret).",
    ),
  last_attempt_at: z.iso.datetime().nullable(),
  next_attempt_at: z.iso.datetime().nullable().describe('When the next attempt is due (while pending).'),
  delivered_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});

export const webhookDeliveriesResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    deliveries: z.array(webhookDeliverySchema),
    next_before: z.uuid().nullable().describe('Pass as `before` for the next (older) page; null on the last page.'),
  }),
});

export const webhookPingResponseSchema = z.object({ status: z.literal('success'), data: z.object({ event_id: z.uuid() }) });
export const webhookDeletedResponseSchema = z.object({ status: z.literal('success') });

export const webhookParamsSchema = z.object({ id: z.string().describe('The endpoint id.') });
export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE }).max(200, { error: LIMIT_MESSAGE }).optional(),
  before: z.uuid({ error: 'The before parameter must be a delivery id from a previous page (next_before).' }).optional(),
});

const COMMON_ERRORS = ['unauthorized', 'rate_limited', 'internal_error', 'unavailable'] as const;

export const webhooksDocs: RouteDoc[] = [
  {
    method: 'POST',
    path: '/api/v1/webhooks',
    summary: 'Register a webhook endpoint',
    description:
      'Events are posted to `url` signed per Standard Webhooks (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`). The URL must be http or https; an address that is private, loopback or reserved is refused unless the operator allows its host and port (FETCH_ALLOWED_HOSTS). The answer holds the signing secret, once.',
    tag: 'Webhooks',
    auth: 'bearer',
    body: webhookCreateBodySchema,
    responses: { 201: { description: 'The endpoint with its secret.', schema: webhookCreatedResponseSchema } },
    errors: ['validation_failed', 'invalid_json', 'unsupported_media_type', ...COMMON_ERRORS],
    idempotent: true,
  },
  {
    method: 'GET',
    path: '/api/v1/webhooks',
    summary: "The account's webhook endpoints",
    description: 'Oldest first. A disabled endpoint says why in `validation_messages`.',
    tag: 'Webhooks',
    auth: 'bearer',
    responses: { 200: { description: 'The endpoints (never their secrets).', schema: webhookListResponseSchema } },
    errors: [...COMMON_ERRORS],
  },
  {
    method: 'DELETE',
    path: '/api/v1/webhooks/{id}',
    summary: 'Delete a webhook endpoint',
    description: 'Nothing more is sent to it; its deliveries are removed with it.',
    tag: 'Webhooks',
    auth: 'bearer',
    params: webhookParamsSchema,
    responses: { 200: { description: 'Deleted.', schema: webhookDeletedResponseSchema } },
    errors: ['webhook_not_found', ...COMMON_ERRORS],
    idempotent: true,
  },
  {
    method: 'PATCH',
    path: '/api/v1/webhooks/{id}',
    summary: 'Change a webhook endpoint',
    description:
      'Any of `url`, `events`, `description`, `enabled`; at least one. A new `url` is checked as at registration; deliveries still pending (their retries made due at once) go to it, an attempt already under way finishes at the old one (if it fails there, it is retried at the new one at once and does not count against it), and the endpoint no longer counts as failing. `events` applies to events from now on. `enabled: true` enables a disabled endpoint (also one disabled after five days of failures) and starts its failing streak over; deliveries given up when it was disabled stay given up. `enabled: false` disables it and gives up its pending deliveries, test pings queued before it included; a test ping sent afterwards still goes, and a 2xx answer to it enables the endpoint again.',
    tag: 'Webhooks',
    auth: 'bearer',
    params: webhookParamsSchema,
    body: webhookUpdateBodySchema,
    responses: { 200: { description: 'The endpoint after the change, as listed.', schema: webhookEndpointResponseSchema } },
    errors: ['validation_failed', 'webhook_not_found', 'invalid_json', 'unsupported_media_type', ...COMMON_ERRORS],
    idempotent: true,
  },
  {
    method: 'POST',
    path: '/api/v1/webhooks/{id}/secret/rotate',
    summary: "Rotate an endpoint's signing secret",
    description:
      'The answer holds the new secret, once. Until `previous_secret_expires_at` every attempt is signed with both secrets (`webhook-signature: v1,<new> v1,<previous>`; Standard Webhooks verifiers accept a message when any signature matches), so a receiver can switch without dropping a message; then only the new one signs. Rotating again during that time keeps earlier secrets signing until their own ends (the three ending last), so a rotation whose answer was lost can be made again. `0` stops every earlier secret at once. Send `{}` for the default grace period of a day.',
    tag: 'Webhooks',
    auth: 'bearer',
    params: webhookParamsSchema,
    body: webhookRotateBodySchema,
    responses: { 200: { description: 'The endpoint with its new secret.', schema: webhookRotatedResponseSchema } },
    errors: ['validation_failed', 'webhook_not_found', 'invalid_json', 'unsupported_media_type', ...COMMON_ERRORS],
    idempotent: true,
  },
  {
    method: 'GET',
    path: '/api/v1/webhooks/{id}/deliveries',
    summary: "An endpoint's deliveries, newest first",
    description: 'Each event sent (or to be sent) to the endpoint: attempts, last status, next attempt, when delivered. Paged by `before`.',
    tag: 'Webhooks',
    auth: 'bearer',
    params: webhookParamsSchema,
    query: webhookDeliveriesQuerySchema,
    responses: { 200: { description: 'One page of deliveries.', schema: webhookDeliveriesResponseSchema } },
    errors: ['validation_failed', 'webhook_not_found', ...COMMON_ERRORS],
  },
  {
    method: 'POST',
    path: '/api/v1/webhooks/{id}/test',
    summary: 'Send a test `ping` to an endpoint',
    description:
      'Queued like any event, whatever the endpoint subscribed to; also to a disabled endpoint, which a 2xx answer enables again, and also past the cap of pending deliveries. An endpoint is sent at most WEBHOOK_PINGS_PER_HOUR pings an hour (default 10); one more is 429 `rate_limited` with `Retry-After`, and nothing is queued. Send `{}` as the body.',
    tag: 'Webhooks',
    auth: 'bearer',
    params: webhookParamsSchema,
    body: z.strictObject({}),
    responses: { 202: { description: 'The ping is queued.', schema: webhookPingResponseSchema } },
    errors: ['webhook_not_found', 'invalid_json', 'unsupported_media_type', ...COMMON_ERRORS],
    idempotent: true,
  },
];

const notFound = () => new ApiError('webhook_not_found', 'No webhook endpoint of this account has this id.');

export async function webhooksRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const secrets = deps.webhooks?.secrets ?? secretBoxFor(deps.config);
  const allowedHosts = parseAllowedHosts(deps.config.fetch.allowedHosts);
  // The delivery clock: a rotation's grace period ends by the same time the attempts are made on.
  const clock = deps.webhooks?.clock ?? systemClock;
  const list = '/webhooks';
  app.post(list, { config: { secretInAnswer: true } }, async (request, reply) => {
    const body = parseBody(webhookCreateBodySchema, request.body);
    if (!body.ok) throw body.error;
    const { url, events, description } = body.value;
    const outcome = await registerWebhook({ db: deps.db, secrets, allowedHosts }, authOf(request).accountId, {
      url,
      events: events ?? null,
      description: description ?? null,
    });
    if (outcome.kind === 'url_refused') throw validationFailed({ url: [outcome.message] });
    if (outcome.kind === 'too_many') throw validationFailed({ url: [outcome.message] });
    return reply.code(201).send({ status: 'success', data: { ...outcome.endpoint, secret: outcome.secret } });
  });
  app.get(list, async (request) => ({ status: 'success', data: await listWebhooks(deps.db, authOf(request).accountId) }));
  methodNotAllowed(app, list, ['GET', 'POST']);

  const one = '/webhooks/:id';
  app.delete<{ Params: { id: string } }>(one, async (request) => {
    const { id } = request.params;
    if (!UUID.test(id) || !(await deleteWebhook(deps.db, authOf(request).accountId, id))) throw notFound();
    return { status: 'success' };
  });
  app.patch<{ Params: { id: string } }>(one, async (request) => {
    const { id } = request.params;
    if (!UUID.test(id)) throw notFound();
    const body = parseBody(webhookUpdateBodySchema, request.body);
    if (!body.ok) throw body.error;
    const outcome = await updateWebhook({ db: deps.db, allowedHosts, clock }, authOf(request).accountId, id, body.value);
    if (outcome.kind === 'not_found') throw notFound();
    if (outcome.kind === 'url_refused') throw validationFailed({ url: [outcome.message] });
    return { status: 'success', data: outcome.endpoint };
  });
  methodNotAllowed(app, one, ['PATCH', 'DELETE']);

  const rotate = '/webhooks/:id/secret/rotate';
  app.post<{ Params: { id: string } }>(rotate, { config: { secretInAnswer: true } }, async (request) => {
    const body = parseBody(webhookRotateBodySchema, request.body);
    if (!body.ok) throw body.error;
    const { id } = request.params;
    if (!UUID.test(id)) throw notFound();
    const grace = body.value.expire_previous_after_seconds ?? DEFAULT_ROTATION_GRACE_SECONDS;
    const outcome = await rotateWebhookSecret({ db: deps.db, secrets, clock }, authOf(request).accountId, id, grace);
    if (outcome.kind === 'not_found') throw notFound();
    return { status: 'success', data: { ...outcome.endpoint, secret: outcome.secret, previous_secret_expires_at: outcome.previousSecretExpiresAt } };
  });
  methodNotAllowed(app, rotate, ['POST']);

  const deliveries = '/webhooks/:id/deliveries';
  app.get<{ Params: { id: string } }>(deliveries, async (request) => {
    const query = parseBody(webhookDeliveriesQuerySchema, request.query);
    if (!query.ok) throw query.error;
    const { id } = request.params;
    const page = UUID.test(id)
      ? await readWebhookDeliveries(deps.db, authOf(request).accountId, id, { limit: query.value.limit ?? 50, before: query.value.before ?? null })
      : undefined;
    if (page === undefined) throw notFound();
    return { status: 'success', data: { deliveries: page.deliveries, next_before: page.nextBefore } };
  });
  methodNotAllowed(app, deliveries, ['GET']);

  const test = '/webhooks/:id/test';
  app.post<{ Params: { id: string } }>(test, async (request, reply) => {
    const body = parseBody(z.strictObject({}), request.body);
    if (!body.ok) throw body.error;
    const { id } = request.params;
    if (!UUID.test(id)) throw notFound();
    const outcome = await pingWebhook(deps.db, authOf(request).accountId, id, deps.config.webhooks.pingsPerHour);
    if (outcome.kind === 'not_found') throw notFound();
    if (outcome.kind === 'too_many') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      throw new ApiError('rate_limited', `This endpoint was sent ${outcome.perHour} test pings in the last hour, its limit; retry in ${outcome.retryAfterSeconds} seconds.`, {
        retry_after_seconds: outcome.retryAfterSeconds,
      });
    }
    return reply.code(202).send({ status: 'success', data: { event_id: outcome.eventId } });
  });
  methodNotAllowed(app, test, ['POST']);
}
