// The fake model provider of bench/agents.ts, on the benchmark's event loop or (BENCH_PROVIDER_THREAD=1)
// on a thread of its own: a real provider runs on someone else's machine, so the CPU it spends
// parsing prompts and writing answers is not the service's, and on the service's event loop it
// would be counted as if it were.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { startFakeAnthropic } from '../test/fakes/llm/anthropic-server.ts';
import { startFakeOpenAiCompatible } from '../test/fakes/llm/openai-compatible-server.ts';
import { productWriter } from '../test/fakes/llm/product-writer.ts';

export interface BenchProvider {
  baseURL: string;
  /** When each request arrived, in this thread's performance.now() milliseconds, in order. */
  arrivals: number[];
  close(): Promise<void>;
}

/** The wire format the fake speaks: OpenAI's (chat completions and Responses) or Anthropic's Messages API. */
export type BenchWire = 'openai' | 'anthropic';

interface ProviderWork {
  latencyMs: number;
  wire: BenchWire;
}

type FromThread = { baseURL: string } | { arrivedAt: number } | { closed: true };

/** The scripted writer behind the OpenAI-compatible fake, forgetting each request once answered (its memory is not the service's). */
async function startProvider(work: ProviderWork, onArrival: (epochMs: number) => void) {
  const writer = productWriter();
  const start = work.wire === 'anthropic' ? startFakeAnthropic : startFakeOpenAiCompatible;
  const fake = await start({
    latencyMs: work.latencyMs,
    script: (request, index) => {
      onArrival(performance.timeOrigin + performance.now());
      fake.requests.length = 0;
      return writer(request, index);
    },
  });
  return fake;
}

export async function startBenchProvider(latencyMs: number, inThread: boolean, wire: BenchWire = 'openai'): Promise<BenchProvider> {
  const arrivals: number[] = [];
  const local = (epochMs: number) => arrivals.push(epochMs - performance.timeOrigin);
  if (!inThread) {
    const fake = await startProvider({ latencyMs, wire }, local);
    return { baseURL: fake.baseURL, arrivals, close: () => fake.close() };
  }
  const thread = new Worker(new URL(import.meta.url), { workerData: { latencyMs, wire } satisfies ProviderWork });
  let closed: () => void = () => {};
  const whenClosed = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const started = new Promise<string>((resolve, reject) => {
    thread.once('error', reject);
    thread.on('message', (message: FromThread) => {
      if ('baseURL' in message) resolve(message.baseURL);
      else if ('arrivedAt' in message) local(message.arrivedAt);
      else closed();
    });
  });
  const baseURL = await started;
  return {
    baseURL,
    arrivals,
    async close() {
      thread.postMessage('close');
      await whenClosed;
      await thread.terminate();
    },
  };
}

if (parentPort !== null && workerData !== null && typeof workerData === 'object') {
  const port = parentPort;
  const fake = await startProvider(workerData as ProviderWork, (arrivedAt) => port.postMessage({ arrivedAt } satisfies FromThread));
  port.on('message', () => {
    void fake.close().then(() => port.postMessage({ closed: true } satisfies FromThread));
  });
  port.postMessage({ baseURL: fake.baseURL } satisfies FromThread);
}
