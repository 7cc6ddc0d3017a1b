import type { PgBoss } from 'pg-boss';

/**
 * Wakes this process's generation workers when jobs commit, so free workers start them at once
 * instead of at their next poll (QUEUE_POLL_SECONDS, 2 s by default): with an agent model that
 * wait was a tenth or more of a short run. Workers of other processes still find the jobs by
 * polling. A wake only makes a worker fetch sooner; what it fetches, and in which order, is
 * pg-boss's as before.
 */
export interface WorkerWakeup {
  /**
   * `jobs` were committed: enough idle loops to take them all fetch now; when the idle loops
   * cannot take them all, busy ones fetch again as soon as their batch ends.
   */
  jobsCommitted(jobs: number): void;
  /** Registers one worker loop of this process, which takes up to `batchSize` jobs a fetch; the loop reports when it runs a batch. */
  addLoop(boss: PgBoss, workerId: string, batchSize: number): { running(busy: boolean): void };
}

export function createWorkerWakeup(): WorkerWakeup {
  const loops: { boss: PgBoss; id: string; batchSize: number; busy: boolean }[] = [];
  // Successive wakes start at different idle loops, so a burst of calls is fetched by several at once.
  let next = 0;
  return {
    jobsCommitted(jobs) {
      let left = jobs;
      const start = next;
      for (let i = 0; i < loops.length && left > 0; i++) {
        const loop = loops[(start + i) % loops.length];
        if (loop === undefined || loop.busy) continue;
        next = (start + i + 1) % loops.length;
        loop.boss.notifyWorker(loop.id);
        left -= loop.batchSize;
      }
      if (left <= 0) return;
      // More jobs than the idle loops take: each busy loop skips its poll delay once its batch ends.
      for (const loop of loops) if (loop.busy) loop.boss.notifyWorker(loop.id);
    },
    addLoop(boss, id, batchSize) {
      const loop = { boss, id, batchSize, busy: false };
      loops.push(loop);
      return {
        running(busy) {
          loop.busy = busy;
        },
      };
    },
  };
}
