/** A lane's tasks: those waiting for their turn, and how many of its own are running. */
interface Lane {
  waiting: Array<() => void>;
  running: number;
  /** When the lane was last served (a counter, not a clock); 0 for a lane that had nothing waiting or running. */
  lastServed: number;
}

/**
 * Runs tasks at most `limit` at once, taking turns across lanes: the next task comes from the
 * waiting lane served longest ago, and a lane that had nothing waiting or running counts as never
 * served, so it goes ahead of every lane with a backlog. A lane with a thousand tasks queued delays
 * another lane's task by the tasks already running, never by its backlog. Within a lane, tasks run
 * in the order given. Pure scheduling: what a task does is its own.
 */
export class FairQueue {
  readonly #limit: number;
  /** Lanes with tasks waiting or running, in the order they became busy, which breaks ties. */
  readonly #lanes = new Map<string, Lane>();
  #turn = 0;
  #running = 0;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`FairQueue limit must be a whole number of at least 1, got ${limit}`);
    this.#limit = limit;
  }

  /** Tasks started and not yet settled. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for a turn, over every lane. */
  get waiting(): number {
    let count = 0;
    for (const lane of this.#lanes.values()) count += lane.waiting.length;
    return count;
  }

  /** Runs `task` in `name`'s turn; settles as it does. */
  run<T>(name: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let lane = this.#lanes.get(name);
      if (lane === undefined) {
        lane = { waiting: [], running: 0, lastServed: 0 };
        this.#lanes.set(name, lane);
      }
      const own = lane;
      own.waiting.push(() => {
        let settled: Promise<T>;
        try {
          settled = task();
        } catch (err) {
          settled = Promise.reject(err);
        }
        settled.then(resolve, reject).finally(() => {
          this.#running -= 1;
          own.running -= 1;
          if (own.running === 0 && own.waiting.length === 0) this.#lanes.delete(name);
          this.#dispatch();
        });
      });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#running < this.#limit) {
      const lane = this.#nextLane();
      const start = lane?.waiting.shift();
      if (lane === undefined || start === undefined) return;
      this.#turn += 1;
      lane.lastServed = this.#turn;
      lane.running += 1;
      this.#running += 1;
      start();
    }
  }

  /** The waiting lane served longest ago: linear in the lanes busy, the accounts with work under way at this instant. */
  #nextLane(): Lane | undefined {
    let best: Lane | undefined;
    for (const lane of this.#lanes.values()) {
      if (lane.waiting.length > 0 && (best === undefined || lane.lastServed < best.lastServed)) best = lane;
    }
    return best;
  }
}
