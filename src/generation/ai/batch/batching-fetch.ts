import { batchedCall } from './batch-context.ts';
import type { BatchGatherer } from './batch-gatherer.ts';

/**
 * The fetch a provider is given: a call made inside `batchedCall` is not sent but handed, as the
 * exact URL and body the SDK built, to the lane's gatherer, and its batch answer comes back as the
 * Response the interactive endpoint would have sent, so the SDK reads usage, output and errors as
 * it always does. Every other call (and a batched one the batch could not answer) goes out as is.
 */
export function batchingFetch(gatherer: BatchGatherer, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const call = batchedCall.getStore();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (call === undefined || init?.method !== 'POST' || typeof init.body !== 'string' || !gatherer.accepts(url)) return fetch(input, init);
    const signal = init.signal ?? undefined;
    const answer = await gatherer.answer(call.generationId, url, init.body, new Headers(init.headers), signal);
    if (answer === 'interactive') {
      // A batched call carries no timeout of its own (it waits on the batch): the interactive one does.
      const timeout = AbortSignal.timeout(timeoutMs);
      return fetch(input, { ...init, signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]) });
    }
    return new Response(JSON.stringify(answer.body), { status: answer.statusCode, headers: { 'content-type': 'application/json' } });
  };
}
