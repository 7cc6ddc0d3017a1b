import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { mediaKey, type MediaExt, type MediaStorage, type OpenedMedia } from './media-storage.ts';

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

  async sizeOf(hash: string, ext: MediaExt): Promise<number | null> {
    try {
      const stats = await stat(this.pathOf(hash, ext));
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  keyOf(hash: string, ext: MediaExt): string {
    return mediaKey(hash, ext);
  }

  private pathOf(hash: string, ext: MediaExt): string {
    return join(this.dir, mediaKey(hash, ext));
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
