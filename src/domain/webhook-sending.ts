// What sending a webhook needs from outside: a sender that posts a signed message, a box that seals
// endpoint secrets. Kept below both sides, so src/webhooks implements them without importing the
// services that use them.

/** One signed message for one endpoint. */
export interface WebhookMessage {
  /** The event id: the same on every attempt, so a receiver can drop a repeat. */
  id: string;
  body: string;
  /** `whsec_…` */
  secret: string;
  /**
   * During rotations' grace periods, the secrets they replaced: the message carries a signature by
   * each (`v1,<new> v1,<previous> …`), and a receiver's verifier accepts any.
   */
  previousSecrets?: readonly string[];
}

/** A 2xx or other answer's status, or no answer at all with why (`address_blocked`, `network_error`, `stopped`, …). */
export type SendOutcome = { status: number } | { status: null; error: string };

/** Posts a signed message to an endpoint through the address guard; never throws for the receiver's faults. */
export interface WebhookSender {
  send(url: string, message: WebhookMessage, signal?: AbortSignal): Promise<SendOutcome>;
}

/** Encrypts endpoint secrets so the database alone does not reveal them. */
export interface SecretBox {
  seal(secret: string): string;
  open(sealed: string): string;
}
