/**
 * Wakes this process's generation worker when jobs commit, so free slots start them at once
 * instead of at the next poll (QUEUE_POLL_SECONDS, 2 s by default): with an agent model that wait
 * was a tenth or more of a short run. Workers of other processes still find the jobs by polling.
 * A wake only makes a worker fetch sooner; what it fetches, and in which order, is pg-boss's as before.
 */
export interface WorkerWakeup {
  /** `jobs` were committed by this process. */
  jobsCommitted(jobs: number): void;
  /** Registers a worker of this process to be told of committed jobs. */
  addWorker(notify: () => void): void;
}

export function createWorkerWakeup(): WorkerWakeup {
  const workers: (() => void)[] = [];
  return {
    jobsCommitted(jobs) {
      if (jobs > 0) for (const notify of workers) notify();
    },
    addWorker(notify) {
      workers.push(notify);
    },
  };
}
