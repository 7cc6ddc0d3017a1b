import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The plumbing the fake remote services share: a real HTTP server on 127.0.0.1, port 0, that
// records every request it gets and can be closed even while it holds a request open.

export interface SeenRequest {
  /** Which fake answered ('main', 'sister' …), for fakes made of several servers. */
  server: string;
  method: string;
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
}

export interface ListeningFake {
  url: string;
  close(): Promise<void>;
}

export async function listen(name: string, seen: SeenRequest[], handle: (request: IncomingMessage, response: ServerResponse, url: URL) => void): Promise<ListeningFake> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push({ server: name, method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, userAgent: request.headers['user-agent'] });
    handle(request, response, url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // A "slow" request is never answered: drop it so close() does not wait for it.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** The failures every fake can be told to answer for a code. */
export type FakeFailure =
  | { kind: 'rate_limited'; retryAfterSeconds?: number }
  | { kind: 'server_error'; status?: number }
  /** Headers never come: the client's timeout must fire. */
  | { kind: 'slow' }
  /** 200 with a body cut off mid-JSON. */
  | { kind: 'malformed' }
  | { kind: 'redirect'; location: string };

/** Answers a failure; returns false when `failure` is undefined (the caller answers normally). */
export function answerFailure(response: ServerResponse, failure: FakeFailure | undefined): boolean {
  if (failure === undefined) return false;
  switch (failure.kind) {
    case 'rate_limited': {
      const headers: Record<string, string> = { 'content-type': 'text/html' };
      if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
      response.writeHead(429, headers);
      response.end('<html><body><h1>429 Too Many Requests</h1></body></html>');
      return true;
    }
    case 'server_error':
      response.writeHead(failure.status ?? 500, { 'content-type': 'text/html' });
      response.end('<html><body><h1>Internal Server Error</h1></body></html>');
      return true;
    case 'slow':
      return true;
    case 'malformed':
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end('{"code":"cut off","product":{"product_name":"Spag');
      return true;
    case 'redirect':
      response.writeHead(302, { location: failure.location });
      response.end();
      return true;
  }
}
