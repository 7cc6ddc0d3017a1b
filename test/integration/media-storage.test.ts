import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { FileMediaStorage } from '../../src/media/file-media-storage.ts';
import { defined } from '../helpers/assert.ts';

// The filesystem media store: content-addressed, fanned out, atomic, idempotent.

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

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

  test('stores bytes under their hash, fanned out by prefix, and reads them back', async () => {
    const bytes = Buffer.from('a rendition');
    const hash = sha(bytes);
    assert.equal(await storage.exists(hash, 'jpg'), false);
    assert.equal(await storage.read(hash, 'jpg'), null);
    assert.equal(await storage.open(hash, 'jpg'), null);

    await storage.put(hash, 'jpg', bytes);
    assert.equal(await storage.exists(hash, 'jpg'), true);
    assert.equal(await storage.exists(hash, 'webp'), false, 'the extension is part of the name');
    assert.equal(await storage.sizeOf(hash, 'jpg'), bytes.length);
    assert.equal(await storage.sizeOf(hash, 'webp'), null);
    assert.deepEqual(await readFile(join(dir, 'media', hash.slice(0, 2), hash.slice(2, 4), `${hash}.jpg`)), bytes);
    assert.deepEqual(Buffer.from(defined(await storage.read(hash, 'jpg'))), bytes);
    const opened = defined(await storage.open(hash, 'jpg'));
    assert.equal(opened.size, bytes.length);
    assert.equal(await text(opened.stream), 'a rendition');
  });

  test('writing the same hash twice, even at once, leaves one whole file and no temporary files', async () => {
    const bytes = Buffer.alloc(256 * 1024, 7);
    const hash = sha(bytes);
    await Promise.all([storage.put(hash, 'webp', bytes), storage.put(hash, 'webp', bytes), storage.put(hash, 'webp', bytes)]);
    await storage.put(hash, 'webp', bytes);
    const names = (await readdir(join(dir, 'media'), { recursive: true })).filter((n) => n.includes(hash));
    assert.deepEqual(names, [join(hash.slice(0, 2), hash.slice(2, 4), `${hash}.webp`)]);
    assert.deepEqual(Buffer.from(defined(await storage.read(hash, 'webp'))), bytes);
  });

  test('refuses bytes that do not match the hash, and names that are not a sha256', async () => {
    const bytes = Buffer.from('x');
    await assert.rejects(storage.put(sha(Buffer.from('y')), 'jpg', bytes), /hash to/);
    for (const bad of ['../../etc/passwd', sha(bytes).toUpperCase(), `${sha(bytes)}/..`, 'ab', '']) {
      await assert.rejects(storage.exists(bad, 'jpg'), RangeError, bad);
      await assert.rejects(storage.put(bad, 'jpg', bytes), RangeError, bad);
    }
    // An extension from outside the type system (a route that forgot to check) is refused too.
    await assert.rejects(storage.read(sha(bytes), '../x' as 'jpg'), RangeError);
    await assert.rejects(storage.read(sha(bytes), 'toString' as 'jpg'), RangeError);
  });
});
