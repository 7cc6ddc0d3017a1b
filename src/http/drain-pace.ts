import { clientKey } from './client-key.ts';
import { makeRoom } from './make-room.ts';

/** Client addresses tracked at once; past it, those with nothing owed are dropped first. */
const MAX_TRACKED = 100_000;
/** A second's worth of bytes is taken in at once: a refused body of that size is never slowed. */
const BURST_MS = 1_000;
/**
 * Refused bodies of one client address taken in at once. A client that sends refused uploads
 * faster than its pace would otherwise hold a connection open for each until the lingering time
 * ends, hundreds of them, each with its kernel buffers full; past this, a refused body's
 * connection is closed once its answer is out.
 */
export const DRAINS_PER_CLIENT = 2;

/**
 * How fast the unread rest of refused bodies is taken in, per client address. Taking in a body
 * nobody will use is work done for nothing: at a hostile client's pace (one refused upload after
 * another) it was 56 MB/s of socket reads that the API's thread copied and then collected, and the
 * full garbage collections that asked for set every other account's slowest answers. Paced, a
 * client's refused bytes cost at most `bytesPerSecond`; the client sends its body at that pace
 * (TCP holds the rest back) and still gets its answer.
 *
 * A generic cell rate algorithm (one "theoretical arrival time" per address): no timer per client,
 * and an address with nothing owed needs no entry. Written here because the rate limiters on npm
 * count requests, not bytes, and this is the whole of it.
 */
export class DrainPace {
  private readonly owedUntil = new Map<string, number>();
  private readonly draining = new Map<string, number>();
  private readonly msPerByte: number;
  private readonly now: () => number;

  constructor(bytesPerSecond: number, now: () => number = () => performance.now()) {
    this.msPerByte = 1000 / bytesPerSecond;
    this.now = now;
  }

  /** Whether a refused body of `address` may be taken in now; if so, `ended` must be called when it is done. */
  mayStart(address: string): boolean {
    const key = clientKey(address);
    const running = this.draining.get(key) ?? 0;
    if (running >= DRAINS_PER_CLIENT) return false;
    this.draining.set(key, running + 1);
    return true;
  }

  ended(address: string): void {
    const key = clientKey(address);
    const running = this.draining.get(key) ?? 0;
    if (running <= 1) this.draining.delete(key);
    else this.draining.set(key, running - 1);
  }

  /** After `bytes` of a refused body were taken in from `address`: milliseconds to wait before taking in more. */
  took(address: string, bytes: number): number {
    const key = clientKey(address);
    const now = this.now();
    const owed = Math.max(this.owedUntil.get(key) ?? now, now) + bytes * this.msPerByte;
    if (!this.owedUntil.has(key)) makeRoom(this.owedUntil, MAX_TRACKED, (until) => until <= now);
    this.owedUntil.set(key, owed);
    return Math.max(0, owed - now - BURST_MS);
  }
}
