import type { ModelMessage } from 'ai';
import { callModel, InvalidModelOutputError, type ModelRequest, type ModelRuntime } from './call-model.ts';
import { block } from './prompt-data.ts';

/** The most room a cut-off answer is given on its second chance. */
const MAX_RETRY_OUTPUT_TOKENS = 32_000;

/**
 * A structured call that gets one second chance: an answer that is not valid JSON, breaks the
 * schema, or fails `check` (e.g. a country missing) is shown back to the model with what was
 * wrong; an answer cut off at the output limit is asked again with twice the room. A second
 * invalid answer throws InvalidModelOutputError, which fails the generation cleanly.
 */
export async function askModel<T>(runtime: ModelRuntime, request: ModelRequest<T>, check: (value: T) => string | null = () => null): Promise<T> {
  let retry: Partial<ModelRequest<T>> | null = null;
  for (let attempt = 0; ; attempt++) {
    let problem: string;
    let answer: string;
    let truncated = false;
    try {
      const value = await callModel(runtime, { ...request, ...retry, step: attempt === 0 ? request.step : `${request.step}_retry` });
      const rejected = check(value);
      if (rejected === null) return value;
      problem = rejected;
      answer = JSON.stringify(value);
    } catch (err) {
      if (!(err instanceof InvalidModelOutputError)) throw err;
      problem = err.message;
      answer = err.text;
      truncated = err.truncated;
    }
    if (attempt >= 1) throw new InvalidModelOutputError(answer, problem, truncated);
    const room = request.maxOutputTokens ?? runtime.maxOutputTokens;
    // Showing a cut-off answer back would only spend the extra room again: ask afresh, with more.
    retry = truncated ? { maxOutputTokens: Math.min(MAX_RETRY_OUTPUT_TOKENS, room * 2) } : { messages: [...request.messages, ...reAsk(answer, problem)] };
  }
}

function reAsk(answer: string, problem: string): ModelMessage[] {
  return [
    { role: 'assistant', content: answer === '' ? '(no answer)' : answer.slice(0, 20_000) },
    {
      role: 'user',
      // The error may quote the answer, which may quote product data: it stays inside a block.
      content: `${block('problems', [{ field: '(whole answer)', problem: `could not be used: ${problem.slice(0, 2000)}` }])}\nAnswer again with only the JSON object the schema describes, complete and valid.`,
    },
  ];
}
