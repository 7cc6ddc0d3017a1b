import type { Job, JobResult, PgBoss } from 'pg-boss';

// Written here rather than with pg-boss's work(): a work() loop runs one batch at a time and fetches
// again only once every job of it has ended. While creates trickle in, each loop takes one or two
// jobs and is then held for a whole model call, so with a 5 s model the first 40 calls of a run
// took 6.3 s to start though all its products were queued in 1.5 s (bench/results/agents.md).
// Here each job frees its slot when it ends, and a free slot is filled as soon as jobs are there.

/** What a job's run answers: its result for the queue, and what to do once that result is stored. */
export interface FinishedJob {
  result: JobResult;
  afterSettled?: () => void;
}

export interface SlotWorkerOptions {
  boss: PgBoss;
  queue: string;
  /** Jobs in flight at most. */
  capacity: number;
  /** Jobs one fetch takes at most; under a backlog the worker waits until this many slots are free. */
  fetchSize: number;
  /** How often an idle worker looks for jobs it was not told of (other processes', retries, delayed ones). */
  pollSeconds: number;
  /** Starts the fetched jobs; one promise per job, in order, resolving when that job has ended. */
  run(jobs: Job<unknown>[]): Promise<FinishedJob>[];
  onError(err: unknown, during: 'fetch' | 'run' | 'settle' | 'announce' | 'stop'): void;
}

export interface SlotWorker {
  /** Jobs were committed: a free slot takes them now rather than at the next poll. */
  notify(): void;
  /**
   * Stops fetching. Graceful: the jobs in flight get up to `timeoutMs` to end. Whatever still runs
   * then is failed back to the queue (so another worker retries it) and its signal aborted. One
   * stop however often it is called: the first call's options hold for all.
   */
  stop(options: { graceful: boolean; timeoutMs: number }): Promise<void>;
}

