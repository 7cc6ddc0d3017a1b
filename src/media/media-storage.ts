import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

// Renditions are stored by the sha256 of their bytes: a name never changes meaning, so files are
// written once, served as immutable, and the same picture of two products is stored once.

export type MediaExt = 'jpg' | 'webp';

export const MEDIA_CONTENT_TYPES: Readonly<Record<MediaExt, string>> = { jpg: 'image/jpeg', webp: 'image/webp' };

const HASH = /^[0-9a-f]{64}$/;

export interface OpenedMedia {
  size: number;
  stream: Readable;
}

export interface MediaStorage {
  /** Stores bytes under their sha256; writing the same hash again is a no-op. */
  put(hash: string, ext: MediaExt, bytes: Uint8Array): Promise<void>;
  /** A stream of the stored file with its size, or null when there is none. */
  open(hash: string, ext: MediaExt): Promise<OpenedMedia | null>;
  read(hash: string, ext: MediaExt): Promise<Uint8Array | null>;
  exists(hash: string, ext: MediaExt): Promise<boolean>;
}

export function isMediaHash(value: string): boolean {
  return HASH.test(value);
}

/**
 * Files under one directory, fanned out by hash prefix (`ab/cd/abcd….jpg`) so no directory holds
 * more than a few thousand entries. Writes go to a temporary file in the same directory, are
 * flushed, then renamed into place: a reader sees the whole file or none.
 */
export class FileMediaStorage implements MediaStorage {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async put(hash: string, ext: MediaExt, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(hash, ext);
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== hash) throw new Error(`media bytes hash to ${actual}, not ${hash}`);
    if (await this.exists(hash, ext)) return;
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      // Two workers storing the same hash race harmlessly: both files hold the same bytes.
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async open(hash: string, ext: MediaExt): Promise<OpenedMedia | null> {
    let handle;
    try {
      handle = await open(this.pathOf(hash, ext), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    try {
      // Size and stream come from the same open file, so they agree.
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream({ autoClose: true }) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async read(hash: string, ext: MediaExt): Promise<Uint8Array | null> {
    try {
      return await readFile(this.pathOf(hash, ext));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(hash: string, ext: MediaExt): Promise<boolean> {
    try {
      return (await stat(this.pathOf(hash, ext))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** The only place a path is built: the name is checked first, so nothing can point outside `dir`. */
  private pathOf(hash: string, ext: MediaExt): string {
    if (!HASH.test(hash)) throw new RangeError(`not a sha256 hex digest: ${JSON.stringify(hash.slice(0, 80))}`);
    if (!Object.hasOwn(MEDIA_CONTENT_TYPES, ext)) throw new RangeError(`not a media extension: ${JSON.stringify(String(ext).slice(0, 20))}`);
    return join(this.dir, hash.slice(0, 2), hash.slice(2, 4), `${hash}.${ext}`);
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
