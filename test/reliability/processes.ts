import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { BIN, CHILD_TIMEOUT_MS, childEnv, ROOT, type Env } from '../helpers/run-cli.ts';

// `vetrina serve --no-worker` and `vetrina worker` as real processes on one PostgreSQL database,
// the way an operator runs them beside each other, for the reliability suite.

export interface VetrinaProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code, or the signal's name when it was killed. */
  exited: Promise<number | string | null>;
}

const running = new Set<ChildProcessWithoutNullStreams>();

/** Only if a test failed midway: no process of this file may outlive it. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

function start(args: readonly string[], env: Env, ready: RegExp): Promise<VetrinaProcess & { match: RegExpExecArray }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnv(env) });
  running.add(child);
  let output = '';
  const exited = once(child, 'exit').then(([code, signal]) => {
    running.delete(child);
    return (code as number | null) ?? (signal as string | null);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} not ready after ${CHILD_TIMEOUT_MS / 1000} s:\n${output}`)), CHILD_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ child, output: () => output, exited, match });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

export async function startApi(databaseUrl: string, env: Env = {}): Promise<VetrinaProcess & { url: string }> {
  const started = await start(
    ['serve', '--no-worker'],
    { DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '1000000', ...env },
    /listening at (http:\/\/[^\s"]+)/i,
  );
  return { ...started, url: started.match[1] ?? '' };
}

export function startWorker(databaseUrl: string, env: Env = {}): Promise<VetrinaProcess> {
  return start(['worker'], { DATABASE_URL: databaseUrl, DB_POOL_SIZE: '4', GENERATION_POLL_SECONDS: '0.5', ...env }, /"msg":"workers started"/);
}

/** What a client sees of one call: its status, or that the connection was dropped. */
export async function postJson(url: string, token: string, body: unknown): Promise<{ status: number; body: string } | { dropped: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // Longer than the servers wait for a connection (DB_POOL_TIMEOUT_SECONDS 300): a burst queued
      // behind one account's balance row is answered, however slow the machine.
      signal: AbortSignal.timeout(360_000),
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    return { dropped: String((err as { cause?: unknown }).cause ?? err) };
  }
}

/** The application name of terminateBackends' own sessions, which two terminations at once must not end. */
const TERMINATOR = 'vetrina-test-terminator';

/** Ends every other session on the database, the way a failover or an operator's restart does. */
export async function terminateBackends(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: TERMINATOR });
  await client.connect();
  try {
    const rows = await client.query<{ n: string }>(
      `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name IS DISTINCT FROM $1`,
      [TERMINATOR],
    );
    return Number(rows.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Polls until `check` holds; the deadline only turns a hang into a failure. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
