import type { BatchResult } from '../../../db/model-batches.ts';

/** One intercepted call: the endpoint URL the SDK called and the exact JSON body it would have sent. */
export interface BatchItem {
  customId: string;
  url: string;
  body: string;
}

/** A provider's batch API in its own wire format. `headers` are those the SDK sent with the call (key, version). */
export interface BatchWire {
  /** Whether a call to this URL can go through the batch API. */
  accepts(url: string): boolean;
  /** Submits the batch; resolves with the provider's batch id. */
  create(items: readonly BatchItem[], headers: Headers): Promise<string>;
  /** Null while the batch runs; its results once it has ended (expired, cancelled or completed). */
  results(providerBatchId: string, headers: Headers): Promise<BatchResult[] | null>;
}

export async function readJson(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

export function jsonLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The SDK's headers for the provider's other endpoints: no body headers. */
export function apiHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('content-length');
  copy.delete('content-type');
  return copy;
}
