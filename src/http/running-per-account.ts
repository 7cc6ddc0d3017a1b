/**
 * How many of one kind of long request (an export) each account has running in this process, up
 * to a cap: a slot is taken when one starts and given back when its answer is done or cut off.
 * Per process, like the rate limit: with N API processes an account may run N times as many.
 * Every account of the process together: `take` with one key for all (RUNNING_ALL).
 */
export class RunningPerAccount {
  private readonly running = new Map<string, number>();
  readonly cap: number;

  constructor(cap: number) {
    this.cap = cap;
  }

  /** A slot for `accountId`, with the function that gives it back (once, however often called); null at the cap. */
  take(accountId: string): (() => void) | null {
    const now = this.running.get(accountId) ?? 0;
    if (now >= this.cap) return null;
    this.running.set(accountId, now + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left <= 0) this.running.delete(accountId);
      else this.running.set(accountId, left);
    };
  }
}

/** The key under which RunningPerAccount counts every account's requests together. */
export const RUNNING_ALL = '';
