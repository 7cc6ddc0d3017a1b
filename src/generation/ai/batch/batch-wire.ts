import type { AgentModelConfig } from '../../../config.ts';
import type { BatchAnswer, ClaimedRequest, StaleSubmission } from '../../../db/model-batches.ts';

// The two providers' batch APIs in their wire formats:
//   OpenAI:    POST /v1/files (multipart, purpose=batch) with one JSONL line per request
//              {custom_id, method, url, body}; POST /v1/batches {input_file_id, endpoint,
//              completion_window: "24h"}; GET /v1/batches/{id} until completed, expired, failed
//              or cancelled (POST /v1/batches/{id}/cancel asks for the last); GET /v1/files/{output_file_id|error_file_id}/content, JSONL lines
//              {custom_id, response: {status_code, body}, error}.
//   Anthropic: POST /v1/messages/batches {requests: [{custom_id, params}]}; GET
//              /v1/messages/batches/{id} until processing_status "ended" (POST .../{id}/cancel ends
//              it early, its unrun requests "canceled"); GET its results_url,
//              JSONL lines {custom_id, result: {type: succeeded|errored|canceled|expired, message}}.
// Only an answer the interactive endpoint would have given with status 200 is kept; any other
// outcome of a request makes it go interactive.

export interface BatchStatus {
  /** The provider's own word for it (OpenAI `status`, Anthropic `processing_status`). */
  status: string;
  ended: boolean;
}

export interface BatchWire {
  submit(endpoint: string, requests: readonly ClaimedRequest[], batchId: string): Promise<string>;
  status(providerBatchId: string): Promise<BatchStatus & { raw: Record<string, unknown> }>;
  answers(raw: Record<string, unknown>): Promise<Map<string, BatchAnswer>>;
  /**
   * Asks the provider to stop the batch: requests it has not run are not billed; the batch then
   * ends as usual. 'refused' when the provider says no (it has ended); a failure to ask throws.
   */
  cancel(providerBatchId: string): Promise<'cancelling' | 'refused'>;
  /** Whether `candidates` names a batch for sure (by metadata Vetrina set) or only by its time and size. */
  readonly candidatesAreCertain: boolean;
  /**
   * The provider's batches that may be the submission `stale` whose process died before storing
   * the provider's id. OpenAI: the one whose metadata names it, among the latest 100. Anthropic,
   * whose batches carry no metadata: those created within minutes of it with its number of
   * requests. Whoever adopts a candidate still uses only the answers whose custom ids are its own.
   */
  candidates(stale: StaleSubmission): Promise<string[]>;
}

const TIMEOUT_MS = 120_000;
const CLOCK_SKEW_MS = 60_000;
const MAX_LIST_PAGES = 10;

/** An Anthropic batch's request count: its requests in every state. */
function requestTotal(counts: unknown): number {
  if (!isRecord(counts)) return Number.NaN;
  return ['processing', 'succeeded', 'errored', 'canceled', 'expired'].reduce((sum, key) => sum + (typeof counts[key] === 'number' ? counts[key] : 0), 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function call(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return response;
}

/** A 4xx is the provider's answer (the batch has ended, or is unknown); anything else is asked again later. */
async function askToCancel(url: string, headers: Record<string, string>): Promise<'cancelling' | 'refused'> {
  const response = await fetch(url, { method: 'POST', headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  await response.body?.cancel();
  if (response.ok) return 'cancelling';
  if (response.status >= 400 && response.status < 500 && response.status !== 429) return 'refused';
  throw new Error(`POST ${new URL(url).pathname} answered ${response.status}`);
}

async function json(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const body: unknown = await (await call(url, init)).json();
  if (!isRecord(body)) throw new Error(`${new URL(url).pathname} answered something that is not a JSON object`);
  return body;
}

function jsonLines(text: string): Record<string, unknown>[] {
  return text.split('\n').flatMap((line) => {
    if (line.trim() === '') return [];
    try {
      const parsed: unknown = JSON.parse(line);
      return isRecord(parsed) ? [parsed] : [];
    } catch {
      return [];
    }
  });
}

const base = (config: AgentModelConfig, fallback: string) => (config.baseUrl ?? fallback).replace(/\/+$/, '');

export function openAiBatches(config: AgentModelConfig): BatchWire {
  const root = base(config, 'https://api.openai.com/v1');
  const auth = { authorization: `Bearer ${config.apiKey ?? ''}` };
  const terminal = new Set(['completed', 'expired', 'failed', 'cancelled']);
  const fileLines = async (fileId: unknown) =>
    typeof fileId === 'string' ? jsonLines(await (await call(`${root}/files/${encodeURIComponent(fileId)}/content`, { headers: auth })).text()) : [];
  return {
    async submit(endpoint, requests, batchId) {
      const lines = requests.map((r) => JSON.stringify({ custom_id: r.custom_id, method: 'POST', url: endpoint, body: JSON.parse(r.body) as unknown }));
      const form = new FormData();
      form.append('purpose', 'batch');
      form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'application/jsonl' }), `vetrina-${batchId}.jsonl`);
      const file = await json(`${root}/files`, { method: 'POST', headers: auth, body: form });
      if (typeof file.id !== 'string') throw new Error('the file upload answered no id');
      const batch = await json(`${root}/batches`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ input_file_id: file.id, endpoint, completion_window: '24h', metadata: { vetrina_batch: batchId } }),
      });
      if (typeof batch.id !== 'string') throw new Error('the batch creation answered no id');
      return batch.id;
    },
    async candidates(stale) {
      const list = await json(`${root}/batches?limit=100`, { headers: auth });
      return (Array.isArray(list.data) ? list.data : []).flatMap((b) =>
        isRecord(b) && isRecord(b.metadata) && b.metadata.vetrina_batch === stale.id && typeof b.id === 'string' ? [b.id] : [],
      );
    },
    candidatesAreCertain: true,
    cancel: (id) => askToCancel(`${root}/batches/${encodeURIComponent(id)}/cancel`, auth),
    async status(id) {
      const raw = await json(`${root}/batches/${encodeURIComponent(id)}`, { headers: auth });
      const status = typeof raw.status === 'string' ? raw.status : 'unknown';
      return { status, ended: terminal.has(status), raw };
    },
    async answers(raw) {
      const answers = new Map<string, BatchAnswer>();
      for (const line of [...(await fileLines(raw.output_file_id)), ...(await fileLines(raw.error_file_id))]) {
        if (typeof line.custom_id !== 'string') continue;
        const response = isRecord(line.response) ? line.response : null;
        if (response !== null && response.status_code === 200 && isRecord(response.body)) {
          answers.set(line.custom_id, { ok: true, body: JSON.stringify(response.body) });
        } else {
          const error = isRecord(line.error) ? `${String(line.error.code)}: ${String(line.error.message)}` : `status ${String(response?.status_code)}`;
          answers.set(line.custom_id, { ok: false, why: `the batch answered ${error}` });
        }
      }
      return answers;
    },
  };
}

