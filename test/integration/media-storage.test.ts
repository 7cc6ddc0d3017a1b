import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMediaStorage } from '../../src/media/file-media-storage.ts';
import { mediaStorageContract, sha } from '../helpers/media-storage-contract.ts';

// The filesystem media store: the contract every store keeps, then where its files land: fanned
// out by prefix, written atomically, with no temporary file left behind.

describe('FileMediaStorage', () => {
  let dir: string;
  let storage: FileMediaStorage;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vetrina-media-store-'));
    storage = new FileMediaStorage(join(dir, 'media'));
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  mediaStorageContract(() => storage);

  test('a file sits under its hash, fanned out by its first two byte pairs', async () => {
    const bytes = Buffer.from('a fanned-out rendition');
    const hash = sha(bytes);
    await storage.put(hash, 'jpg', bytes);
    const path = join(hash.slice(0, 2), hash.slice(2, 4), `${hash}.jpg`);
    assert.equal(storage.keyOf(hash, 'jpg'), path);
    assert.deepEqual(await readFile(join(dir, 'media', path)), bytes);
  });

  test('writes of the same hash at once leave one whole file and no temporary files', async () => {
    const bytes = Buffer.alloc(128 * 1024, 3);
    const hash = sha(bytes);
    await Promise.all([storage.put(hash, 'webp', bytes), storage.put(hash, 'webp', bytes), storage.put(hash, 'webp', bytes)]);
    const names = (await readdir(join(dir, 'media'), { recursive: true })).filter((n) => n.includes(hash));
    assert.deepEqual(names, [join(hash.slice(0, 2), hash.slice(2, 4), `${hash}.webp`)]);
  });
});
