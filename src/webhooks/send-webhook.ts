import { request } from 'undici';
import { Webhook } from 'standardwebhooks';
import { createGuardedAgent, isAddressBlocked } from '../media/guarded-fetch.ts';
import type { LookupFunction } from 'node:net';
import type { SendOutcome, WebhookMessage, WebhookSender } from '../domain/webhook-sending.ts';

/** No answer within this long counts as a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer before the connection is dropped; its content is not used. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookSenderOptions {
  /** FETCH_ALLOWED_HOSTS: the same operator allow-list as image fetches. */
  allowedHosts: readonly string[];
  connectTimeoutMs: number;
  userAgent: string;
  timeoutMs?: number;
  /** Same contract as dns.lookup; tests map names to addresses without DNS. */
  lookup?: LookupFunction;
  /** Where the detail of a failure goes (the server's log): the endpoint's owner is told only its reason. */
  logFailure?: (failure: { url: string; reason: string; detail: string }) => void;
}

/**
 * The reasons an attempt without an answer is given. Two only: telling a name that does not
 * resolve from a private address, or a refused port from a filtered one or a slow receiver, would
 * let an account map internal names and scan ports from the server's address.
 */
export const NO_ANSWER_REASONS = {
  /** The name does not resolve, or resolves to an address that is private, local or reserved. */
  blocked: 'address_blocked',
  /** Anything else that left no answer: refused, reset, timed out (connecting or answering), TLS. */
  unreachable: 'network_error',
} as const;

/**
 * Posts Standard Webhooks messages through the guarded agent: the address is checked inside the
 * socket's own DNS lookup (no private, loopback or metadata address unless the operator allows the
 * host and port), a redirect is an answer like any other (never followed), the body read stops at
 * 64 KiB, and the whole exchange has 10 seconds.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender & { close(): Promise<void> } {
  const agent = createGuardedAgent({
    allowedHosts: options.allowedHosts,
    connectTimeoutMs: options.connectTimeoutMs,
    ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
  });
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;

  async function send(url: string, message: WebhookMessage, callerSignal?: AbortSignal): Promise<SendOutcome> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal === undefined ? timeout : AbortSignal.any([callerSignal, timeout]);
    // The signing time is the wall clock's: receivers compare it with theirs to refuse replays.
    const signedAt = new Date();
    const secrets = [message.secret, ...(message.previousSecrets ?? [])];
    const signature = secrets.map((secret) => new Webhook(secret).sign(message.id, signedAt, message.body)).join(' ');
    try {
      const response = await request(url, {
        method: 'POST',
        dispatcher: agent,
        signal,
        body: message.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': options.userAgent,
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      await readAtMost(response.body, MAX_RESPONSE_BYTES);
      return { status: response.statusCode };
    } catch (err) {
      if (callerSignal?.aborted === true && !timeout.aborted) return { status: null, error: 'stopped' };
      const code = codeOf(err);
      const reason = isAddressBlocked(err) || (code !== undefined && NAME_UNUSABLE_CODES.has(code)) ? NO_ANSWER_REASONS.blocked : NO_ANSWER_REASONS.unreachable;
      options.logFailure?.({ url, reason, detail: timeout.aborted ? `no answer in ${timeoutMs} ms` : (code ?? (err instanceof Error ? err.message : String(err))) });
      return { status: null, error: reason };
    }
  }

  return { send, close: () => agent.close() };
}

/** Reads up to `limit` bytes and drops the rest with the connection. */
async function readAtMost(body: AsyncIterable<Uint8Array> & { destroy(): void }, limit: number): Promise<void> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.byteLength;
    if (read > limit) {
      body.destroy();
      return;
    }
  }
}

// Errors the resolver gives for a name that does not exist or has no address.
const NAME_UNUSABLE_CODES: ReadonlySet<string> = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA', 'EAI_AGAIN']);

function codeOf(err: unknown): string | undefined {
  for (let e = err, i = 0; e instanceof Error && i < 8; e = e.cause, i++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
  }
  return undefined;
}
