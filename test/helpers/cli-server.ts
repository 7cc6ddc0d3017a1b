import { spawn, type ChildProcess } from 'node:child_process';
import { defined } from './assert.ts';
import { BIN, CHILD_TIMEOUT_MS, childEnv, ROOT, type Env } from './run-cli.ts';

// Only a start that never comes fails, as for a command (run-cli.ts): a fresh embedded data
// directory took 55 s to migrate on two cores running two test suites at once.
const START_TIMEOUT_MS = CHILD_TIMEOUT_MS;

// `vetrina serve` as a child process, the way an operator starts it.

const LISTENING = /listening at (http:\/\/[^\s"]+)/i;

export interface Server {
  url: string;
  output(): string;
  /** Resolves once the output matches `pattern` (lines logged after "listening" arrive when they will). */
  waitFor(pattern: RegExp): Promise<void>;
  /** SIGTERM, then the exit code once the process is gone. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Only if a test failed midway: servers a file started must not outlive it. */
export function stopAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** `vetrina serve` on a free port; resolves once its output says it is listening. */
export async function startServer(env: Env, args: readonly string[] = []): Promise<Server> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd: ROOT, env: childEnv({ PORT: '0', HOST: '127.0.0.1', ...env }) });
  running.add(child);
  let output = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const wake = () => {
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(output)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not listening after ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve(defined(match[1], 'listening URL'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // After onData, so a waiter sees the chunk that woke it.
    child.stdout.on('data', wake);
    child.stderr.on('data', wake);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    waitFor: (pattern) =>
      new Promise<void>((resolve) => {
        waiters.push({ pattern, resolve });
        wake();
      }),
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface WorkerProcess {
  /** Generations this process finished, by id, in the order its log said so. */
  finished: string[];
  /** Fires `finished` for each generation this process finishes. */
  progress: EventTarget;
  output(): string;
  stop(): Promise<number | null>;
}

/** `vetrina worker`; resolves once its log says the workers started. */
export async function startWorkerProcess(env: Env): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [BIN, 'worker'], { cwd: ROOT, env: childEnv(env) });
  running.add(child);
  const finished: string[] = [];
  const progress = new EventTarget();
  let output = '';
  let pending = '';
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not started after ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; generationId?: string; outcome?: string };
        if (entry.msg === 'workers started') {
          clearTimeout(timer);
          resolve();
        }
        if (entry.msg === 'generation finished' && entry.outcome === 'completed' && entry.generationId !== undefined) {
          finished.push(entry.generationId);
          progress.dispatchEvent(new Event('finished'));
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code} before starting:\n${output}`));
    });
  });
  return {
    finished,
    progress,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
