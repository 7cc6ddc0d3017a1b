// The worker both queues run on (generations and webhook deliveries). Each item frees its slot when
// it ends, and a free slot is filled as soon as items are there: a loop that fetched again only
// once a whole batch had ended held free slots for a whole model call (bench/results/agents.md).
// What an item is and how it settles is the caller's: the worker only fetches, runs and times out.

export interface SlotWorkerOptions<T> {
  /** Items in flight at most. */
  capacity: number;
  /** Items one fetch takes at most; under a backlog the worker waits until this many slots are free. */
  fetchSize: number;
  /** How often an idle worker looks for items it was not told of (other processes', retries, deferred ones). */
  pollSeconds: number;
  /** How long one item may run: then its signal is aborted and its slot freed, so a hung run cannot hold a slot for good. */
  expireSeconds: number;
  /** Takes up to `limit` items to run, in order. */
  fetch(limit: number): Promise<T[]>;
  /** Starts the fetched items, each with its signal; one promise per item, in order, resolving when that item has ended. */
  run(items: T[], signals: AbortSignal[]): Promise<unknown>[];
  onError(err: unknown, during: 'fetch' | 'run'): void;
}

export interface SlotWorker {
  /** Items were queued: a free slot takes them now rather than at the next poll. */
  notify(): void;
  /**
   * Stops fetching. Graceful: the items in flight get up to `timeoutMs` to end. Whatever still
   * runs then has its signal aborted (its run gives its item back) and gets a second more to
   * unwind. One stop however often it is called: the first call's options hold for all.
   */
  stop(options: { graceful: boolean; timeoutMs: number }): Promise<void>;
}

/** The reason of a run's signal when its worker stopped: the run was cut off, it did not fail. */
export class WorkerStoppedError extends Error {
  override name = 'WorkerStoppedError';
}

/** What a run that was asked to stop gets to give its item back before stop() returns. */
const UNWIND_MS = 1000;

export function startSlotWorker<T>(options: SlotWorkerOptions<T>): SlotWorker {
  const { capacity, pollSeconds } = options;
  const fetchSize = Math.min(options.fetchSize, capacity);
  // Each running item: its expiry timer and the promise of its end.
  const running = new Map<symbol, { expiry: NodeJS.Timeout; ended: Promise<void> }>();
  let stopping: Promise<void> | null = null;
  const stopAll = new AbortController();
  let stopped = false;
  // stop() has returned: the database may be closing, so nothing fetched later is started.
  let closed = false;
  // Told of new items, or a poll is due: fetch whatever fits.
  let asked = false;
  // The last fetch came back full, so more items are likely waiting: refill a fetch's worth at a time.
  let backlog = false;
  let wakeLoop: (() => void) | null = null;
  let whenIdle: (() => void) | null = null;
  const wake = () => wakeLoop?.();

  /** The item's slot is free again: it ended, or it expired. */
  function release(slot: symbol): void {
    const entry = running.get(slot);
    if (entry === undefined) return;
    clearTimeout(entry.expiry);
    running.delete(slot);
    if (running.size === 0) whenIdle?.();
    wake();
  }

  function start(items: T[]): void {
    const slots = items.map(() => Symbol('slot'));
    const signals = slots.map((slot) => {
      const timeUp = new AbortController();
      const expiry = setTimeout(() => {
        release(slot);
        timeUp.abort(new Error(`the run went past its expiry of ${options.expireSeconds} s`));
      }, options.expireSeconds * 1000);
      expiry.unref();
      running.set(slot, { expiry, ended: Promise.resolve() });
      return AbortSignal.any([stopAll.signal, timeUp.signal]);
    });
    let runs: Promise<unknown>[];
    try {
      runs = options.run(items, signals);
    } catch (err) {
      options.onError(err, 'run');
      runs = [];
    }
    slots.forEach((slot, i) => {
      const ended = (runs[i] ?? Promise.reject(new Error('no run was started for this item'))).then(
        () => release(slot),
        (err: unknown) => {
          options.onError(err, 'run');
          release(slot);
        },
      );
      const entry = running.get(slot);
      if (entry !== undefined) entry.ended = ended;
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
        const limit = Math.min(free, fetchSize);
        let items: T[];
        try {
          items = await options.fetch(limit);
        } catch (err) {
          // Tried again at the next poll or the next notice, not at once: the database may be down.
          if (!stopped) options.onError(err, 'fetch');
          backlog = false;
          pollDue = Date.now() + pollSeconds * 1000;
          continue;
        }
        // stop() gave up waiting for this fetch: what it claimed lapses within its lease.
        if (closed) return;
        // Fetched while stop() began, these run too: stop() waits for them like the others.
        backlog = items.length === limit;
        if (items.length > 0) start(items);
        continue;
      }
      // With every slot taken only an ending item can make room: no poll until then.
      await nap(free > 0 ? pollDue : null);
    }
  }

  async function stopNow({ graceful, timeoutMs }: { graceful: boolean; timeoutMs: number }): Promise<void> {
    stopped = true;
    wake();
    // One budget for the fetch under way and the items in flight. A fetch the database never
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
    const left = [...running.values()];
    if (left.length > 0) {
      stopAll.abort(new WorkerStoppedError('the worker stopped'));
      // Each run gives its item back as it unwinds (a claim released is due again elsewhere; one
      // not released lapses within its lease).
      await Promise.race([Promise.all(left.map((r) => r.ended)), new Promise((resolve) => setTimeout(resolve, UNWIND_MS).unref())]);
      for (const { expiry } of left) clearTimeout(expiry);
    }
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
