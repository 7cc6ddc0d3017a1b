import type { Database } from '../db/database.ts';
import { disableEndpoint, recordDelivered, recordFailedAttempt, type ClaimedDelivery, type DeliveredAttempt } from '../db/webhook-deliveries.ts';
import { disabledNote, isDelivered, shouldDisable } from '../domain/webhooks.ts';
import type { SecretBox, SendOutcome, WebhookSender } from '../domain/webhook-sending.ts';
import type { RetryPolicy } from '../queue/retry-policy.ts';
import type { Clock } from './webhook-ports.ts';

export interface DeliverWebhookDeps {
  db: Database;
  sender: WebhookSender;
  secrets: SecretBox;
  clock: Clock;
  /** When a failed attempt is tried again (the delivery's schedule). */
  retry: RetryPolicy;
  /** Records a 2xx answer (true) or finds the claim lost (false); by default a transaction of its own (the worker batches them). */
  recordDelivered?: (attempt: DeliveredAttempt) => Promise<boolean>;
}

/**
 * `claim_lost`: nothing was recorded, as the attempt no longer held its delivery (its lease lapsed
 * and another attempt took it, the delivery was given up, or its endpoint deleted meanwhile).
 * `retry_scheduled` / `given_up`: the attempt failed; `endpoint_disabled` when that failure was
 * the fifth day of them.
 */
export type DeliveryOutcome = 'claim_lost' | 'delivered' | 'retry_scheduled' | 'given_up' | 'endpoint_disabled';

/** One attempt at a delivery the queue claimed: send it signed, record what happened under the claim. */
export async function deliverClaimed(deps: DeliverWebhookDeps, claimed: ClaimedDelivery, signal?: AbortSignal): Promise<DeliveryOutcome | 'stopped'> {
  const outcome = await send(deps, claimed, signal);
  // Cut off by the worker's stop before an answer: not an attempt of the receiver's; handed back.
  if ('error' in outcome && outcome.error === 'stopped') return 'stopped';
  return record(deps, claimed, outcome);
}

async function send(deps: DeliverWebhookDeps, claimed: ClaimedDelivery, signal?: AbortSignal): Promise<SendOutcome> {
  // Only a test ping reaches a disabled endpoint: its answer is how the endpoint is enabled again.
  if (claimed.endpoint_disabled && claimed.type !== 'ping') return { status: null, error: 'endpoint disabled' };
  const secret = openSecret(deps.secrets, claimed.secret_sealed);
  // Another key (a worker with its own key file): thrown, the attempt would be claimed again at
  // every lease for ever; recorded, it follows the schedule and shows in the delivery list.
  if (secret === null) return { status: null, error: 'secret_unreadable' };
  // A previous secret this key cannot open only loses its extra signature: the current one signs.
  const previousSecrets = claimed.previous_secrets_sealed.flatMap((sealed) => openSecret(deps.secrets, sealed) ?? []);
  return deps.sender.send(claimed.url, { id: claimed.event_id, body: claimed.body, secret, previousSecrets }, signal);
}

function openSecret(secrets: SecretBox, sealed: string): string | null {
  try {
    return secrets.open(sealed);
  } catch {
    return null;
  }
}

async function record(deps: DeliverWebhookDeps, claimed: ClaimedDelivery, outcome: SendOutcome): Promise<DeliveryOutcome> {
  const at = deps.clock.now();
  const delivery = { id: claimed.id, endpointId: claimed.endpoint_id, orderingKey: claimed.ordering_key, url: claimed.url, token: claimed.claim_token };
  if (!('error' in outcome) && isDelivered(outcome.status)) {
    const status = outcome.status;
    const recorded =
      deps.recordDelivered === undefined ? await deps.db.transaction((tx) => recordDelivered(tx, delivery, at, status)) : await deps.recordDelivered({ delivery, at, status });
    return recorded ? 'delivered' : 'claim_lost';
  }
  const failure = 'error' in outcome ? outcome : { status: outcome.status, error: `answered ${outcome.status}` };
  const wait = deps.retry.delayAfter(claimed.attempts);
  const retryAt = wait === null ? null : new Date(at.getTime() + wait * 1000);
  return deps.db.transaction(async (tx) => {
    const recorded = await recordFailedAttempt(tx, delivery, at, failure, retryAt);
    if (recorded.lost) return 'claim_lost';
    const { failingSince, gaveUp } = recorded;
    if (
      failingSince !== undefined &&
      shouldDisable(failingSince, at) &&
      (await disableEndpoint(tx, claimed.endpoint_id, at, disabledNote(failingSince), { kind: 'failing', since: failingSince }))
    ) {
      return 'endpoint_disabled';
    }
    return gaveUp ? 'given_up' : 'retry_scheduled';
  });
}
