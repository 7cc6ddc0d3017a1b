import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defined } from './assert.ts';
import { OFFLINE_ENV } from './offline-env.ts';

// The real `vetrina` command as a child process, the way an operator runs it.

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = 'bin/vetrina.js';
// A command that never ends fails; a slow one does not: a fresh embedded data directory migrates
// in WASM, up to a minute or two on two cores running two suites at once.
export const CHILD_TIMEOUT_MS = 300_000;

export type Env = Record<string, string | undefined>;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The parent's environment without anything that would point the child elsewhere; local sources only. */
export function childEnv(extra: Env, logLevel = 'info'): Env {
  const env: Env = { ...process.env, LOG_LEVEL: logLevel, SHUTDOWN_TIMEOUT_SECONDS: '5', ...OFFLINE_ENV, ...extra };
  delete env.NODE_TEST_CONTEXT;
  if (!('DATABASE_URL' in extra)) delete env.DATABASE_URL;
  return env;
}

export async function runCli(args: readonly string[], env: Env, logLevel?: string): Promise<CliResult> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnv(env, logLevel), timeout: CHILD_TIMEOUT_MS });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (exitCode) => resolve(exitCode));
  });
  return { code, stdout, stderr };
}

/** Exit 0 and exactly one JSON object on stdout. */
export function onlyJson(result: CliResult): Record<string, unknown> {
  assert.equal(result.code, 0, `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `expected one line of JSON, got: ${result.stdout}`);
  const parsed: unknown = JSON.parse(defined(lines[0], 'output line'));
  assert.ok(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed));
  return parsed as Record<string, unknown>;
}
