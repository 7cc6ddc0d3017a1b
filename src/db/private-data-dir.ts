import { chmodSync, mkdirSync, statSync } from 'node:fs';

/** Thrown when the data directory is open to other users and this user cannot close it. */
export class DataDirExposedError extends Error {
  override name = 'DataDirExposedError';
}

/**
 * Creates the embedded database's directory, or closes an existing one, to its owner only (0700).
 * PGlite writes its cluster files readable and writable by everyone whatever the umask, so the
 * directory is what keeps other local users from reading every account's data or writing an admin
 * token into it. Windows has no such modes.
 */
export function makeDataDirPrivate(dataDir: string, platform: NodeJS.Platform = process.platform): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (platform === 'win32') return;
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(dataDir, mode & 0o700);
  } catch (err) {
    throw new DataDirExposedError(
      `The data directory ${dataDir} can be entered by other users (mode ${mode.toString(8)}), and this user cannot change that ` +
        `(${(err as NodeJS.ErrnoException).code ?? String(err)}). The embedded database's files in it are readable and writable by anyone who can enter it: ` +
        `chmod 700 it as its owner, or choose another DATA_DIR.`,
      { cause: err },
    );
  }
}
