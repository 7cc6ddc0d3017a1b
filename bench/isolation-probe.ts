import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** What the probe is given: the service, B's token and the codes its creates send (one a round). */
export interface ProbeWork {
  url: string;
  token: string;
  eans: string[];
}

/** Each call's latency in ms, and the probe's own event-loop delay p99 (its measuring is clean when low). */
export interface ProbeSamples {
  account: number[];
  create: number[];
  ownLoopP99: number;
}

/**
 * Account B, one call after another: its account, then a 1-code create, 50 ms between rounds, until
 * `stopped` resolves. Run on a thread of its own (bench/isolation.ts): B is another tenant's client, and
 * timing its calls on the loop that reads A's exports and sends A's uploads measured the bench as well.
 */
export async function probeB(work: ProbeWork, stopped: Promise<void>): Promise<ProbeSamples> {
  const samples: ProbeSamples = { account: [], create: [], ownLoopP99: Number.NaN };
  const headers = { authorization: `Bearer ${work.token}`, 'content-type': 'application/json' };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let running = true;
  void stopped.then(() => {
    running = false;
  });
  while (running) {
    let started = performance.now();
    await (await fetch(`${work.url}/api/v1/account`, { headers })).arrayBuffer();
    samples.account.push(performance.now() - started);
    const code = work.eans.pop();
    if (code !== undefined) {
      started = performance.now();
      const res = await fetch(`${work.url}/api/v1/products/create`, { method: 'POST', headers, body: JSON.stringify({ codes: code, countries: ['it'] }) });
      await res.arrayBuffer();
      if (res.status === 202) samples.create.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  loop.disable();
  samples.ownLoopP99 = loop.percentile(99) / 1e6;
  return samples;
}

/**
 * An error's message with its code, and its causes' (fetch's own says only "fetch failed"; a
 * connection refused on every address is an AggregateError with no message), five deep at most.
 */
function described(err: unknown, depth = 0): string {
  if (!(err instanceof Error)) return String(err);
  const code = 'code' in err && typeof err.code === 'string' ? ` (${err.code})` : '';
  const own = `${err.message}${code}`;
  if (depth >= 5) return own;
  const inner = err instanceof AggregateError ? err.errors : err.cause === undefined ? [] : [err.cause];
  return inner.length === 0 ? own : `${own}: ${inner.map((e: unknown) => described(e, depth + 1)).join('; ')}`;
}

// Run as a worker thread: probes until the parent posts 'stop', then posts its samples.
if (parentPort !== null && workerData !== null && typeof workerData === 'object') {
  const port = parentPort;
  const stopped = new Promise<void>((resolve) => port.once('message', () => resolve()));
  probeB(workerData as ProbeWork, stopped).then(
    (samples) => port.postMessage({ samples }),
    (err: unknown) => port.postMessage({ error: described(err) }),
  );
}
