import { DatabaseUnavailableError } from '../db/database.ts';

interface Waiting {
  start: () => void;
}

/**
 * At most `limit` pieces of work of one account under way at once in this process; the others
 * wait in arrival order and start as those end. One that waits longer than `maxWaitMs` is
 * answered as a statement that found no free connection in that time would be: unavailable, with
 * nothing written.
 */
export class AccountGate {
  readonly #limit: number;
  readonly #accounts = new Map<string, { active: number; waiting: Waiting[] }>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  async run<T>(accountId: string, work: () => Promise<T>, maxWaitMs = Number.POSITIVE_INFINITY): Promise<T> {
    let state = this.#accounts.get(accountId);
    if (state === undefined) {
      state = { active: 0, waiting: [] };
      this.#accounts.set(accountId, state);
    }
    const own = state;
    if (own.active >= this.#limit) await waitTurn(own.waiting, maxWaitMs);
    else own.active += 1;
    try {
      return await work();
    } finally {
      // The place passes to the longest waiting, or is given up.
      const next = own.waiting.shift();
      if (next !== undefined) next.start();
      else {
        own.active -= 1;
        if (own.active === 0) this.#accounts.delete(accountId);
      }
    }
  }
}

function waitTurn(waiting: Waiting[], maxWaitMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const entry: Waiting = {
      start: () => {
        clearTimeout(timer);
        resolve();
      },
    };
    const timer = Number.isFinite(maxWaitMs)
      ? setTimeout(() => {
          const at = waiting.indexOf(entry);
          if (at >= 0) waiting.splice(at, 1);
          reject(new DatabaseUnavailableError("timeout exceeded waiting for the account's turn at the database", { outcome: 'not_written' }));
        }, maxWaitMs)
      : undefined;
    waiting.push(entry);
  });
}
