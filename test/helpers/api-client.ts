import type { AddressInfo } from 'node:net';
import { Api } from '../client/vetrina-api.ts';
import type { Harness } from './harness.ts';

// The typed client generated from docs/openapi.json (npm run openapi:client), against a harness's
// app listening on loopback: the tests call the service the way an integrator's code would, so a
// route that stops matching its document fails to type-check or fails at run time.

export type VetrinaClient = Api<string>;

/** The harness's app, listening on 127.0.0.1 on a free port (once); its base URL. */
export async function listening(h: Harness): Promise<string> {
  if (!h.app.server.listening) await h.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = h.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A client of the service at `baseUrl`, sending `token` as the bearer token on authenticated routes. */
export function apiClient(baseUrl: string, token?: string): VetrinaClient {
  const api = new Api<string>({
    baseUrl,
    securityWorker: (secret) => (secret === null ? {} : { headers: { authorization: `Bearer ${secret}` } }),
  });
  if (token !== undefined) api.setSecurityData(token);
  return api;
}
