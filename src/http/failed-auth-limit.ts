import { clientKey } from './client-key.ts';
import { makeRoom } from './make-room.ts';

/** Client addresses tracked at once; past it, windows that have ended are dropped first. */
const MAX_TRACKED = 100_000;
const WINDOW_MS = 60_000;

/**
 * Failed authentications per client address, counted in one-minute windows and checked before a
 * token is looked up, so a client that guesses tokens costs the database nothing once over its
 * limit. Only failures count: a client whose token is good is never slowed by this. An IPv6
 * client is counted by its /64 (clientKey). Written here rather than with @fastify/rate-limit,
 * which counts every request.
 */
export class FailedAuthLimit {
  private readonly windows = new Map<string, { failures: number; endsAt: number }>();
  private readonly perMinute: number;
  private readonly now: () => number;

  constructor(perMinute: number, now: () => number = Date.now) {
    this.perMinute = perMinute;
    this.now = now;
  }

  /** Seconds until `address` may try again, or null when it may try now. */
  retryAfterSeconds(address: string): number | null {
    const key = clientKey(address);
    const window = this.windows.get(key);
    if (window === undefined) return null;
    const now = this.now();
    if (window.endsAt <= now) {
      this.windows.delete(key);
      return null;
    }
    return window.failures >= this.perMinute ? Math.max(1, Math.ceil((window.endsAt - now) / 1000)) : null;
  }

  recordFailure(address: string): void {
    const key = clientKey(address);
    const now = this.now();
    const window = this.windows.get(key);
    if (window !== undefined && window.endsAt > now) {
      window.failures += 1;
      return;
    }
    makeRoom(this.windows, MAX_TRACKED, (w) => w.endsAt <= now);
    this.windows.set(key, { failures: 1, endsAt: now + WINDOW_MS });
  }
}
