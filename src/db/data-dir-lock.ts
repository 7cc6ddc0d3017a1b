import { createHash, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDataDirPrivate } from './private-data-dir.ts';

/**
 * PGlite is one process's database: two processes on one data directory would corrupt it.
 * A lock file with the holder's pid keeps a second one out; a lock whose process is gone is stale,
 * and of several processes that find it so at once exactly one takes it over.
 */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

export interface DataDirLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's text, or null once it is gone. */
function readLock(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function holderOf(text: string): { pid: number; role: string } | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed && typeof parsed.pid === 'number') {
      const role = 'role' in parsed && typeof parsed.role === 'string' ? parsed.role : 'unknown';
      return { pid: parsed.pid, role };
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * A takeover whose taker died midway (its marker left behind) is given up after this long. A taker
 * merely paused that long (a stalled machine) could then be overtaken and, between its read and
 * its unlink, remove a lock another contender has just taken: a window only a 10 s stall opens.
 */
const ABANDONED_TAKEOVER_MS = 10_000;
/**
 * A lock that names no holder may be one being written right now (the exclusive-create fallback
 * writes after creating): it counts as held until it is this old, and only then as stale.
 */
const UNREADABLE_LOCK_GRACE_MS = 5_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Removes a stale lock, unless another contender is already removing it. Contenders for the same
 * stale lock serialise on a marker directory named after its text (mkdir is atomic), and the one
 * holding the marker removes the lock only if it still holds that text: a lock another contender
 * has taken in the meantime is never removed.
 */
function removeStale(dataDir: string, path: string, stale: string): void {
  const marker = join(dataDir, `vetrina.lock.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`);
  try {
    mkdirSync(marker);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const since = statSync(marker, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > ABANDONED_TAKEOVER_MS) rmSync(marker, { recursive: true, force: true });
    else Atomics.wait(pause, 0, 0, 5); // another contender is taking it over: look again shortly
    return;
  }
  try {
    if (readLock(path) === stale) unlinkSync(path);
  } finally {
    rmSync(marker, { recursive: true, force: true });
  }
}

/** link() where the filesystem has hard links; elsewhere an exclusive create (written just after). */
function placeLock(draft: string, path: string, content: string): void {
  try {
    linkSync(draft, path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
    writeFileSync(path, content, { flag: 'wx' });
  }
}

export function lockDataDir(dataDir: string, role: string): DataDirLock {
  makeDataDirPrivate(dataDir);
  const path = join(dataDir, 'vetrina.lock');
  const content = JSON.stringify({ pid: process.pid, role, started_at: new Date().toISOString(), nonce: randomUUID() });
  // Written in full under a name of its own, then linked into place: link() fails when the lock
  // exists, so exactly one contender wins, and nobody ever reads a half-written lock as stale.
  const draft = `${path}.${process.pid}.${randomUUID()}`;
  writeFileSync(draft, content);
  try {
    for (let attempt = 0; attempt < 400; attempt++) {
      try {
        placeLock(draft, path, content);
        return {
          release: () => {
            if (readLock(path) === content) unlinkSync(path);
          },
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const text = readLock(path);
      if (text === null) continue; // released meanwhile
      const holder = holderOf(text);
      if (holder === null && Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0) < UNREADABLE_LOCK_GRACE_MS) {
        Atomics.wait(pause, 0, 0, 50); // perhaps still being written: look again shortly
        continue;
      }
      if (holder !== null && holder.pid !== process.pid && alive(holder.pid)) {
        throw new DataDirBusyError(
          `The data directory ${dataDir} is in use by a running Vetrina ${holder.role} (pid ${holder.pid}). ` +
            'Stop it first, or run against a PostgreSQL server with DATABASE_URL so several processes can share it.',
        );
      }
      removeStale(dataDir, path, text); // its process is gone
    }
  } finally {
    unlinkSync(draft);
  }
  throw new DataDirBusyError(`Could not lock the data directory ${dataDir}.`);
}
