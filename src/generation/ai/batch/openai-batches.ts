import type { BatchResult } from '../../../db/model-batches.ts';
import { apiHeaders, isRecord, jsonLines, readJson, type BatchWire } from './batch-wire.ts';

// OpenAI's Batch API: the requests as a JSONL file ({custom_id, method, url, body}) uploaded with
// POST /v1/files (multipart, purpose=batch), then POST /v1/batches {input_file_id, endpoint,
// completion_window: "24h"}; GET /v1/batches/{id} (status validating | in_progress | finalizing |
// completed | failed | expired | cancelling | cancelled, output_file_id, error_file_id); results as
// JSONL from GET /v1/files/{id}/content: {custom_id, response: {status_code, body}, error}.
const ENDED = new Set(['completed', 'failed', 'expired', 'cancelled']);

export function openAiBatches(baseUrl: string): BatchWire {
  const base = baseUrl.replace(/\/$/, '');
  const endpoint = `${base}/responses`;
  const fileLines = async (id: unknown, headers: Headers): Promise<unknown[]> => {
    if (typeof id !== 'string') return [];
    const response = await fetch(`${base}/files/${encodeURIComponent(id)}/content`, { headers: apiHeaders(headers) });
    if (!response.ok) throw new Error(`batch file content: HTTP ${response.status}`);
    return jsonLines(await response.text());
  };
  return {
    accepts: (url) => url === endpoint,
    async create(items, headers) {
      const jsonl = items.map((item) => JSON.stringify({ custom_id: item.customId, method: 'POST', url: '/v1/responses', body: JSON.parse(item.body) as unknown })).join('\n');
      const form = new FormData();
      form.set('purpose', 'batch');
      form.set('file', new Blob([jsonl], { type: 'application/jsonl' }), 'vetrina-batch.jsonl');
      const file = await readJson(await fetch(`${base}/files`, { method: 'POST', headers: apiHeaders(headers), body: form }), 'batch file upload');
      if (!isRecord(file) || typeof file.id !== 'string') throw new Error('batch file upload: no id in the answer');
      const sent = apiHeaders(headers);
      sent.set('content-type', 'application/json');
      const body = JSON.stringify({ input_file_id: file.id, endpoint: '/v1/responses', completion_window: '24h' });
      const batch = await readJson(await fetch(`${base}/batches`, { method: 'POST', headers: sent, body }), 'batch create');
      if (!isRecord(batch) || typeof batch.id !== 'string') throw new Error('batch create: no id in the answer');
      return batch.id;
    },
    async results(id, headers) {
      const batch = await readJson(await fetch(`${base}/batches/${encodeURIComponent(id)}`, { headers: apiHeaders(headers) }), 'batch poll');
      if (!isRecord(batch) || typeof batch.status !== 'string' || !ENDED.has(batch.status)) return null;
      const lines = [...(await fileLines(batch.output_file_id, headers)), ...(await fileLines(batch.error_file_id, headers))];
      // Requests the files do not name (an expired or cancelled batch's unprocessed ones) are stored expired.
      return lines.flatMap((line): BatchResult[] => {
        if (!isRecord(line) || typeof line.custom_id !== 'string') return [];
        const response = isRecord(line.response) ? line.response : null;
        // Only an answer is taken from the batch; anything else is asked again interactively.
        if (response !== null && response.status_code === 200) return [{ customId: line.custom_id, state: 'succeeded', statusCode: 200, body: response.body }];
        const expired = isRecord(line.error) && line.error.code === 'batch_expired';
        return [{ customId: line.custom_id, state: expired ? 'expired' : 'failed', statusCode: null, body: line.error ?? response?.body ?? null }];
      });
    },
  };
}
