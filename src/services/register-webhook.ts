import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { insertWebhookEndpoint, listWebhookEndpoints } from '../db/webhook-endpoints.ts';
import type { WebhookEventType } from '../domain/webhooks.ts';
import { checkFetchUrl, literalHostMayConnect, type AllowedHost } from '../domain/address-policy.ts';
import { endpointView, type WebhookEndpointView } from './webhook-views.ts';
import type { SecretBox } from '../domain/webhook-sending.ts';

/** Enough for any integration; a runaway script cannot make every event fan out without bound. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;

export type RegisterOutcome =
  | { kind: 'registered'; endpoint: WebhookEndpointView; secret: string }
  | { kind: 'url_refused'; message: string }
  | { kind: 'too_many'; message: string };

/**
 * The URL rules checked before anything is stored: http(s), no credentials, and no IP literal in a
 * private, loopback or reserved range unless the operator allows that host and port. A name is
 * checked where it is used, in each delivery's own DNS lookup.
 */
export function checkEndpointUrl(input: string, allowedHosts: readonly AllowedHost[]): { ok: true; url: string } | { ok: false; message: string } {
  const check = checkFetchUrl(input);
  if (!check.ok) return { ok: false, message: `The url cannot receive webhooks: ${check.problem}.` };
  if (!literalHostMayConnect(check.url, allowedHosts)) {
    return { ok: false, message: 'The url cannot receive webhooks: its address is private, local or reserved.' };
  }
  return { ok: true, url: check.url.href };
}

/** A fresh signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A new endpoint with a fresh secret, which this answer shows once: only its sealed form is stored. */
export async function registerWebhook(
  deps: { db: Database; secrets: SecretBox; allowedHosts: readonly AllowedHost[] },
  accountId: string,
  input: { url: string; events: readonly WebhookEventType[] | null; description: string | null },
): Promise<RegisterOutcome> {
  const url = checkEndpointUrl(input.url, deps.allowedHosts);
  if (!url.ok) return { kind: 'url_refused', message: url.message };
  if ((await listWebhookEndpoints(deps.db, accountId)).length >= MAX_ENDPOINTS_PER_ACCOUNT) {
    return { kind: 'too_many', message: `An account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first.` };
  }
  const secret = newWebhookSecret();
  const events = input.events === null ? null : [...new Set(input.events)];
  const row = await insertWebhookEndpoint(deps.db, { accountId, url: url.url, description: input.description, events, secretSealed: deps.secrets.seal(secret) });
  return { kind: 'registered', endpoint: endpointView(row), secret };
}
