import { createHash } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import { recordBatchRequest } from '../../../db/model-batches.ts';
import { BatchFallbackError, BatchPendingError, batchScope } from './batch-scope.ts';

/** The batch endpoint of a call the AI SDK makes, by the end of its path; undefined: the provider has no batch for it. */
function batchEndpoint(path: string): string | undefined {
  if (path.endsWith('/responses')) return '/v1/responses';
  if (path.endsWith('/chat/completions')) return '/v1/chat/completions';
  if (path.endsWith('/messages')) return '/v1/messages';
  return undefined;
}

/**
 * The request's id at the provider: the generation's and a hash of the call, within Anthropic's
 * 64 characters of [A-Za-z0-9_-]. The same call of the same generation always has the same id.
 */
export function batchCustomId(generationId: string, endpoint: string, body: string): string {
  const hash = createHash('sha256').update(endpoint).update('\n').update(body).digest('hex').slice(0, 24);
  return `g${generationId.replaceAll('-', '')}_${hash}`;
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  if (init?.headers === undefined) return null;
  return new Headers(init.headers).get(name);
}

/**
 * The `fetch` an agent model's batch route gives the AI SDK: instead of sending a call, it stores
 * the exact request the SDK wrote (migration 034) for the next batch and throws BatchPendingError;
 * once the batch's answer is stored, the same call (the generation's next run) gets it back as the
 * Response the interactive endpoint would have sent, and the SDK reads it as it reads any answer.
 * A call whose batch gave no answer throws BatchFallbackError: it is made interactively.
 */
export function batchFetch(db: Database, agentModel: string): typeof fetch {
  return async (input, init) => {
    const scope = batchScope.getStore();
    if (scope === undefined) throw new BatchFallbackError('a batch call outside a generation');
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const endpoint = batchEndpoint(url.pathname);
    const body = init?.body;
    if (endpoint === undefined || typeof body !== 'string' || (init?.method ?? 'GET') !== 'POST') throw new BatchFallbackError(`no batch endpoint for ${url.pathname}`);
    const customId = batchCustomId(scope.generationId, endpoint, body);
    const row = await recordBatchRequest(db, { customId, generationId: scope.generationId, agentModel, endpoint, body, betas: headerOf(init, 'anthropic-beta') });
    if (row === undefined) throw new BatchFallbackError('the generation is gone');
    if (row.state === 'fallback') throw new BatchFallbackError(row.result ?? 'the batch gave no answer');
    // A run goes past its batch step only once every call it handed over is answered: a run that
    // went on with some answers would make its later (interactive) calls again on the next run.
    if (row.state !== 'succeeded' || row.unanswered > 0 || row.result === null) throw new BatchPendingError(`call ${customId} waits for its batch`);
    return new Response(row.result, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
