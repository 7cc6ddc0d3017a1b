// A listener that serves only GET /metrics, apart from the API: `vetrina worker` has no API to
// be scraped through, and a deployment can keep metrics on an internal port while the API port
// faces clients. A bare node:http server: it needs none of the API's auth, limits or logging.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from '../metrics.ts';

export interface MetricsServer {
  /** `http://HOST:PORT`, with the port actually bound (port 0 picks a free one). */
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(metrics: Metrics, options: { host: string; port: number }): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    answer(metrics, request, response).catch(() => {
      if (!response.headersSent) sendText(response, 500, 'metrics could not be collected\n');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Scrapers keep connections alive between scrapes: they must not hold the shutdown.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function answer(metrics: Metrics, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    sendText(response, 404, 'not found: this port serves GET /metrics only\n');
    return;
  }
  const text = await metrics.registry.metrics();
  response.writeHead(200, { 'content-type': metrics.registry.contentType, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
