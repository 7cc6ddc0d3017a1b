// The products bench/regenerate-ab.ts and bench/regenerate-trace.ts regenerate, and the call.
import { benchEan } from './bench-codes.ts';
import type { Server } from './ab.ts';

const CREATE_BATCH = 100;

/** Two plain text fields: both trees accept them (the after tree also checks `global_attr.*` names against the account's schema). */
export const REGENERATE_BODY = { fields: { title: 'shorter, brand first', key_features: '' } };

/** `n` valid EAN-13 codes, the same in every run. */
export function benchCodes(n: number): string[] {
  return Array.from({ length: n }, (_, i) => benchEan('2', i + 1));
}

/** Products of `codes`, 2 countries each, created through the server's own create endpoint (workers off: they stay queued). */
export async function createProducts(server: Server, codes: readonly string[]): Promise<void> {
  for (let i = 0; i < codes.length; i += CREATE_BATCH) {
    const res = await post(server, '/api/v1/products/create', { codes: codes.slice(i, i + CREATE_BATCH).join(','), countries: ['it', 'de'] });
    if (res.status !== 202) throw new Error(`${server.label}: create answered ${res.status}: ${await res.text()}`);
  }
}

/** One regenerate call for the product of `code`; throws unless it was queued. */
export async function regenerate(server: Server, code: string): Promise<void> {
  const res = await post(server, regeneratePath(code), REGENERATE_BODY);
  if (res.status !== 202) throw new Error(`${server.label}: regenerate answered ${res.status}: ${await res.text()}`);
}

export const regeneratePath = (code: string) => `/api/v1/products/regenerate/${code}`;

function post(server: Server, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(server.token === null ? {} : { authorization: `Bearer ${server.token}` }) },
    body: JSON.stringify(body),
  });
}
