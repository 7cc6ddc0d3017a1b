import type { LimiterClock } from '../../src/sources/rate-limiter.ts';

/**
 * A clock that moves only when the test says so. Sleepers are resolved by `advance`, in due order,
 * so tests of waiting code never wait for real time.
 */
export class ManualClock implements LimiterClock {
  #now: number;
  #sleepers: Array<{ due: number; resolve: () => void; reject: (reason: unknown) => void; signal?: AbortSignal; onAbort: () => void }> = [];
  #onSleep: Array<() => void> = [];

  constructor(start = Date.parse('2026-11-01T10:00:00.000Z')) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const sleeper = {
        due: this.#now + ms,
        resolve,
        reject,
        signal,
        onAbort: () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener('abort', sleeper.onAbort, { once: true });
      this.#sleepers.push(sleeper);
      const waiting = this.#onSleep;
      this.#onSleep = [];
      for (const notify of waiting) notify();
    });
  }

  /** How many callers are asleep now. */
  get sleeping(): number {
    return this.#sleepers.length;
  }

  /** Resolves once someone is asleep (at once if someone already is). */
  untilSleeping(): Promise<void> {
    if (this.#sleepers.length > 0) return Promise.resolve();
    return new Promise((resolve) => this.#onSleep.push(resolve));
  }

  /** Moves time forward and wakes every sleeper that is due. */
  advance(ms: number): void {
    this.#now += ms;
    const due = this.#sleepers.filter((s) => s.due <= this.#now).sort((a, b) => a.due - b.due);
    this.#sleepers = this.#sleepers.filter((s) => s.due > this.#now);
    for (const sleeper of due) {
      sleeper.signal?.removeEventListener('abort', sleeper.onAbort);
      sleeper.resolve();
    }
  }
}