export function anthropicBatches(config: AgentModelConfig): BatchWire {
  const root = base(config, 'https://api.anthropic.com/v1');
  const headers = { 'x-api-key': config.apiKey ?? '', 'anthropic-version': '2023-06-01' };
  return {
    async submit(_endpoint, requests) {
      const betas = [...new Set(requests.flatMap((r) => (r.betas === null ? [] : r.betas.split(',').map((b) => b.trim()))))].filter((b) => b !== '');
      const batch = await json(`${root}/messages/batches`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', ...(betas.length === 0 ? {} : { 'anthropic-beta': betas.join(',') }) },
        body: JSON.stringify({ requests: requests.map((r) => ({ custom_id: r.custom_id, params: JSON.parse(r.body) as unknown })) }),
      });
      if (typeof batch.id !== 'string') throw new Error('the batch creation answered no id');
      return batch.id;
    },
    candidatesAreCertain: false,
    cancel: (id) => askToCancel(`${root}/messages/batches/${encodeURIComponent(id)}/cancel`, headers),
    async candidates(stale) {
      // The provider's clock may differ from the database's; the submission call gives up after TIMEOUT_MS.
      const from = stale.created_at.getTime() - CLOCK_SKEW_MS;
      const until = stale.created_at.getTime() + TIMEOUT_MS + CLOCK_SKEW_MS;
      const found: string[] = [];
      let after: string | null = null;
      // Newest first, a page at a time, until a page reaches back before the submission.
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const list = await json(`${root}/messages/batches?limit=100${after === null ? '' : `&after_id=${encodeURIComponent(after)}`}`, { headers });
        const batches = (Array.isArray(list.data) ? list.data : []).filter(isRecord);
        for (const b of batches) {
          const created = typeof b.created_at === 'string' ? Date.parse(b.created_at) : Number.NaN;
          if (typeof b.id === 'string' && created >= from && created <= until && requestTotal(b.request_counts) === stale.request_count) found.push(b.id);
        }
        const oldest = batches.at(-1);
        const oldestCreated = typeof oldest?.created_at === 'string' ? Date.parse(oldest.created_at) : Number.NaN;
        if (list.has_more !== true || typeof list.last_id !== 'string' || !(oldestCreated >= from)) break;
        after = list.last_id;
      }
      return found;
    },
    async status(id) {
      const raw = await json(`${root}/messages/batches/${encodeURIComponent(id)}`, { headers });
      const status = typeof raw.processing_status === 'string' ? raw.processing_status : 'unknown';
      return { status, ended: status === 'ended', raw };
    },
    async answers(raw) {
      const answers = new Map<string, BatchAnswer>();
      if (typeof raw.results_url !== 'string') return answers;
      for (const line of jsonLines(await (await call(raw.results_url, { headers })).text())) {
        const result = isRecord(line.result) ? line.result : null;
        if (typeof line.custom_id !== 'string' || result === null) continue;
        if (result.type === 'succeeded' && isRecord(result.message)) answers.set(line.custom_id, { ok: true, body: JSON.stringify(result.message) });
        else answers.set(line.custom_id, { ok: false, why: `the batch answered ${String(result.type)}` });
      }
      return answers;
    },
  };
}

/** The batch API of an agent model's provider; null for an OpenAI-compatible endpoint, which has none to rely on. */
export function batchWireFor(config: AgentModelConfig): BatchWire | null {
  if (config.provider === 'openai') return openAiBatches(config);
  if (config.provider === 'anthropic') return anthropicBatches(config);
  return null;
}
