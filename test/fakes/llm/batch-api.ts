import type { IncomingHttpHeaders } from 'node:http';
import { fakeId, isRecord, type WireAnswer } from './fake-llm.ts';

// The providers' batch APIs in their wire formats, answering every request in a batch exactly as
// the interactive endpoint would (the same script, prompt cache and usage):
//   OpenAI:    POST /v1/files (multipart: purpose=batch, file=JSONL of {custom_id, method, url,
//              body}) → file object; POST /v1/batches {input_file_id, endpoint,
//              completion_window, metadata} → batch object; GET /v1/batches (a list, newest
//              first); GET /v1/batches/{id}; GET /v1/files/{id}/content → the output / error
//              file's JSONL.
//   Anthropic: POST /v1/messages/batches {requests: [{custom_id, params}]} → message_batch;
//              GET /v1/messages/batches (a list, newest first); GET /v1/messages/batches/{id};
//              GET /v1/messages/batches/{id}/results → JSONL; POST .../{id}/cancel (both providers).
// A batch ends `delayMs` after its creation, at the first poll after that; told to expire, it
// ends expired with no request answered, as a batch the provider could not finish in 24 h.

/** One request of a batch, answered as its endpoint would answer it interactively. */
export type AnswerOne = (path: string, body: unknown, headers: IncomingHttpHeaders, customId: string) => Promise<WireAnswer | null>;

export interface FakeBatch {
  id: string;
  customIds: string[];
  /** in_progress, then completed / expired (OpenAI) or ended (Anthropic). */
  status: string;
  /** How many times it was polled (GET of the batch). */
  polls: number;
  /** Cancelled by the client while in progress: it ends at its next poll with no request run. */
  cancelled: boolean;
}

export interface FakeBatches {
  /** Every batch created, in order. */
  list: FakeBatch[];
  /** How long a batch stays in progress (default 0: it ends at its first poll). */
  setDelayMs(ms: number): void;
  /** Batches created from now on end expired, with no request answered (until set back to false). */
  setExpire(expire: boolean): void;
  /** Moves a batch's creation time back (as one created `ms` earlier shows in lists). */
  backdate(id: string, ms: number): void;
  /** Drops a batch, as one the provider never received (it stays in `list`). */
  forget(id: string): void;
  /** The next `n` cancellations answer 500, as a provider's passing error. */
  failCancels(n: number): void;
}

export interface RawAnswer {
  status: number;
  /** A JSON value, or the text of a JSONL file. */
  body: unknown;
  jsonl?: boolean;
}

export type BatchRoutes = (method: string, path: string, raw: Buffer, headers: IncomingHttpHeaders) => Promise<RawAnswer | undefined>;

interface Held {
  batch: FakeBatch;
  createdAt: number;
  expire: boolean;
  /** Set once the batch has ended: each request's answer. */
  ended: Promise<Map<string, WireAnswer | null>> | null;
  requests: Array<{ customId: string; path: string; body: unknown }>;
  headers: IncomingHttpHeaders;
  endpoint: string;
  extra: Record<string, unknown>;
}

function controls(): { batches: FakeBatches; held: Map<string, Held>; state: { delayMs: number; expire: boolean; cancelFailures: number } } {
  const state = { delayMs: 0, expire: false, cancelFailures: 0 };
  const held = new Map<string, Held>();
  return {
    held,
    state,
    batches: {
      list: [],
      setDelayMs: (ms) => {
        state.delayMs = ms;
      },
      setExpire: (expire) => {
        state.expire = expire;
      },
      backdate: (id, ms) => {
        const h = held.get(id);
        if (h !== undefined) h.createdAt -= ms;
      },
      forget: (id) => {
        held.delete(id);
      },
      failCancels: (n) => {
        state.cancelFailures = n;
      },
    },
  };
}

/** Ends the batch when its time has come (once, whoever polls): every request answered, or none when it expires. */
function settle(h: Held, delayMs: number, answer: AnswerOne): Promise<Map<string, WireAnswer | null>> | null {
  if (h.ended !== null) return h.ended;
  if (Date.now() < h.createdAt + delayMs && !h.batch.cancelled) return null;
  h.ended = (async () => {
    const answers = new Map<string, WireAnswer | null>();
    if (h.expire || h.batch.cancelled) return answers;
    for (const r of h.requests) answers.set(r.customId, await answer(r.path, r.body, h.headers, r.customId));
    return answers;
  })();
  return h.ended;
}

