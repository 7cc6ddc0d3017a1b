import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * While a server holds an embedded data directory, no other process may open it; the CLI sends
 * its changes to that server instead. This file, in the data directory, tells it where and with
 * what: the server's loopback address and its local admin credential. Readable by its owner only
 * (the same user who can read the database files beside it).
 */
export const ADMIN_ENDPOINT_FILE = 'vetrina.admin.json';

export interface AdminEndpoint {
  url: string;
  token: string;
  pid: number;
}

/** A fresh local credential: a random secret, not a stored token, so it dies with the process. */
export function newLocalAdminCredential(): string {
  return `vtl_${randomBytes(32).toString('base64url')}`;
}

/**
 * Writes the file created 0600 from its first byte (no moment where another user could read it)
 * under a name of its own, then renamed into place, so a reader sees a whole file or none.
 */
export function writeAdminEndpoint(dataDir: string, endpoint: AdminEndpoint): { remove(): void } {
  const path = join(dataDir, ADMIN_ENDPOINT_FILE);
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(draft, 'wx', 0o600);
  try {
    fchmodSync(fd, 0o600); // whatever the umask
    writeSync(fd, `${JSON.stringify(endpoint)}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(draft, path);
  } catch (err) {
    unlinkSync(draft);
    throw err;
  }
  return {
    remove: () => {
      // Only our own: a newer server's file is left alone.
      if (readAdminEndpoint(dataDir, { requireLive: false })?.token === endpoint.token) unlinkSync(path);
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server's endpoint, or null when there is no file, it is unreadable, or its server is gone (a crash leaves it behind). */
export function readAdminEndpoint(dataDir: string, options: { requireLive?: boolean } = {}): AdminEndpoint | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, ADMIN_ENDPOINT_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { url, token, pid } = parsed as Record<string, unknown>;
    if (typeof url !== 'string' || typeof token !== 'string' || typeof pid !== 'number') return null;
    if (options.requireLive !== false && !alive(pid)) return null;
    return { url, token, pid };
  } catch {
    return null;
  }
}
