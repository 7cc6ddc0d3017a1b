import { AsyncLocalStorage } from 'node:async_hooks';

/** Idle lanes and lines whose last turn is remembered: far more than the requests and jobs of a few seconds. */
const REMEMBERED = 10_000;

/** How long a task may wait for its turn, and the error it is rejected with after that. */
export interface WaitDeadline {
  ms: number;
  error: () => Error;
}

/** Tasks of one line of work (a request, a generation, a delivery): those waiting, and how many run. */
interface Line {
  waiting: Array<() => void>;
  running: number;
  /** When the line was last served (a counter, not a clock); 0 for one never served (or forgotten). */
  lastServed: number;
}

/** A lane's lines of work; the lane is served and remembered as a line is. */
interface Lane extends Omit<Line, 'waiting'> {
  lines: Map<string, Line>;
  waiting: number;
}

/**
 * Runs tasks at most `limit` at once, taking turns across lanes (accounts), and within a lane
 * across its lines of work (its requests, its generations): the next task comes from the waiting
 * lane served longest ago, and in it from the waiting line served longest ago. When a lane or line
 * was last served is remembered while it has nothing queued: work that sends one statement at a
 * time (an import, a generation) is between two of them for an instant, and must not come back
 * as new; a new one (a request's first statement) goes ahead of every one served since. One
 * account's thousand queued tasks delay another account's task by the tasks already running,
 * never by that backlog; and an account's request is not held behind its own background work
 * either. Within a line, tasks run in the order given. Pure scheduling: what a task does is its own.
 */
export class FairQueue {
  readonly #limit: number;
  readonly #laneLimit: number;
  /** Lanes with tasks waiting or running, in the order they became busy, which breaks ties. */
  readonly #lanes = new Map<string, Lane>();
  /** When idle lanes and lines were last served ("lane" and "lane\0line"), the oldest forgotten first past REMEMBERED. */
  readonly #served = new Map<string, number>();
  #turn = 0;
  #running = 0;

  /**
   * `laneLimit` caps the tasks of one lane running at once (default `limit`): below `limit`, the
   * places it leaves are free for another lane's next task, which then waits for none to end.
   * `limit` may be Infinity when only each lane is capped (an account's scans in this process):
   * then a lane's tasks wait only for its own.
   */
  constructor(limit: number, laneLimit = limit) {
    if (!(Number.isInteger(limit) || limit === Number.POSITIVE_INFINITY) || limit < 1)
      throw new RangeError(`FairQueue limit must be a whole number of at least 1, or Infinity, got ${limit}`);
    if (!Number.isInteger(laneLimit) || laneLimit < 1 || laneLimit > limit)
      throw new RangeError(`FairQueue lane limit must be a whole number from 1 to ${limit}, got ${laneLimit}`);
    this.#limit = limit;
    this.#laneLimit = laneLimit;
  }

  /** Tasks started and not yet settled. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for a turn, over every lane. */
  get waiting(): number {
    let count = 0;
    for (const lane of this.#lanes.values()) count += lane.waiting;
    return count;
  }

  /**
   * Runs `task` in the turn of `line` of `laneName`, in its caller's async context; settles as it
   * does. A task not started within `deadline.ms` is taken out of the queue and rejected with
   * `deadline.error()`.
   */
  run<T>(laneName: string, task: () => Promise<T>, lineName = '', deadline?: WaitDeadline): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let lane = this.#lanes.get(laneName);
      if (lane === undefined) {
        lane = { lines: new Map(), waiting: 0, running: 0, lastServed: this.#recall(laneName) };
        this.#lanes.set(laneName, lane);
      }
      let line = lane.lines.get(lineName);
      if (line === undefined) {
        line = { waiting: [], running: 0, lastServed: this.#recall(`${laneName}\0${lineName}`) };
        lane.lines.set(lineName, line);
      }
      const ownLane = lane;
      const ownLine = line;
      let started = false;
      // A task left waiting is started from the settling of another's, whose async context
      // (account-lane.ts: the account and line its statements queue in) it would otherwise run in.
      let inCaller: (<R>(fn: () => R) => R) | undefined;
      const start = () => {
        started = true;
        clearTimeout(timer);
        let settled: Promise<T>;
        try {
          settled = inCaller === undefined ? task() : inCaller(task);
        } catch (err) {
          settled = Promise.reject(err);
        }
        settled.then(resolve, reject).finally(() => {
          this.#running -= 1;
          ownLane.running -= 1;
          ownLine.running -= 1;
          this.#forgetIfIdle(laneName, ownLane, lineName, ownLine);
          this.#dispatch();
        });
      };
      let timer: NodeJS.Timeout | undefined;
      ownLine.waiting.push(start);
      ownLane.waiting += 1;
      this.#dispatch();
      if (started) return;
      inCaller = AsyncLocalStorage.snapshot();
      // Only a task left waiting gets a deadline; unref'd, it keeps no process alive on its own.
      if (deadline !== undefined) {
        timer = setTimeout(() => {
          const at = ownLine.waiting.indexOf(start);
          if (at < 0) return;
          ownLine.waiting.splice(at, 1);
          ownLane.waiting -= 1;
          this.#forgetIfIdle(laneName, ownLane, lineName, ownLine);
          reject(deadline.error());
        }, deadline.ms).unref();
      }
    });
  }

  /** A line (lane) with nothing waiting or running leaves the busy ones; when it was served is remembered. */
  #forgetIfIdle(laneName: string, lane: Lane, lineName: string, line: Line): void {
    if (line.running === 0 && line.waiting.length === 0) {
      lane.lines.delete(lineName);
      this.#remember(`${laneName}\0${lineName}`, line.lastServed);
    }
    if (lane.lines.size === 0) {
      this.#lanes.delete(laneName);
      this.#remember(laneName, lane.lastServed);
    }
  }

  #recall(key: string): number {
    const served = this.#served.get(key) ?? 0;
    this.#served.delete(key);
    return served;
  }

  #remember(key: string, served: number): void {
    this.#served.set(key, served);
    // Forgotten, a lane or line counts as served before all others: right for one idle this long.
    for (const oldest of this.#served.keys()) {
      if (this.#served.size <= REMEMBERED) break;
      this.#served.delete(oldest);
    }
  }

  #dispatch(): void {
    while (this.#running < this.#limit) {
      const lane = leastRecentlyServed(this.#lanes.values(), (l) => l.waiting > 0 && l.running < this.#laneLimit);
      const line = lane === undefined ? undefined : leastRecentlyServed(lane.lines.values(), (l) => l.waiting.length > 0);
      const start = line?.waiting.shift();
      if (lane === undefined || line === undefined || start === undefined) return;
      this.#turn += 1;
      lane.lastServed = this.#turn;
      line.lastServed = this.#turn;
      lane.waiting -= 1;
      lane.running += 1;
      line.running += 1;
      this.#running += 1;
      start();
    }
  }
}

/** Linear in the lanes (lines) busy: the accounts (an account's requests and jobs) with work under way at this instant. */
function leastRecentlyServed<T extends { lastServed: number }>(candidates: Iterable<T>, waiting: (candidate: T) => boolean): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) {
    if (waiting(candidate) && (best === undefined || candidate.lastServed < best.lastServed)) best = candidate;
  }
  return best;
}
