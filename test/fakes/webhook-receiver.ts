import { once, EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { listen, type SeenRequest } from './http-fake.ts';

// A webhook receiver on 127.0.0.1: records every delivery with its headers and raw body, and
// answers with the statuses it is told (one per request, in order; 200 once they run out). A
// `hold` answer is not sent until `release`: the request stays open, as with a receiver that hangs.

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body's `type` and `data`. */
  type: string;
  data: Record<string, unknown>;
}

/** Whether the Standard Webhooks package, as a receiver would run it, accepts the message signed with `secret`. */
export function verifiesWith(secret: string, message: ReceivedWebhook): boolean {
  try {
    new Webhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
}

export interface WebhookReceiver {
  /** The base URL; endpoints are registered at `${url}/<path>`. */
  url: string;
  /** host:port for FETCH_ALLOWED_HOSTS. */
  hostPort: string;
  received: ReceivedWebhook[];
  /** Statuses for the next requests to `path`, in order. */
  answer(path: string, ...statuses: Array<number | 'hold'>): void;
  /** Answers the requests to `path` held so far with `status`, in the order they came. */
  /** Answers the requests held at `path` with `status`: all of them, or the `count` oldest. */
  release(path: string, status: number, count?: number): void;
  /** Resolves once `count` requests have arrived at `path` (at once if they already have). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  at(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, Array<number | 'hold'>>();
  const arrivals = new EventEmitter();
  const seen: SeenRequest[] = [];
  const held = new Map<string, ServerResponse[]>();
  const respond = (response: ServerResponse, status: number) => {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status < 300 ? 'ok' : 'no');
  };
  const fake = await listen('receiver', seen, (request, response, url) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      received.push({ path: url.pathname, headers: request.headers, body, type: parsed.type, data: parsed.data });
      const status = scripts.get(url.pathname)?.shift() ?? 200;
      if (status === 'hold') held.set(url.pathname, [...(held.get(url.pathname) ?? []), response]);
      else respond(response, status);
      arrivals.emit('arrived');
    });
  });
  const at = (path: string) => received.filter((r) => r.path === path);
  return {
    url: fake.url,
    hostPort: new URL(fake.url).host,
    received,
    answer(path, ...statuses) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...statuses]);
    },
    release(path, status, count) {
      const waiting = held.get(path) ?? [];
      const answered = waiting.splice(0, count ?? waiting.length);
      for (const response of answered) respond(response, status);
      if (waiting.length === 0) held.delete(path);
    },
    async waitFor(path, count, timeoutMs = 20_000) {
      const signal = AbortSignal.timeout(timeoutMs);
      while (at(path).length < count) await once(arrivals, 'arrived', { signal });
      return at(path);
    },
    at,
    close: () => fake.close(),
  };
}
