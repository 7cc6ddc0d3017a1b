import { parentPort, workerData } from 'node:worker_threads';

/** When the first and the last create were answered, in epoch milliseconds (comparable across threads). */
export interface AcceptTimes {
  first: number | undefined;
  last: number | undefined;
}

export interface CallerWork {
  address: string;
  token: string;
  /** One create body per product, sent in order by whichever caller is free. */
  bodies: readonly string[];
  callers: number;
}

/** `callers` clients, each sending the next create as soon as its last one was answered (202 expected). */
export async function sendCreates(work: CallerWork): Promise<AcceptTimes> {
  const times: AcceptTimes = { first: undefined, last: undefined };
  let next = 0;
  const caller = async () => {
    for (let i = next++; i < work.bodies.length; i = next++) {
      const res = await fetch(`${work.address}/api/v1/products/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${work.token}` },
        body: work.bodies[i],
      });
      if (res.status !== 202) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      const now = performance.timeOrigin + performance.now();
      times.first ??= now;
      times.last = now;
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: work.callers }, caller));
  return times;
}

// Run as a worker thread (bench/agents.ts, BENCH_CALLER_THREAD=1): the callers on an event loop of their own.
if (parentPort !== null && workerData !== null && typeof workerData === 'object') {
  const port = parentPort;
  sendCreates(workerData as CallerWork).then(
    (times) => port.postMessage({ times }),
    (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
}
