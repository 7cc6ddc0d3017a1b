import type { BatchResult } from '../../../db/model-batches.ts';
import { apiHeaders, isRecord, jsonLines, readJson, type BatchItem, type BatchWire } from './batch-wire.ts';

// Anthropic's Message Batches API: POST /v1/messages/batches {requests:[{custom_id, params}]},
// GET /v1/messages/batches/{id} (processing_status in_progress | canceling | ended, results_url),
// and the results as JSONL {custom_id, result:{type: succeeded|errored|canceled|expired, message|error}}.
export function anthropicBatches(baseUrl: string): BatchWire {
  const base = baseUrl.replace(/\/$/, '');
  return {
    accepts: (url) => url === `${base}/messages`,
    async create(items, headers) {
      const requests = items.map((item) => ({ custom_id: item.customId, params: JSON.parse(item.body) as unknown }));
      const sent = apiHeaders(headers);
      sent.set('content-type', 'application/json');
      const answer = await readJson(await fetch(`${base}/messages/batches`, { method: 'POST', headers: sent, body: JSON.stringify({ requests }) }), 'message batch create');
      if (!isRecord(answer) || typeof answer.id !== 'string') throw new Error('message batch create: no id in the answer');
      return answer.id;
    },
    async results(id, headers) {
      const batch = await readJson(await fetch(`${base}/messages/batches/${encodeURIComponent(id)}`, { headers: apiHeaders(headers) }), 'message batch poll');
      if (!isRecord(batch) || batch.processing_status !== 'ended') return null;
      if (typeof batch.results_url !== 'string') return [];
      const response = await fetch(batch.results_url, { headers: apiHeaders(headers) });
      if (!response.ok) throw new Error(`message batch results: HTTP ${response.status}`);
      return jsonLines(await response.text()).flatMap((line): BatchResult[] => {
        if (!isRecord(line) || typeof line.custom_id !== 'string' || !isRecord(line.result)) return [];
        const { result } = line;
        // Only an answer is taken from the batch; an error, a cancellation or an expiry is asked again interactively.
        if (result.type === 'succeeded') return [{ customId: line.custom_id, state: 'succeeded', statusCode: 200, body: result.message }];
        return [{ customId: line.custom_id, state: result.type === 'errored' ? 'failed' : 'expired', statusCode: null, body: result.error ?? null }];
      });
    },
  };
}

export type { BatchItem };
