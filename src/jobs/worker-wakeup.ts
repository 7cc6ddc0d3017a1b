import type { PgBoss } from 'pg-boss';

/**
 * Wakes this process's generation workers when jobs commit, so a free worker starts the first of
 * them at once instead of at its next poll (QUEUE_POLL_SECONDS, 2 s by default): with an agent
 * model that wait was a tenth or more of a short run. Workers of other processes still find the
 * jobs by polling. A wake only makes a worker fetch sooner; what it fetches, and in which order,
 * is pg-boss's as before.
 */
export interface WorkerWakeup {
  /** Jobs were committed: one idle worker loop fetches now, and busy ones fetch again as soon as their batch ends. */
  jobsCommitted(): void;
  /** Registers one worker loop of this process; the loop reports when it runs a batch. */
  addLoop(boss: PgBoss, workerId: string): { running(busy: boolean): void };
}

export function createWorkerWakeup(): WorkerWakeup {
  const loops: { boss: PgBoss; id: string; busy: boolean }[] = [];
  // Successive wakes go to different idle loops, so a burst of calls is fetched by several at once.
  let next = 0;
  return {
    jobsCommitted() {
      if (loops.length === 0) return;
      for (let i = 0; i < loops.length; i++) {
        const loop = loops[(next + i) % loops.length];
        if (loop !== undefined && !loop.busy) {
          next = (next + i + 1) % loops.length;
          loop.boss.notifyWorker(loop.id);
          return;
        }
      }
      // Every loop runs a batch: each skips its poll delay once that batch ends.
      for (const loop of loops) loop.boss.notifyWorker(loop.id);
    },
    addLoop(boss, id) {
      const loop = { boss, id, busy: false };
      loops.push(loop);
      return {
        running(busy) {
          loop.busy = busy;
        },
      };
    },
  };
}
