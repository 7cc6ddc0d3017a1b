import type { ModelMessage } from 'ai';
import { callModel, InvalidModelOutputError, type ModelRequest, type ModelRuntime } from './call-model.ts';

/**
 * A structured call that gets one second chance: an answer that is not valid JSON, breaks the
 * schema, or fails `check` (e.g. a country missing) is shown back to the model with what was wrong.
 * A second invalid answer throws InvalidModelOutputError, which fails the job cleanly.
 */
export async function askModel<T>(
  runtime: ModelRuntime,
  request: ModelRequest<T>,
  check: (value: T) => string | null = () => null,
): Promise<T> {
  let messages = request.messages;
  for (let attempt = 0; ; attempt++) {
    let problem: string;
    let answer: string;
    try {
      const value = await callModel(runtime, { ...request, messages, step: attempt === 0 ? request.step : `${request.step}_retry` });
      const rejected = check(value);
      if (rejected === null) return value;
      problem = rejected;
      answer = JSON.stringify(value);
    } catch (err) {
      if (!(err instanceof InvalidModelOutputError)) throw err;
      problem = err.message;
      answer = err.text;
    }
    if (attempt >= 1) throw new InvalidModelOutputError(answer, problem);
    messages = [...request.messages, ...reAsk(answer, problem)];
  }
}

function reAsk(answer: string, problem: string): ModelMessage[] {
  return [
    { role: 'assistant', content: answer === '' ? '(no answer)' : answer.slice(0, 20_000) },
    {
      role: 'user',
      content: `That answer could not be used: ${problem.slice(0, 2000)}\nAnswer again with only the JSON object the schema describes, complete and valid.`,
    },
  ];
}
