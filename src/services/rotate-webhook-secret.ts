import type { Database } from '../db/database.ts';
import { findOwnWebhookEndpoint, lockOwnWebhookEndpoint, replaceWebhookSecret } from '../db/webhook-endpoints.ts';
import { newWebhookSecret } from './register-webhook.ts';
import type { SecretBox } from '../domain/webhook-sending.ts';
import type { Clock } from './webhook-ports.ts';
import { endpointView, type WebhookEndpointView } from './webhook-views.ts';

export type RotateOutcome = { kind: 'rotated'; endpoint: WebhookEndpointView; secret: string; previousSecretExpiresAt: string | null } | { kind: 'not_found' };

/**
 * Gives an endpoint of this account a new secret, shown in this answer only (stored sealed). For
 * `graceSeconds` the previous secret signs every attempt too, so a receiver verifying with either
 * keeps accepting while it switches; earlier secrets still in their own grace period keep it. 0
 * stops every earlier secret at once. The grace runs on the delivery clock.
 */
export async function rotateWebhookSecret(
  deps: { db: Database; secrets: SecretBox; clock: Clock },
  accountId: string,
  endpointId: string,
  graceSeconds: number,
): Promise<RotateOutcome> {
  const secret = newWebhookSecret();
  const sealed = deps.secrets.seal(secret);
  return deps.db.transaction<RotateOutcome>(async (tx) => {
    if ((await lockOwnWebhookEndpoint(tx, accountId, endpointId)) === undefined) return { kind: 'not_found' };
    const now = deps.clock.now();
    const expiresAt = graceSeconds === 0 ? null : new Date(now.getTime() + graceSeconds * 1000);
    await replaceWebhookSecret(tx, endpointId, sealed, expiresAt, now);
    const row = await findOwnWebhookEndpoint(tx, accountId, endpointId);
    if (row === undefined) return { kind: 'not_found' };
    return { kind: 'rotated', endpoint: endpointView(row), secret, previousSecretExpiresAt: expiresAt?.toISOString() ?? null };
  });
}
