// A counted resource shared by everything in the process that holds it: bytes of picture bodies,
// or slots for decoding pictures. Takers wait in a first-come queue, so a large request is not
// starved by a stream of small ones.

/** A share of a budget; give it back with release() (more than once is harmless). */
export interface Lease {
  readonly amount: number;
  /** Gives back what is no longer needed, keeping `amount` at most `keep`. */
  shrinkTo(keep: number): void;
  release(): void;
}

export interface Budget {
  readonly total: number;
  /** What is held right now. */
  inUse(): number;
  /** How many takers wait. */
  waiting(): number;
  /**
   * Resolves once `amount` is free. More than the total gets the whole budget, so no request
   * waits forever; an aborted signal takes the request out of the queue and rejects with its reason.
   */
  acquire(amount: number, signal?: AbortSignal): Promise<Lease>;
}

interface Waiter {
  amount: number;
  grant: (lease: Lease) => void;
}

export function createBudget(total: number): Budget {
  if (!(total > 0)) throw new RangeError(`a budget must be positive, got ${total}`);
  let used = 0;
  const queue: Waiter[] = [];

  const lease = (amount: number): Lease => {
    used += amount;
    let held = amount;
    const giveBack = (keep: number) => {
      const freed = held - Math.max(0, Math.min(keep, held));
      if (freed <= 0) return;
      held -= freed;
      used -= freed;
      serve();
    };
    return {
      get amount() {
        return held;
      },
      shrinkTo: giveBack,
      release: () => giveBack(0),
    };
  };

  function serve(): void {
    for (let head = queue[0]; head !== undefined && used + head.amount <= total; head = queue[0]) {
      queue.shift();
      head.grant(lease(head.amount));
    }
  }

  return {
    total,
    inUse: () => used,
    waiting: () => queue.length,
    acquire(requested, signal) {
      const amount = Math.min(Math.max(0, Math.ceil(requested)), total);
      if (signal?.aborted === true) return Promise.reject(signal.reason);
      if (queue.length === 0 && used + amount <= total) return Promise.resolve(lease(amount));
      return new Promise<Lease>((resolve, reject) => {
        const onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          // The head leaving may let those behind it in.
          serve();
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          amount,
          grant: (granted) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(granted);
          },
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
