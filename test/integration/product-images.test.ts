import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { databaseTargets } from '../helpers/databases.ts';
import { startHarness, type Harness } from '../helpers/harness.ts';
import { productPicture } from '../helpers/product-pictures.ts';
import { downHost } from '../helpers/down-host.ts';

// Image standardisation through the worker: an account that pays for it gets stored, square
// renditions served by the API; one that does not gets its URLs back untouched, nothing fetched.
// A picture that cannot be had stays in the record, with no renditions and the reason.

interface Rendition {
  url: string;
  width: number;
  height: number;
  bytes: number;
  format: string;
  size_label: string;
}
interface Image {
  source_url: string;
  source: string;
  licence: string | null;
  renditions: Rendition[];
  error?: { reason: string; transient: boolean };
}

const CODE = '8001234500061';

for (const target of databaseTargets()) {
  describe(`product images through the worker [${target.name}]`, () => {
    let server: Server;
    let base: string;
    let down: string;
    const served: string[] = [];
    let h: Harness;
    before(async () => {
      const pictures = new Map<string, { type: string; body: Buffer }>([
        ['/bottle.png', { type: 'image/png', body: await productPicture({ width: 900, height: 1400, shape: 'bottle', background: 'none' }, 'png') }],
        ['/broken.jpg', { type: 'image/jpeg', body: Buffer.from('not a picture at all, just text') }],
      ]);
      server = createServer((req, res) => {
        served.push(req.url ?? '');
        const picture = pictures.get(req.url ?? '');
        if (picture === undefined) return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': picture.type, 'content-length': picture.body.length }).end(picture.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      down = await downHost();
      // Each loopback port the pictures come from is allowed; any other port of 127.0.0.1 stays refused.
      h = await startHarness(target, { env: { FETCH_ALLOWED_HOSTS: `${new URL(base).host},${new URL(down).host}`, PUBLIC_BASE_URL: 'https://shop.example' } });
    });
    after(async () => {
      await h.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    const body = (images: string[]) => ({
      codes: CODE,
      title: 'Bottiglia termica 500 ml',
      brand: 'Acqua Viva',
      description: 'Bottiglia termica in acciaio inox da 500 ml. Mantiene le bevande fredde per 24 ore.',
      images,
      countries: ['it', 'de'],
    });

    async function created(token: string, images = [`${base}/bottle.png`, `${base}/broken.jpg`]): Promise<string> {
      const res = await h.post('/api/v1/products/create', token, body(images));
      assert.equal(res.statusCode, 202, res.body);
      const id = res.json<{ data: { imported_products: { id: string }[] } }>().data.imported_products[0]?.id ?? '';
      await h.settled(await h.generationIdsOf([id]), 30_000);
      return id;
    }

    test('standardisation on: +1 credit, square renditions stored and served, a broken image listed without renditions and reported', async () => {
      const { id: accountId, token } = await h.account(100, { imageStandardization: true });
      const id = await created(token);
      assert.deepEqual(await h.balance(accountId), { credits: 100 - (5 + 1 + 1), ledger: 100 - 7 });
      const product = (await h.get(`/api/v1/products/details/${id}/de`, token)).json<{ product: { state: string; images: Image[]; validation_messages: string[] } }>().product;
      assert.equal(product.state, 'completed');
      assert.deepEqual(
        product.images.map((i) => i.source_url),
        [`${base}/bottle.png`, `${base}/broken.jpg`],
        'both images are listed, in the order sent',
      );
      assert.deepEqual(product.images[1], {
        source_url: `${base}/broken.jpg`,
        source: 'caller',
        licence: null,
        renditions: [],
        error: { reason: 'unexpected_type', transient: false },
      });
      const image = product.images[0];
      assert.ok(image);
      assert.equal(image.source_url, `${base}/bottle.png`);
      assert.equal(image.source, 'caller');
      assert.equal(image.error, undefined, 'a standardised image has no error');
      assert.deepEqual(
        image.renditions.map((r) => `${r.size_label} ${r.format} ${r.width}x${r.height}`).sort(),
        ['1200 jpeg 1200x1200', '1200 webp 1200x1200', '200 jpeg 200x200', '200 webp 200x200', '500 jpeg 500x500', '500 webp 500x500']
          .map((s) => s.replace(/^1200/, 'full'))
          .sort(),
      );
      assert.ok(
        product.validation_messages.some((m) => m.includes('broken.jpg')),
        JSON.stringify(product.validation_messages),
      );

      const jpeg = image.renditions.find((r) => r.size_label === 'full' && r.format === 'jpeg');
      assert.ok(jpeg);
      assert.match(jpeg.url, /^https:\/\/shop\.example\/media\/[0-9a-f]{64}\.jpg$/);
      const fetched = await h.app.inject({ method: 'GET', url: new URL(jpeg.url).pathname });
      assert.equal(fetched.statusCode, 200);
      assert.equal(fetched.headers['content-type'], 'image/jpeg');
      assert.equal(fetched.rawPayload.length, jpeg.bytes);
      const meta = await sharp(fetched.rawPayload).metadata();
      assert.deepEqual([meta.width, meta.height, meta.format, meta.hasAlpha], [1200, 1200, 'jpeg', false]);
      const corner = await sharp(fetched.rawPayload).extract({ left: 0, top: 0, width: 8, height: 8 }).raw().toBuffer();
      assert.ok(
        corner.every((value) => value >= 250),
        'the transparent background became white',
      );
    });

    test('standardisation on, image host down: the record still lists every source URL, each marked as worth retrying', async () => {
      const host = down;
      const images = [`${host}/front.jpg`, `${host}/back.jpg`];
      const { token } = await h.account(100, { imageStandardization: true });
      const id = await created(token, images);
      for (const country of ['it', 'de']) {
        const product = (await h.get(`/api/v1/products/details/${id}/${country}`, token)).json<{ product: { state: string; images: Image[]; validation_messages: string[] } }>()
          .product;
        assert.equal(product.state, 'completed');
        assert.deepEqual(
          product.images,
          images.map((url) => ({ source_url: url, source: 'caller', licence: null, renditions: [], error: { reason: 'network_error', transient: true } })),
        );
        for (const url of images)
          assert.ok(
            product.validation_messages.some((m) => m.includes(url)),
            JSON.stringify(product.validation_messages),
          );
      }
    });

    test('standardisation off: images stay the caller URLs, nothing is fetched, nothing extra charged', async () => {
      const before = served.length;
      const { id: accountId, token } = await h.account(100);
      const id = await created(token);
      assert.deepEqual(await h.balance(accountId), { credits: 100 - 6, ledger: 94 });
      const product = (await h.get(`/api/v1/products/details/${id}/it`, token)).json<{ product: { images: { url: string; source: string }[] } }>().product;
      assert.deepEqual(
        product.images.map((i) => i.url),
        [`${base}/bottle.png`, `${base}/broken.jpg`],
      );
      assert.equal(served.length, before, 'no image was fetched');
    });
  });
}
