import type { Readable } from 'node:stream';

// Renditions are stored by the sha256 of their bytes: a name never changes meaning, so objects are
// written once, served as immutable, and the same picture of two products is stored once. Every
// store lays them out the same way (`ab/cd/abcd….jpg`), so a directory copied to a bucket, or a
// bucket behind a CDN, serves the same names.

export type MediaExt = 'jpg' | 'webp';

export const MEDIA_CONTENT_TYPES: Readonly<Record<MediaExt, string>> = { jpg: 'image/jpeg', webp: 'image/webp' };

/** A name never changes what it holds, so a copy may be kept for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

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
  /** The stored file's size in bytes, without its bytes, or null when there is none. */
  sizeOf(hash: string, ext: MediaExt): Promise<number | null>;
  /** Where the file sits below the store's root: its path under MEDIA_DIR, or its S3 key with the prefix. */
  keyOf(hash: string, ext: MediaExt): string;
}

/**
 * The store could not be reached or refused us (network, missing bucket, credentials). The message
 * is safe to log and says what to fix; the API answers 503, a worker's generation is retried.
 */
export class MediaStoreUnavailableError extends Error {
  override name = 'MediaStoreUnavailableError';
}

export function isMediaHash(value: string): boolean {
  return HASH.test(value);
}

/** The only place a name is built: hash and extension are checked first, so nothing can point outside the store. */
export function mediaKey(hash: string, ext: MediaExt): string {
  if (!HASH.test(hash)) throw new RangeError(`not a sha256 hex digest: ${JSON.stringify(hash.slice(0, 80))}`);
  if (!Object.hasOwn(MEDIA_CONTENT_TYPES, ext)) throw new RangeError(`not a media extension: ${JSON.stringify(String(ext).slice(0, 20))}`);
  return `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.${ext}`;
}
