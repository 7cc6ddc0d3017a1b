import { performance } from 'node:perf_hooks';
import { setImmediate as afterPendingIo, setTimeout as delay } from 'node:timers/promises';

/**
 * The share of the API thread's time above which bulk work (an export's products, an import's
 * rows) waits before its next step. Run flat out, two exports kept the thread 80–90 % busy in
 * bursts of 80–150 ms, and every other account's call queued behind them
 * (bench/results/isolation.md).
 */
const BUSY_SHARE = 0.5;
/** The span the share is measured over: the last 100–200 ms. */
const WINDOW_MS = 100;
/** How long bulk work waits before it looks again. */
const PAUSE_MS = 5;
/**
 * The longest one turn waits: a thread kept busy by requests alone still gives bulk work a step
 * every 50 ms or so (an import 4 ms of rows in each, about 7 % of the thread).
 */
const MAX_WAIT_MS = 50;

type Utilization = ReturnType<typeof performance.eventLoopUtilization>;

let previousMark: Utilization = performance.eventLoopUtilization();
let currentMark: Utilization = previousMark;

/**
 * How busy the thread was since the older of the two marks, which move forward every WINDOW_MS
 * while bulk work asks. After a spell with no asking, the answer is that spell's, and both marks
 * start again now: kept, the spell would be averaged into the next 100 ms of a burst.
 */
function recentBusyShare(): number {
  const now = performance.eventLoopUtilization();
  const sinceCurrent = performance.eventLoopUtilization(now, currentMark);
  const span = sinceCurrent.idle + sinceCurrent.active;
  if (span >= 2 * WINDOW_MS) {
    previousMark = now;
    currentMark = now;
    return sinceCurrent.utilization;
  }
  if (span >= WINDOW_MS) {
    previousMark = currentMark;
    currentMark = now;
  }
  return performance.eventLoopUtilization(now, previousMark).utilization;
}

/**
 * Resolves once the API thread has been busy at most half the time of late, or after MAX_WAIT_MS:
 * bulk work calls it before each step, so it takes the thread's spare time and leaves the rest to
 * requests, which find the thread free within one step. Bulk work runs slower for it (two exports
 * at once took 1.5–1.9× as long); that is the price of another account's calls not waiting behind it.
 */
export async function bulkTurn(): Promise<void> {
  // Each step a task of its own: what arrived meanwhile (another account's request) is read first.
  await afterPendingIo();
  const giveUpAt = performance.now() + MAX_WAIT_MS;
  while (recentBusyShare() > BUSY_SHARE && performance.now() < giveUpAt) await delay(PAUSE_MS);
}
