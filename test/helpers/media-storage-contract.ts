import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { text } from 'node:stream/consumers';
import type { MediaStorage } from '../../src/media/media-storage.ts';
import { defined } from './assert.ts';

export const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * What every media store promises, whatever holds the bytes: content-addressed names, reads of
 * what was written, idempotent writes (even at once), and refusal of a name that is not a sha256
 * before anything is touched. Each store's own test file adds where its bytes land.
 */
export function mediaStorageContract(storage: () => MediaStorage): void {
  test('stores bytes under their hash and reads them back as bytes, as a stream and as a size', async () => {
    const store = storage();
    const bytes = Buffer.from('a rendition');
    const hash = sha(bytes);
    assert.equal(await store.exists(hash, 'jpg'), false);
    assert.equal(await store.read(hash, 'jpg'), null);
    assert.equal(await store.open(hash, 'jpg'), null);

    await store.put(hash, 'jpg', bytes);
    assert.equal(await store.exists(hash, 'jpg'), true);
    assert.equal(await store.exists(hash, 'webp'), false, 'the extension is part of the name');
    assert.equal(await store.sizeOf(hash, 'jpg'), bytes.length);
    assert.equal(await store.sizeOf(hash, 'webp'), null);
    assert.deepEqual(Buffer.from(defined(await store.read(hash, 'jpg'))), bytes);
    const opened = defined(await store.open(hash, 'jpg'));
    assert.equal(opened.size, bytes.length);
    assert.equal(await text(opened.stream), 'a rendition');
  });

  test('writing the same hash twice, even at once, leaves the same bytes', async () => {
    const store = storage();
    const bytes = Buffer.alloc(256 * 1024, 7);
    const hash = sha(bytes);
    await Promise.all([store.put(hash, 'webp', bytes), store.put(hash, 'webp', bytes), store.put(hash, 'webp', bytes)]);
    await store.put(hash, 'webp', bytes);
    assert.deepEqual(Buffer.from(defined(await store.read(hash, 'webp'))), bytes);
  });

  test('refuses bytes that do not match the hash, and names that are not a sha256', async () => {
    const store = storage();
    const bytes = Buffer.from('x');
    await assert.rejects(store.put(sha(Buffer.from('y')), 'jpg', bytes), /hash to/);
    for (const bad of ['../../etc/passwd', sha(bytes).toUpperCase(), `${sha(bytes)}/..`, 'ab', '']) {
      await assert.rejects(store.exists(bad, 'jpg'), RangeError, bad);
      await assert.rejects(store.put(bad, 'jpg', bytes), RangeError, bad);
    }
    // An extension from outside the type system (a route that forgot to check) is refused too.
    await assert.rejects(store.read(sha(bytes), '../x' as 'jpg'), RangeError);
    await assert.rejects(store.read(sha(bytes), 'toString' as 'jpg'), RangeError);
  });
}
