import { BatchPendingError } from './batch/batch-scope.ts';

/**
 * Runs tasks side by side under one signal. The first failure aborts the others (no point
 * finishing Germany when Italy has failed the generation), and the error is thrown only once every task
 * has stopped, so nothing keeps running, or spending tokens, after the generation has ended.
 * A task whose call went to a provider batch (BatchPendingError) stops no other: its siblings hand
 * theirs to the same batch, so the generation waits for one batch, not one per country.
 */
export async function allOrNothing<T>(tasks: ReadonlyArray<(signal: AbortSignal) => Promise<T>>, parent?: AbortSignal): Promise<T[]> {
  const controller = new AbortController();
  const signal = parent === undefined ? controller.signal : AbortSignal.any([parent, controller.signal]);
  let failed: { error: unknown } | null = null;
  let pending: { error: unknown } | null = null;
  const settled = await Promise.allSettled(
    tasks.map((task) =>
      task(signal).catch((error: unknown) => {
        if (error instanceof BatchPendingError) {
          pending ??= { error };
          throw error;
        }
        if (failed === null) {
          failed = { error };
          controller.abort(error);
        }
        throw error;
      }),
    ),
  );
  // Read through a function: TypeScript cannot see the assignment inside the callbacks.
  const first = ((): { error: unknown } | null => failed)();
  if (first !== null) throw first.error;
  const waiting = ((): { error: unknown } | null => pending)();
  if (waiting !== null) throw waiting.error;
  // No task failed, so every one was fulfilled.
  return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
}
