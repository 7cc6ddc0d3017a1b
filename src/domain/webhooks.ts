// Webhook rules: which events exist, when a failed delivery is tried again, when an endpoint is
// given up on. Pure: no I/O.

export const WEBHOOK_EVENT_TYPES = ['product.completed', 'product.failed', 'product.publication_state_changed', 'credits.low'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** `ping` is sent on request to one endpoint only; it cannot be subscribed to. */
export type DeliveredEventType = WebhookEventType | 'ping';

/** Waits before each retry, in seconds (schedulePolicy): about a day and a quarter in all, eight attempts. */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = Object.freeze([5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600]);

/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;

/** Whether an endpoint failing since `failingSince` is failing long enough to be disabled at `now`. */
export function shouldDisable(failingSince: Date, now: Date): boolean {
  return now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
}

/** What the account reads on an endpoint that was disabled. */
export function disabledNote(failingSince: Date): string {
  return `Disabled: every delivery failed since ${failingSince.toISOString()} (five days in a row). Pending deliveries were given up. Send a test ping; when it is answered with 2xx the endpoint is enabled again.`;
}

/** The error of a delivery not queued because its endpoint had its cap of pending deliveries. */
export const BACKLOG_FULL_ERROR = 'backlog_full';

/** What the account reads on an endpoint whose pending deliveries reached their cap. */
export function backlogFullNote(since: Date): string {
  return `Since ${since.toISOString()} events are not queued for this endpoint: its pending deliveries reached the instance's cap (WEBHOOK_PENDING_PER_ENDPOINT), because its receiver fails or answers too slowly. Those events are listed among its deliveries as failed with the error "${BACKLOG_FULL_ERROR}". The next 2xx answer ends this.`;
}

/** What the account reads on an endpoint it disabled itself. */
export const DISABLED_ON_REQUEST_NOTE = 'Disabled on request (PATCH with "enabled": false). Pending deliveries were given up. Set "enabled": true to receive events again.';

/** After a secret rotation, how long the previous secret signs too unless the request says otherwise. */
export const DEFAULT_ROTATION_GRACE_SECONDS = 24 * 3600;
/** The longest grace period a rotation may ask for: a week, the longest a retry schedule may wait. */
export const MAX_ROTATION_GRACE_SECONDS = 7 * 24 * 3600;

/** The body every attempt sends and signs: the Standard Webhooks shape. */
export function eventBody(type: DeliveredEventType, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** Deliveries of one key reach an endpoint in the order they were recorded; a product's events share one. */
export function orderingKey(event: { productId?: string | null; accountId: string; eventId: string; type: DeliveredEventType }): string {
  if (event.productId !== undefined && event.productId !== null) return `product:${event.productId}`;
  if (event.type === 'credits.low') return `account:${event.accountId}`;
  return `event:${event.eventId}`;
}

/** A 2xx answer is a delivery; anything else (or none) is retried. */
export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status <= 299;
}

/** Reads a schedule override such as "5,300,1800": seconds, each 0 or more. */
export function parseRetrySchedule(text: string): { ok: true; value: number[] } | { ok: false; problem: string } {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const values = parts.map(Number);
  if (parts.length === 0 || values.some((n) => !Number.isInteger(n) || n < 0 || n > 7 * 24 * 3600)) {
    return { ok: false, problem: 'must be a comma-separated list of whole seconds from 0 to 604800, e.g. 5,300,1800' };
  }
  return { ok: true, value: values };
}
