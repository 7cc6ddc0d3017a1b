/**
 * Runs tasks side by side under one signal. The first failure aborts the others (no point
 * finishing Germany when Italy has failed the generation), and the error is thrown only once every task
 * has stopped, so nothing keeps running, or spending tokens, after the generation has ended.
 */
export async function allOrNothing<T>(tasks: ReadonlyArray<(signal: AbortSignal) => Promise<T>>, parent?: AbortSignal): Promise<T[]> {
  const controller = new AbortController();
  const signal = parent === undefined ? controller.signal : AbortSignal.any([parent, controller.signal]);
  let failed: { error: unknown } | null = null;
  const settled = await Promise.allSettled(
    tasks.map((task) =>
      task(signal).catch((error: unknown) => {
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
  // No task failed, so every one was fulfilled.
  return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
}
