import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: two processes on one data directory would corrupt it.
 * A lock file with the holder's pid keeps a second one out; a lock whose process is gone is stale.
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

function readHolder(path: string): { pid: number; role: string } | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed && typeof parsed.pid === 'number') {
      const role = 'role' in parsed && typeof parsed.role === 'string' ? parsed.role : 'unknown';
      return { pid: parsed.pid, role };
    }
    return null;
  } catch {
    return null;
  }
}

export function lockDataDir(dataDir: string, role: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'vetrina.lock');
  const content = JSON.stringify({ pid: process.pid, role, started_at: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, content, { flag: 'wx' });
      return {
        release: () => {
          if (readHolder(path)?.pid === process.pid) unlinkSync(path);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(path);
      if (holder !== null && holder.pid !== process.pid && alive(holder.pid)) {
        throw new DataDirBusyError(
          `The data directory ${dataDir} is in use by a running Vetrina ${holder.role} (pid ${holder.pid}). ` +
            'Stop it first, or run against a PostgreSQL server with DATABASE_URL so several processes can share it.',
        );
      }
      unlinkSync(path); // stale: its process is gone
    }
  }
  throw new DataDirBusyError(`Could not lock the data directory ${dataDir}.`);
}