const seconds = () => Math.floor(Date.now() / 1000);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function openAiBatchApi(answer: AnswerOne): { routes: BatchRoutes; batches: FakeBatches } {
  const { batches, held, state } = controls();
  const files = new Map<string, string>();
  const batchObject = (h: Held, done: Map<string, WireAnswer | null> | null): Record<string, unknown> => {
    const expired = done !== null && h.expire;
    const failed = done === null ? 0 : h.requests.filter((r) => done.get(r.customId)?.status !== 200).length;
    return {
      id: h.batch.id,
      object: 'batch',
      endpoint: h.endpoint,
      errors: null,
      input_file_id: h.extra.input_file_id,
      completion_window: '24h',
      status: h.batch.status,
      output_file_id: h.extra.output_file_id ?? null,
      error_file_id: h.extra.error_file_id ?? null,
      created_at: Math.floor(h.createdAt / 1000),
      in_progress_at: Math.floor(h.createdAt / 1000),
      expires_at: Math.floor(h.createdAt / 1000) + 86_400,
      completed_at: done !== null && !expired ? seconds() : null,
      expired_at: expired ? seconds() : null,
      request_counts: { total: h.requests.length, completed: done === null ? 0 : h.requests.length - failed, failed },
      metadata: h.extra.metadata ?? null,
    };
  };
  const routes: BatchRoutes = async (method, path, raw, headers) => {
    if (method === 'POST' && path === '/v1/files') {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': String(headers['content-type']) } }).formData();
      const file = form.get('file');
      if (form.get('purpose') !== 'batch' || !(file instanceof Blob)) {
        return {
          status: 400,
          body: { error: { message: "Invalid file upload: 'purpose' must be batch and 'file' given.", type: 'invalid_request_error', param: null, code: null } },
        };
      }
      const text = await file.text();
      const id = fakeId('file-');
      files.set(id, text);
      return {
        status: 200,
        body: { id, object: 'file', bytes: Buffer.byteLength(text), created_at: seconds(), filename: file instanceof File ? file.name : 'batch.jsonl', purpose: 'batch' },
      };
    }
    if (method === 'POST' && path === '/v1/batches') {
      const body = parseJson(raw.toString('utf8'));
      const input = isRecord(body) && typeof body.input_file_id === 'string' ? files.get(body.input_file_id) : undefined;
      if (!isRecord(body) || input === undefined || typeof body.endpoint !== 'string') {
        return { status: 400, body: { error: { message: 'Invalid batch: input_file_id and endpoint are required.', type: 'invalid_request_error', param: null, code: null } } };
      }
      const requests = input
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => parseJson(line))
        .filter(isRecord)
        .map((line) => ({ customId: String(line.custom_id), path: String(line.url), body: line.body }));
      const batch: FakeBatch = { id: fakeId('batch_'), customIds: requests.map((r) => r.customId), status: 'in_progress', polls: 0, cancelled: false };
      const h: Held = {
        batch,
        createdAt: Date.now(),
        expire: state.expire,
        ended: null,
        requests,
        headers,
        endpoint: body.endpoint,
        extra: { input_file_id: body.input_file_id, metadata: body.metadata },
      };
      held.set(batch.id, h);
      batches.list.push(batch);
      return { status: 200, body: batchObject(h, null) };
    }
    if (method === 'GET' && path === '/v1/batches') {
      // Newest first; the real API pages with `limit` (default 20) and `after`.
      const newest = [...held.values()].reverse().slice(0, 100);
      const data = newest.map((h) => batchObject(h, null));
      return { status: 200, body: { object: 'list', data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null, has_more: held.size > 100 } };
    }
    const one = /^\/v1\/batches\/([^/]+)$/.exec(path);
    if (method === 'GET' && one?.[1] !== undefined) {
      const h = held.get(one[1]);
      if (h === undefined) return { status: 404, body: { error: { message: `No batch found with id '${one[1]}'.`, type: 'invalid_request_error', param: null, code: null } } };
      h.batch.polls += 1;
      const ending = settle(h, state.delayMs, answer);
      const done = ending === null ? null : await ending;
      if (done !== null && (h.batch.status === 'in_progress' || h.batch.status === 'cancelling')) {
        const output: string[] = [];
        const errors: string[] = [];
        for (const r of h.requests) {
          const a = done.get(r.customId);
          if (a === undefined) {
            errors.push(
              JSON.stringify({
                id: fakeId('batch_req_'),
                custom_id: r.customId,
                response: null,
                error: h.batch.cancelled
                  ? { code: 'batch_cancelled', message: 'This request was not executed because the batch was cancelled.' }
                  : { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' },
              }),
            );
          } else {
            const line = JSON.stringify({
              id: fakeId('batch_req_'),
              custom_id: r.customId,
              response: { status_code: a?.status ?? 500, request_id: fakeId('req_'), body: a?.body ?? {} },
              error: null,
            });
            (a?.status === 200 ? output : errors).push(line);
          }
        }
        const store = (key: 'output_file_id' | 'error_file_id', lines: string[]) => {
          if (lines.length === 0) return;
          const id = fakeId('file-');
          h.extra[key] = id;
          files.set(id, `${lines.join('\n')}\n`);
        };
        store('output_file_id', output);
        store('error_file_id', errors);
        h.batch.status = h.batch.cancelled ? 'cancelled' : h.expire ? 'expired' : 'completed';
      }
      return { status: 200, body: batchObject(h, done) };
    }
    const cancel = /^\/v1\/batches\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel?.[1] !== undefined) {
      const h = held.get(cancel[1]);
      if (h === undefined) return { status: 404, body: { error: { message: `No batch found with id '${cancel[1]}'.`, type: 'invalid_request_error', param: null, code: null } } };
      if (state.cancelFailures > 0) {
        state.cancelFailures -= 1;
        return { status: 500, body: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } } };
      }
      if (h.batch.status !== 'in_progress') {
        return { status: 409, body: { error: { message: `Cannot cancel a batch with status '${h.batch.status}'.`, type: 'invalid_request_error', param: null, code: null } } };
      }
      h.batch.cancelled = true;
      h.batch.status = 'cancelling';
      return { status: 200, body: batchObject(h, null) };
    }
    const content = /^\/v1\/files\/([^/]+)\/content$/.exec(path);
    if (method === 'GET' && content?.[1] !== undefined) {
      const text = files.get(content[1]);
      if (text === undefined) return { status: 404, body: { error: { message: `No such File object: ${content[1]}`, type: 'invalid_request_error', param: 'id', code: null } } };
      return { status: 200, body: text, jsonl: true };
    }
    return undefined;
  };
  return { routes, batches };
}

