export interface PeriodicTask {
  stop(): void;
}

/**
 * Runs `work` every `everySeconds`, never two runs at once: a tick that finds the last run still
 * going is skipped. `work` is told through its signal when the task is stopped, and a failed run
 * goes to `failed`. The timer keeps no process alive.
 */
export function runEvery(everySeconds: number, work: (signal: AbortSignal) => Promise<void>, failed: (err: unknown) => void): PeriodicTask {
  let running = false;
  const stopped = new AbortController();
  const timer = setInterval(() => {
    if (running || stopped.signal.aborted) return;
    running = true;
    work(stopped.signal)
      .catch(failed)
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return {
    stop() {
      stopped.abort();
      clearInterval(timer);
    },
  };
}
