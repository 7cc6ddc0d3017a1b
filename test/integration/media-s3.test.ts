import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import { S3MediaStorage } from '../../src/media/s3-media-storage.ts';
import { defined } from '../helpers/assert.ts';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { OFFLINE_ENV } from '../helpers/offline-env.ts';
import { startPictureServer, type PictureServer } from '../helpers/picture-server.ts';
import { startS3Server, type S3Server } from '../helpers/s3-server.ts';

// MEDIA_STORE=s3 through the service: the worker stores renditions in the bucket, nothing on the
// local disk, and /media serves them as the file store does, or redirects to
// MEDIA_PUBLIC_BASE_URL; a bucket that stops answering is a 503 in the contract's envelope.

interface Rendition {
  url: string;
  bytes: number;
  format: 'jpeg' | 'webp';
}

for (const target of databaseTargets()) {
  describe(`media in an S3 bucket [${target.name}]`, () => {
    let s3: S3Server;
    let pictures: PictureServer;
    let h: Harness;
    let renditions: Rendition[];

    before(async () => {
      s3 = await startS3Server();
      pictures = await startPictureServer();
      h = await startHarness(target, { env: s3.env({ FETCH_ALLOWED_HOSTS: pictures.host, PUBLIC_BASE_URL: 'https://shop.example', MEDIA_S3_PREFIX: 'vetrina' }) });
      const { token } = await h.account(100, { imageStandardization: true });
      const res = await h.post('/api/v1/products/create', token, {
        codes: '8001234500061',
        title: 'Bottiglia termica 500 ml',
        description: 'Bottiglia termica in acciaio inox da 500 ml.',
        images: [`${pictures.base}/bottle-1.png`, `${pictures.base}/jar-2.png`],
        countries: ['it'],
      });
      assert.equal(res.statusCode, 202, res.body);
      const id = defined(res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]).id;
      await h.settled(await h.generationIdsOf([id]), 60_000);
      const product = (await h.get(`/api/v1/products/details/${id}/it`, token)).json<{ product: { images: { renditions: Rendition[] }[] } }>().product;
      renditions = product.images.flatMap((i) => i.renditions);
    });

    after(async () => {
      await h.close();
      await pictures.close();
      await s3.close();
    });

    test('every rendition is served from the bucket with its type, length, ETag and a year of cache; none is on the local disk', async () => {
      assert.equal(renditions.length, 12, 'two pictures, six renditions each');
      for (const r of renditions) {
        const [, hash, ext] = defined(/\/media\/([0-9a-f]{64})\.(jpg|webp)$/.exec(r.url), r.url);
        const res = await h.app.inject({ method: 'GET', url: new URL(r.url).pathname });
        assert.equal(res.statusCode, 200, r.url);
        assert.equal(res.headers['content-type'], ext === 'jpg' ? 'image/jpeg' : 'image/webp');
        assert.equal(res.headers['content-length'], String(r.bytes));
        assert.equal(res.headers.etag, `"${hash}"`);
        assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.equal(createHash('sha256').update(res.rawPayload).digest('hex'), hash, 'the bytes are the ones named');
      }
      const local = await readdir(h.config.media.dir, { recursive: true }).catch(() => []);
      assert.deepEqual(local, [], 'MEDIA_DIR holds nothing');
    });

    test('If-None-Match answers 304 without the bytes; an unknown name is 404', async () => {
      const url = new URL(defined(renditions[0]).url).pathname;
      const etag = (await h.app.inject({ method: 'GET', url })).headers.etag;
      const again = await h.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.rawPayload.length, 0);
      const missing = await h.app.inject({ method: 'GET', url: `/media/${'0'.repeat(64)}.jpg` });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json<{ code: string }>().code, 'not_found');
      const unknownButAsked = await h.app.inject({ method: 'GET', url: `/media/${'0'.repeat(64)}.jpg`, headers: { 'if-none-match': `"${'0'.repeat(64)}"` } });
      assert.equal(unknownButAsked.statusCode, 404);
    });

    test('HEAD answers the headers without the body, and leaves no connection to the bucket open', async () => {
      const url = new URL(defined(renditions[0]).url).pathname;
      // More than the S3 client's 50 sockets: a body left unread would hold its socket and the last ones would hang.
      for (let i = 0; i < 60; i++) {
        if (i === 0) assert.equal((await h.app.inject({ method: 'HEAD', url: `/media/${'0'.repeat(64)}.jpg` })).statusCode, 404);
        const res = await h.app.inject({ method: 'HEAD', url });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-length'], String(defined(renditions[0]).bytes));
        assert.equal(res.headers.etag, (await h.app.inject({ method: 'GET', url })).headers.etag);
        assert.equal(res.rawPayload.length, 0);
      }
      assert.equal((await h.app.inject({ method: 'GET', url })).statusCode, 200);
    });

    test('with MEDIA_PUBLIC_BASE_URL, /media redirects to the object under that base', async () => {
      const config = loadConfig({ ...OFFLINE_ENV, ...s3.env({ MEDIA_S3_PREFIX: 'vetrina', MEDIA_PUBLIC_BASE_URL: 'https://cdn.example/assets/' }) });
      const app = await buildApp({ ...h.container, config });
      try {
        const [, hash] = defined(/\/media\/([0-9a-f]{64})\.webp$/.exec(defined(renditions.find((r) => r.format === 'webp')).url));
        const res = await app.inject({ method: 'GET', url: `/media/${defined(hash)}.webp` });
        assert.equal(res.statusCode, 302);
        assert.equal(res.headers.location, `https://cdn.example/assets/vetrina/${hash?.slice(0, 2)}/${hash?.slice(2, 4)}/${hash}.webp`);
        assert.equal(res.headers['cache-control'], 'public, max-age=86400');
        assert.equal((await app.inject({ method: 'GET', url: '/media/../x.jpg' })).statusCode, 404, 'only stored names are redirected');
      } finally {
        await app.close();
      }
    });

    test('a bucket that stops answering is a 503 in the envelope, with the request id and no detail of the store', async () => {
      const config = loadConfig({ ...OFFLINE_ENV, ...s3.env({ MEDIA_S3_BUCKET: 'gone-since' }) });
      if (config.media.store.kind !== 's3') throw new Error('expected the S3 store');
      const broken = new S3MediaStorage(config.media.store.s3);
      const app = await buildApp({ ...h.container, mediaStorage: broken });
      try {
        const res = await app.inject({ method: 'GET', url: new URL(defined(renditions[0]).url).pathname });
        assert.equal(res.statusCode, 503);
        const body = res.json<Record<string, unknown>>();
        assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'request_id', 'status']);
        assert.equal(body.code, 'unavailable');
        assert.equal(body.message, 'The media store cannot be reached; retry later.');
        assert.doesNotMatch(res.body, /gone-since|127\.0\.0\.1|at /);
      } finally {
        await app.close();
        broken.close();
      }
    });
  });
}
