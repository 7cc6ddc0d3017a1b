/** How a cleanup is asked to run: gracefully on a normal close, at once after a failed start. */
export interface TeardownOptions {
  graceful: boolean;
  /** When a graceful close must be over (epoch ms): the cleanups that wait share this one budget. */
  deadline: number;
}

/** What is left of a close's budget, in milliseconds (0 once it is spent). */
export function timeLeft({ deadline }: TeardownOptions): number {
  return Math.max(0, deadline - Date.now());
}

type Cleanup = (options: TeardownOptions) => Promise<void> | void;

/**
 * The cleanups of the resources a start opened, registered as each one opens and run newest
 * first: the one teardown path, both for a start that fails half-way and for close.
 */
export class Teardown {
  readonly #cleanups: Cleanup[] = [];
  #running: Promise<void> = Promise.resolve();

  /** Registers the cleanup of a resource that has just opened. */
  add(cleanup: Cleanup): void {
    this.#cleanups.push(cleanup);
  }

  /**
   * Closes everything, newest first; a cleanup that fails stops the rest, and its error is thrown.
   * What closed is not closed again by a second run, which starts at the cleanup that failed; a
   * run asked for while one is under way waits for it first.
   */
  run(options: TeardownOptions): Promise<void> {
    const next = this.#running.catch(() => {}).then(() => this.#runNow(options));
    this.#running = next;
    return next;
  }

  async #runNow(options: TeardownOptions): Promise<void> {
    for (let cleanup = this.#cleanups.at(-1); cleanup !== undefined; cleanup = this.#cleanups.at(-1)) {
      await cleanup(options);
      // By identity: a cleanup added while this one ran is still to run.
      this.#cleanups.splice(this.#cleanups.lastIndexOf(cleanup), 1);
    }
  }

  /** After a failed start: closes everything at once, newest first, so the start's own error is the one reported. */
  async runQuietly(): Promise<void> {
    for (const cleanup of this.#cleanups.splice(0).reverse()) {
      try {
        await cleanup({ graceful: false, deadline: Date.now() });
      } catch {
        // Ignored: the error that failed the start is the one the caller needs.
      }
    }
  }
}
