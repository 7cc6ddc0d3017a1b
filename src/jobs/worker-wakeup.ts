import type { GenerationQueue } from '../domain/generation-ports.ts';

/**
 * Wakes this process's generation worker when generations are queued, so free slots fetch them at
 * once instead of at the next poll (GENERATION_POLL_SECONDS, 2 s by default): with an agent model that
 * wait was a tenth or more of a short run. Workers of other processes still find them by polling.
 * A wake only makes a worker fetch sooner; what it fetches, and in which order, is the queue's.
 */
export interface WorkerWakeup extends GenerationQueue {
  /** Registers a worker of this process to be told of queued generations. */
  addWorker(notify: () => void): void;
}

export function createWorkerWakeup(): WorkerWakeup {
  const workers: (() => void)[] = [];
  return {
    generationsQueued(count) {
      if (count > 0) for (const notify of workers) notify();
    },
    addWorker(notify) {
      workers.push(notify);
    },
  };
}
