/**
 * At most `limit` pieces of work of one account under way at once in this process; the others
 * wait in arrival order and start as those end.
 */
export class AccountGate {
  readonly #limit: number;
  readonly #accounts = new Map<string, { active: number; waiting: (() => void)[] }>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  async run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    let state = this.#accounts.get(accountId);
    if (state === undefined) {
      state = { active: 0, waiting: [] };
      this.#accounts.set(accountId, state);
    }
    const own = state;
    if (own.active >= this.#limit) await new Promise<void>((resolve) => own.waiting.push(resolve));
    else own.active += 1;
    try {
      return await work();
    } finally {
      // The place passes to the longest waiting, or is given up.
      const next = own.waiting.shift();
      if (next !== undefined) next();
      else {
        own.active -= 1;
        if (own.active === 0) this.#accounts.delete(accountId);
      }
    }
  }
}