export function startSlotWorker(options: SlotWorkerOptions): SlotWorker {
  const { boss, queue, capacity, pollSeconds } = options;
  const fetchSize = Math.min(options.fetchSize, capacity);
  // By job object, not id: a job that expired is handed out again under the same id, maybe to this worker.
  const running = new Map<Job<unknown>, NodeJS.Timeout>();
  // Given back to the queue (failed, fenced to its attempt) at its expiry or by stop(): whatever
  // such a run answers later is not stored. After an expiry it is still announced, since the run
  // may have settled its generation (or found its claim lost); after stop() the process is ending.
  const expired = new WeakSet<Job<unknown>>();
  const failedBack = new WeakSet<Job<unknown>>();
  const expiring = new Set<Promise<void>>();
  let stopping: Promise<void> | null = null;
  const stopAll = new AbortController();
  let stopped = false;
  // stop() has returned: the queue may be closing, so nothing more is sent to it.
  let closed = false;
  // Told of new jobs, or a poll is due: fetch whatever fits.
  let asked = false;
  // The last fetch came back full, so more jobs are likely waiting: refill a fetch's worth at a time.
  let backlog = false;
  let wakeLoop: (() => void) | null = null;
  let whenIdle: (() => void) | null = null;
  const wake = () => wakeLoop?.();

  // Results are stored a tick's worth at a time: jobs that end together are completed in one statement.
  const toComplete: { job: Job<unknown>; finished: FinishedJob }[] = [];
  const toFail: { job: Job<unknown>; finished: FinishedJob }[] = [];
  let flushing: Promise<void> | null = null;

  async function settle(): Promise<void> {
    while (toComplete.length > 0 || toFail.length > 0) {
      const completed = toComplete.splice(0);
      const failed = toFail.splice(0);
      // Jobs rather than ids: each settle is fenced to the attempt this worker fetched, so a job
      // that expired and was handed to another worker meanwhile is left to that worker.
      if (completed.length > 0) {
        await boss
          .complete(
            queue,
            completed.map((c) => c.job),
          )
          .catch((err: unknown) => options.onError(err, 'settle'));
      }
      for (const { job, finished } of failed) await boss.fail(queue, job, finished.result.output).catch((err: unknown) => options.onError(err, 'settle'));
      // Announced even when the queue could not be told: the generation's own outcome stands, and
      // the job, left active, is handed out again at its expiry to find the generation settled.
      for (const { finished } of [...completed, ...failed]) announce(finished);
    }
  }

  function announce(finished: FinishedJob): void {
    try {
      finished.afterSettled?.();
    } catch (err) {
      options.onError(err, 'announce');
    }
  }

  function scheduleSettle(): void {
    if (flushing !== null) return;
    flushing = new Promise<void>((resolve) => setImmediate(resolve)).then(settle).finally(() => {
      flushing = null;
      if (toComplete.length > 0 || toFail.length > 0) scheduleSettle();
    });
  }

  /** The job's slot is free again: it ended, or it expired and was given up. */
  function release(job: Job<unknown>): void {
    const expiry = running.get(job);
    if (expiry === undefined) return;
    clearTimeout(expiry);
    running.delete(job);
    if (running.size === 0) whenIdle?.();
    wake();
  }

  function ended(job: Job<unknown>, finished: FinishedJob): void {
    release(job);
    if (failedBack.has(job) || closed) return;
    if (expired.has(job)) {
      announce(finished);
      return;
    }
    (finished.result.status === 'completed' ? toComplete : toFail).push({ job, finished });
    scheduleSettle();
  }

  function start(jobs: Job<unknown>[]): void {
    for (const job of jobs) {
      const timeUp = new AbortController();
      // As pg-boss's own workers do: at its expiry a job is failed back to the queue (a retry takes
      // it over), told to stop, and its slot freed, so a run that hangs cannot hold a slot for good.
      const expiry = setTimeout(() => {
        expired.add(job);
        release(job);
        // Failed before the abort, as pg-boss's failWip does, while the run still holds the job; stop() waits for it.
        const failing = boss
          .fail(queue, job, { error: `the job ran past its expiry of ${job.expireInSeconds} s` })
          .then(
            () => {},
            (err: unknown) => options.onError(err, 'settle'),
          )
          .finally(() => {
            timeUp.abort(new Error(`job ${job.id} expired after ${job.expireInSeconds} s`));
            expiring.delete(failing);
          });
        expiring.add(failing);
      }, job.expireInSeconds * 1000);
      expiry.unref();
      job.signal = AbortSignal.any([stopAll.signal, timeUp.signal]);
      running.set(job, expiry);
    }
    let runs: Promise<FinishedJob>[];
    try {
      runs = options.run(jobs);
    } catch (err) {
      options.onError(err, 'run');
      runs = [];
    }
    jobs.forEach((job, i) => {
      const run = runs[i] ?? Promise.reject(new Error('no run was started for this job'));
      run.then(
        (finished) => ended(job, finished),
        (err: unknown) => ended(job, { result: { id: job.id, status: 'failed', output: { error: err instanceof Error ? err.message : String(err) } } }),
      );
    });
  }

  /** Resolves when woken, or at `until` (never, when null). */
  function nap(until: number | null): Promise<void> {
    return new Promise((resolve) => {
      const timer = until === null ? undefined : setTimeout(resolve, Math.max(0, until - Date.now()));
      wakeLoop = () => {
        clearTimeout(timer);
        wakeLoop = null;
        resolve();
      };
    });
  }

  async function loop(): Promise<void> {
    let pollDue = Date.now();
    while (!stopped) {
      const free = capacity - running.size;
      if (free > 0 && Date.now() >= pollDue) asked = true;
      if (free > 0 && (asked || (backlog && free >= fetchSize))) {
        asked = false;
        // Every fetch is a look at the queue: the next poll is due a whole interval after it.
        pollDue = Date.now() + pollSeconds * 1000;
        const batchSize = Math.min(free, fetchSize);
        let jobs: Job<unknown>[];
        try {
          jobs = await boss.fetch(queue, { batchSize });
        } catch (err) {
          // Tried again at the next poll or the next commit, not at once: the database may be down.
          if (!stopped) options.onError(err, 'fetch');
          backlog = false;
          asked = false;
          pollDue = Date.now() + pollSeconds * 1000;
          continue;
        }
        // stop() gave up waiting for this fetch: its jobs stay with the queue, which hands them out
        // again at their expiry.
        if (closed) return;
        // Fetched while stop() began, these run too: stop() waits for them like the others.
        backlog = jobs.length === batchSize;
        if (jobs.length > 0) start(jobs);
        continue;
      }
      // With every slot taken only an ending job can make room: no poll until then.
      await nap(free > 0 ? pollDue : null);
    }
  }

  async function stopNow({ graceful, timeoutMs }: { graceful: boolean; timeoutMs: number }): Promise<void> {
    stopped = true;
    wake();
    // One budget for the fetch under way and the jobs in flight. A fetch the database never
    // answers must not hold the stop for good, nor cut it short: it gets at least a second.
    const until = Date.now() + timeoutMs;
    await Promise.race([looping, new Promise((resolve) => setTimeout(resolve, Math.max(timeoutMs, 1000)).unref())]);
    if (graceful && running.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, until - Date.now()));
        whenIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    const left = [...running.keys()];
    for (const job of left) {
      clearTimeout(running.get(job));
      failedBack.add(job);
    }
    running.clear();
    if (left.length > 0) {
      // Failed back while still active, before the abort, so no late result of this attempt can land.
      await boss.fail(queue, left, { error: 'the worker stopped while the job was running' }).catch((err: unknown) => options.onError(err, 'stop'));
      stopAll.abort(new Error('the worker stopped'));
    }
    while (flushing !== null) await flushing;
    await Promise.all(expiring);
    closed = true;
  }

  const looping = loop();

  return {
    notify() {
      asked = true;
      wake();
    },
    stop(stopOptions) {
      stopping ??= stopNow(stopOptions);
      return stopping;
    },
  };
}
