import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allOrNothing } from '../../src/generation/ai/all-or-nothing.ts';

/** A task that runs until its signal aborts, then takes a moment to stop (as a closing socket does) and records it. */
function untilAborted(stopped: string[], name: string) {
  return (signal: AbortSignal) =>
    new Promise<string>((_resolve, reject) => {
      signal.addEventListener('abort', () => {
        setTimeout(() => {
          stopped.push(name);
          reject(signal.reason);
        }, 20);
      });
    });
}

describe('countries written side by side', () => {
  test('all succeed: the results in order', async () => {
    assert.deepEqual(await allOrNothing([async () => 'it', async () => 'de']), ['it', 'de']);
  });

  test('the first failure stops the others, and is thrown only after they have stopped', async () => {
    const stopped: string[] = [];
    const failure = new Error('content filtered');
    await assert.rejects(allOrNothing([untilAborted(stopped, 'de'), async () => Promise.reject(failure), untilAborted(stopped, 'fr')]), (err: unknown) => err === failure);
    assert.deepEqual(stopped.sort(), ['de', 'fr'], 'both still-running countries were told to stop before the error came out');
  });

  test("the job's own signal stops every task", async () => {
    const stopped: string[] = [];
    const job = new AbortController();
    const running = allOrNothing([untilAborted(stopped, 'it'), untilAborted(stopped, 'de')], job.signal);
    job.abort(new Error('worker stopping'));
    await assert.rejects(running, /worker stopping/);
    assert.deepEqual(stopped.sort(), ['de', 'it']);
  });
});