export function anthropicBatchApi(answer: AnswerOne, baseUrl: () => string): { routes: BatchRoutes; batches: FakeBatches } {
  const { batches, held, state } = controls();
  const batchObject = (h: Held, done: Map<string, WireAnswer | null> | null): Record<string, unknown> => {
    const count = (type: string) => (done === null ? 0 : h.requests.filter((r) => resultOf(done.get(r.customId)).type === type).length);
    return {
      id: h.batch.id,
      type: 'message_batch',
      processing_status: h.batch.status,
      request_counts: {
        processing: done === null ? h.requests.length : 0,
        succeeded: count('succeeded'),
        errored: count('errored'),
        canceled: done !== null && h.batch.cancelled ? h.requests.length : 0,
        expired: h.batch.cancelled ? 0 : count('expired'),
      },
      ended_at: done === null ? null : new Date().toISOString(),
      created_at: new Date(h.createdAt).toISOString(),
      expires_at: new Date(h.createdAt + 86_400_000).toISOString(),
      archived_at: null,
      cancel_initiated_at: h.batch.cancelled ? new Date().toISOString() : null,
      results_url: done === null ? null : `${baseUrl()}/v1/messages/batches/${h.batch.id}/results`,
    };
  };
  const resultOf = (a: WireAnswer | null | undefined): Record<string, unknown> => {
    if (a === undefined) return { type: 'expired' };
    if (a === null) return { type: 'errored', error: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } } };
    return a.status === 200 ? { type: 'succeeded', message: a.body } : { type: 'errored', error: a.body };
  };
  const routes: BatchRoutes = async (method, path, raw, headers) => {
    if (method === 'POST' && path === '/v1/messages/batches') {
      const body = parseJson(raw.toString('utf8'));
      if (!isRecord(body) || !Array.isArray(body.requests)) {
        return { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'requests: Field required' } } };
      }
      const requests = body.requests.filter(isRecord).map((r) => ({ customId: String(r.custom_id), path: '/v1/messages', body: r.params }));
      const batch: FakeBatch = { id: fakeId('msgbatch_'), customIds: requests.map((r) => r.customId), status: 'in_progress', polls: 0, cancelled: false };
      const h: Held = { batch, createdAt: Date.now(), expire: state.expire, ended: null, requests, headers, endpoint: '/v1/messages', extra: {} };
      held.set(batch.id, h);
      batches.list.push(batch);
      return { status: 200, body: batchObject(h, null) };
    }
    if (method === 'GET' && path === '/v1/messages/batches') {
      // Newest first; the real API pages with `limit` (default 20) and `after_id`: here one page of all.
      const data = [...held.values()].reverse().map((h) => batchObject(h, null));
      return { status: 200, body: { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null } };
    }
    const cancel = /^\/v1\/messages\/batches\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel?.[1] !== undefined) {
      const h = held.get(cancel[1]);
      if (h === undefined) return { status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'Not found' } } };
      if (state.cancelFailures > 0) {
        state.cancelFailures -= 1;
        return { status: 500, body: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } } };
      }
      if (h.batch.status !== 'in_progress') return { status: 409, body: { type: 'error', error: { type: 'invalid_request_error', message: 'Batch has already ended' } } };
      h.batch.cancelled = true;
      h.batch.status = 'canceling';
      return { status: 200, body: batchObject(h, null) };
    }
    const one = /^\/v1\/messages\/batches\/([^/]+)(\/results)?$/.exec(path);
    if (method === 'GET' && one?.[1] !== undefined) {
      const h = held.get(one[1]);
      if (h === undefined) return { status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'Not found' } } };
      if (one[2] === '/results') {
        const done = h.ended === null ? null : await h.ended;
        if (done === null) return { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'Batch is still in progress' } } };
        const lines = h.requests.map((r) => JSON.stringify({ custom_id: r.customId, result: h.batch.cancelled ? { type: 'canceled' } : resultOf(done.get(r.customId)) }));
        return { status: 200, body: `${lines.join('\n')}\n`, jsonl: true };
      }
      h.batch.polls += 1;
      const ending = settle(h, state.delayMs, answer);
      const done = ending === null ? null : await ending;
      if (done !== null) h.batch.status = 'ended';
      return { status: 200, body: batchObject(h, done) };
    }
    return undefined;
  };
  return { routes, batches };
}
