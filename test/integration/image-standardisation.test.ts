import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError, sendApiError } from '../../src/http/errors.ts';
import { registerMediaRoutes } from '../../src/http/routes/media.ts';
import { FetchError, type FetchedResource, type GuardedFetcher } from '../../src/media/fetcher.ts';
import { FileMediaStorage } from '../../src/media/file-media-storage.ts';
import {
  standardiseProductImages,
  type FailedProductImage,
  type ImageRef,
  type ProductImage,
  type StandardiseProductImagesResult,
} from '../../src/media/standardise-product-images.ts';
import { defined } from '../helpers/assert.ts';
import { productPicture, productScene } from '../helpers/product-pictures.ts';
import { downHost } from '../helpers/down-host.ts';

// A product's pictures served by a real HTTP server on loopback, fetched, standardised, stored on
// disk and served back by the media route, as a storefront would load them.

/**
 * Stands in for the guarded fetcher (another module, with its own tests): a plain fetch to the
 * loopback server, with the same contract: type sniffed from the bytes, failures as FetchError.
 */
class LoopbackFetcher implements GuardedFetcher {
  /** Bodies handed out and not yet released: standardisation must give every one back. */
  held = 0;
  async fetch(url: string, options: { signal?: AbortSignal; maxBytes?: number; expect?: 'image' } = {}): Promise<FetchedResource> {
    let response: Response;
    try {
      response = await fetch(url, options.signal ? { signal: options.signal } : {});
    } catch (error) {
      throw new FetchError('network_error', url, `the server could not be reached`, { transient: true, cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new FetchError('http_error', url, `the server answered HTTP ${response.status}`, { transient: response.status >= 500 });
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const detected = (await fileTypeFromBuffer(bytes)) ?? null;
    const declaredType = response.headers.get('content-type');
    if (options.expect === 'image' && !detected?.mime.startsWith('image/')) {
      throw new FetchError('unexpected_type', url, `the file is not an image (the server said ${declaredType ?? 'nothing'})`);
    }
    this.held++;
    let released = false;
    const release = () => {
      if (!released) this.held--;
      released = true;
    };
    return { url, bytes, detected: detected ? { mime: detected.mime, ext: detected.ext } : null, declaredType, release };
  }
}

const SIZE = 1200;
const MAX_PIXELS = 40_000_000;
const WHITE = [255, 255, 255];

interface Served {
  body: Buffer;
  type: string;
}

let server: Server;
let base: string;
let root: string;
let mediaDir: string;
let storage: FileMediaStorage;
const files = new Map<string, Served>();
const url = (name: string) => `${base}/${name}`;

async function pixel(image: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

/** The bounding box of pixels that match `keep`: where the product sits on the canvas. */
async function boxOf(image: Uint8Array, keep: (r: number, g: number, b: number) => boolean) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  let left = info.width;
  let top = info.height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (keep(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0)) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, top, right, bottom };
}

/** Anything visibly darker than white. */
const productBox = (image: Uint8Array) => boxOf(image, (r, g, b) => Math.min(r, g, b) < 235);
/** Saturated pixels only: the product, not a grey backdrop or its shadow. */
const colouredBox = (image: Uint8Array) => boxOf(image, (r, g, b) => Math.max(r, g, b) - Math.min(r, g, b) > 40);

function run(refs: ImageRef[], maxInputPixels = MAX_PIXELS, fetcher = new LoopbackFetcher()): Promise<StandardiseProductImagesResult> {
  return standardiseProductImages(refs, {
    fetcher,
    storage,
    publicBaseUrl: 'https://shop.example/',
    image: { size: SIZE, maxInputPixels },
  });
}

const caller = (name: string): ImageRef => ({ url: url(name), source: 'caller', licence: null });
const source = (name: string): ImageRef => ({ url: url(name), source: 'open_food_facts', licence: 'ODbL-1.0' });

function byUrl(result: StandardiseProductImagesResult, name: string): ProductImage | FailedProductImage | undefined {
  return result.images.find((i) => i.source_url === url(name));
}

const isFailed = (image: ProductImage | FailedProductImage): image is FailedProductImage => 'error' in image;
const standardisedOf = (result: StandardiseProductImagesResult): ProductImage[] => result.images.filter((i) => !isFailed(i));

/** What the record says of each listed URL: its source, licence, and why it failed (null when standardised). */
function listing(result: StandardiseProductImagesResult): [string, string, string | null, string | null][] {
  return result.images.map((i) => [i.source_url, i.source, i.licence, isFailed(i) ? `${i.error.reason}${i.error.transient ? ' (transient)' : ''}` : null]);
}

/** A failed entry, exactly as a client reads it: no renditions, a machine-readable reason. */
function failedEntry(ref: ImageRef, reason: string, transient: boolean) {
  return { source_url: ref.url, source: ref.source, licence: ref.licence, renditions: [], error: { reason, transient } };
}

function messageAbout(result: StandardiseProductImagesResult, name: string): string | undefined {
  return result.messages.find((m) => m.includes(url(name)));
}

before(async () => {
  const photo = await productPicture({ width: 1000, height: 800, shape: 'bottle', hue: 10, border: { size: 160, colour: '#fafafa' } }, 'jpeg', 88);
  const samePictureLarge = await productPicture({ width: 1600, height: 1600, shape: 'jar', hue: 200 }, 'jpeg', 92);
  files.set('photo-white-border.jpg', { body: photo, type: 'image/jpeg' });
  // A product photographed on a flat grey backdrop.
  files.set('grey-backdrop.jpg', {
    body: await productPicture({ width: 900, height: 900, shape: 'box', hue: 90, background: '#8a8a8a', scale: 0.6 }, 'jpeg', 85),
    type: 'image/jpeg',
  });
  files.set('transparent.png', { body: await productPicture({ width: 900, height: 700, shape: 'tube', hue: 260, background: 'none' }, 'png'), type: 'image/png' });
  files.set('product.webp', { body: await productPicture({ width: 800, height: 1000, shape: 'box', hue: 30 }, 'webp', 80), type: 'image/webp' });
  // Stored landscape, shown portrait: EXIF orientation 6 (turn 90° clockwise), with an ICC profile and EXIF text.
  const portrait = productScene({ width: 800, height: 1200, shape: 'box', hue: 330, background: '#335', scale: 0.95 });
  files.set('rotated.jpg', {
    body: await sharp(portrait)
      .rotate(-90)
      .withIccProfile('p3')
      .withExif({ IFD0: { Copyright: 'Test Studio', Artist: 'Camera' } })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer(),
    type: 'image/jpeg',
  });
  files.set('huge.jpg', {
    body: await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#6a8caf' } })
      .jpeg()
      .toBuffer(),
    type: 'image/jpeg',
  });
  files.set('truncated.jpg', { body: photo.subarray(0, Math.floor(photo.length * 0.6)), type: 'image/jpeg' });
  files.set('truncated-copy.jpg', { body: photo.subarray(0, Math.floor(photo.length * 0.6)), type: 'image/jpeg' });
  // Sniffed as a GIF by its magic bytes, but no picture follows.
  files.set('empty.gif', { body: Buffer.from('GIF89a but then nothing'), type: 'image/gif' });
  files.set('photo.jpg', { body: Buffer.from('This is not a photograph, it is a text file.\n'), type: 'image/jpeg' });
  files.set('same-large.jpg', { body: samePictureLarge, type: 'image/jpeg' });
  files.set('same-small.webp', { body: await sharp(samePictureLarge).resize(600).webp({ quality: 70 }).toBuffer(), type: 'image/webp' });
  const twice = await productPicture({ width: 700, height: 700, shape: 'bottle', hue: 170 }, 'png');
  files.set('twice-a.png', { body: twice, type: 'image/png' });
  files.set('twice-b.png', { body: twice, type: 'image/png' });
  files.set('twice-c.png', { body: twice, type: 'image/png' });

  server = createServer((req, res) => {
    if (req.url === '/overloaded.jpg') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('try later');
      return;
    }
    const served = files.get((req.url ?? '/').slice(1));
    if (served === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': served.type, 'content-length': served.body.length }).end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = await mkdtemp(join(tmpdir(), 'vetrina-images-'));
  mediaDir = join(root, 'media');
  storage = new FileMediaStorage(mediaDir);
});

after(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  await rm(root, { recursive: true, force: true });
});

describe('a product with every kind of picture', () => {
  let result: StandardiseProductImagesResult;
  const fetcher = new LoopbackFetcher();
  const refs = (): ImageRef[] => [
    caller('photo-white-border.jpg'),
    caller('transparent.png'),
    caller('truncated.jpg'),
    caller('photo.jpg'),
    caller('twice-a.png'),
    caller('missing.jpg'),
    source('product.webp'),
    source('same-small.webp'),
    source('same-large.jpg'),
    source('twice-b.png'),
  ];

  before(async () => {
    result = await run(refs(), MAX_PIXELS, fetcher);
  });

  test('every fetched body is given back to the fetcher, kept, duplicate or broken, so other jobs do not wait for memory', () => {
    assert.equal(fetcher.held, 0);
  });

  test('lists each distinct picture once, in the order listed, credited to where it came from, failed ones included', () => {
    assert.deepEqual(
      listing(result),
      [
        [url('photo-white-border.jpg'), 'caller', null, null],
        [url('transparent.png'), 'caller', null, null],
        [url('truncated.jpg'), 'caller', null, 'decode_failed'],
        [url('photo.jpg'), 'caller', null, 'unexpected_type'],
        [url('twice-a.png'), 'caller', null, null],
        [url('missing.jpg'), 'caller', null, 'http_error'],
        [url('product.webp'), 'open_food_facts', 'ODbL-1.0', null],
        // The same picture at two sizes: the larger original is kept, where the first of them was listed.
        [url('same-large.jpg'), 'open_food_facts', 'ODbL-1.0', null],
      ],
      result.messages.join('\n'),
    );
  });

  test('a picture that cannot be had is listed with no renditions and why, nothing more', () => {
    assert.deepEqual(byUrl(result, 'truncated.jpg'), failedEntry(caller('truncated.jpg'), 'decode_failed', false));
    assert.deepEqual(byUrl(result, 'photo.jpg'), failedEntry(caller('photo.jpg'), 'unexpected_type', false));
    assert.deepEqual(byUrl(result, 'missing.jpg'), failedEntry(caller('missing.jpg'), 'http_error', false));
  });

  test('a standardised picture has no error field', () => {
    for (const image of standardisedOf(result)) assert.deepEqual(Object.keys(image).sort(), ['licence', 'renditions', 'source', 'source_url'], image.source_url);
  });

  test('says which URLs failed or were dropped and why, without failing the product', () => {
    assert.match(defined(messageAbout(result, 'truncated.jpg'), 'message on the truncated JPEG'), /could not be decoded/);
    assert.match(defined(messageAbout(result, 'photo.jpg'), 'message on the text file'), /not an image/);
    assert.match(defined(messageAbout(result, 'missing.jpg'), 'message on the 404'), /HTTP 404/);
    assert.match(defined(messageAbout(result, 'twice-b.png'), 'message on the same bytes'), /same file as .*twice-a\.png/);
    assert.match(defined(messageAbout(result, 'same-small.webp'), 'message on the smaller copy'), /same picture as .*same-large\.jpg/);
  });

  test('every kept picture has a 1200, 500 and 200 square, each as JPEG and WebP', () => {
    assert.equal(standardisedOf(result).length, 5);
    for (const image of standardisedOf(result)) {
      assert.deepEqual(
        image.renditions.map((r) => [r.size_label, r.format, r.width, r.height]),
        [
          ['full', 'jpeg', 1200, 1200],
          ['full', 'webp', 1200, 1200],
          ['500', 'jpeg', 500, 500],
          ['500', 'webp', 500, 500],
          ['200', 'jpeg', 200, 200],
          ['200', 'webp', 200, 200],
        ],
        image.source_url,
      );
    }
  });

  test('each rendition is stored under the sha256 of its bytes, and its record tells its true size and format', async () => {
    for (const image of standardisedOf(result)) {
      for (const r of image.renditions) {
        const name = defined(/^https:\/\/shop\.example\/media\/([0-9a-f]{64})\.(jpg|webp)$/.exec(r.url), `media URL ${r.url}`);
        const hash = defined(name[1]);
        const ext = name[2] === 'jpg' ? 'jpg' : 'webp';
        const bytes = defined(await storage.read(hash, ext), `stored ${r.url}`);
        assert.equal(createHash('sha256').update(bytes).digest('hex'), hash);
        assert.equal(bytes.byteLength, r.bytes);
        const meta = await sharp(bytes).metadata();
        assert.equal(meta.format, r.format);
        assert.equal(meta.width, r.width);
        assert.equal(meta.height, r.height);
        assert.equal(meta.space, 'srgb');
        assert.equal(meta.channels, 3);
        assert.equal(meta.hasAlpha, false);
        assert.equal(meta.hasProfile, false, `ICC profile left in ${r.url}`);
        assert.equal(meta.exif, undefined, `EXIF left in ${r.url}`);
        assert.equal(meta.xmp, undefined, `XMP left in ${r.url}`);
        assert.equal(meta.iptc, undefined, `IPTC left in ${r.url}`);
      }
    }
  });

  test('a transparent PNG is flattened onto pure white', async () => {
    const image = defined(byUrl(result, 'transparent.png'));
    for (const r of image.renditions) {
      const bytes = defined(await storage.read(defined(/([0-9a-f]{64})/.exec(r.url)?.[1]), r.format === 'jpeg' ? 'jpg' : 'webp'));
      const last = r.width - 1;
      for (const [x, y] of [
        [0, 0],
        [last, 0],
        [0, last],
        [last, last],
      ] as const) {
        assert.deepEqual(await pixel(bytes, x, y), WHITE, `${r.size_label} ${r.format} corner ${x},${y}`);
      }
    }
  });

  test('a white border is trimmed: the product fills the square up to a small margin, centred', async () => {
    const image = defined(byUrl(result, 'photo-white-border.jpg'));
    const full = defined(image.renditions.find((r) => r.size_label === 'full' && r.format === 'jpeg'));
    const box = await productBox(defined(await storage.read(defined(/([0-9a-f]{64})/.exec(full.url)?.[1]), 'jpg')));
    const margin = 48; // 4 % of 1200
    const tallest = Math.max(box.right - box.left, box.bottom - box.top) + 1;
    assert.ok(tallest >= SIZE - 2 * margin - 8, `product spans ${tallest} px of ${SIZE - 2 * margin}: the border was not trimmed`);
    assert.ok(box.top >= margin - 4 && box.left >= margin - 4, `product within the margin: ${JSON.stringify(box)}`);
    assert.ok(Math.abs(box.left - (SIZE - 1 - box.right)) <= 6, `centred horizontally: ${JSON.stringify(box)}`);
    assert.ok(Math.abs(box.top - (SIZE - 1 - box.bottom)) <= 6, `centred vertically: ${JSON.stringify(box)}`);
  });

  test('nothing is left in the media directory but finished files', async () => {
    const names = await readdir(mediaDir, { recursive: true });
    assert.ok(names.some((n) => n.endsWith('.jpg')));
    assert.deepEqual(
      names.filter((n) => n.endsWith('.tmp')),
      [],
    );
  });
});

describe('single pictures', () => {
  test('a flat grey backdrop is trimmed like a white one', async () => {
    const result = await run([caller('grey-backdrop.jpg')]);
    const full = defined(result.images[0]?.renditions[0]);
    const bytes = defined(await storage.read(defined(/([0-9a-f]{64})/.exec(full.url)?.[1]), 'jpg'));
    // The coloured box took 60 % of the height on the backdrop; trimmed, it fills the square but for the margin and its shadow.
    const box = await colouredBox(bytes);
    assert.ok(box.bottom - box.top + 1 >= 0.9 * (SIZE - 96), `grey backdrop not trimmed: ${JSON.stringify(box)}`);
    assert.deepEqual(await pixel(bytes, 10, 10), WHITE, 'the margin is white, not grey');
  });

  test('EXIF orientation is applied, and EXIF and ICC data are dropped', async () => {
    const input = await sharp(defined(files.get('rotated.jpg')).body).metadata();
    assert.deepEqual([input.width, input.height, input.orientation, input.hasProfile, input.exif !== undefined], [1200, 800, 6, true, true]);
    const result = await run([caller('rotated.jpg')]);
    const full = defined(result.images[0]?.renditions[0]);
    const bytes = defined(await storage.read(defined(/([0-9a-f]{64})/.exec(full.url)?.[1]), 'jpg'));
    // Shown portrait (800 × 1200 once turned), so white bands are left and right, none above and below.
    assert.deepEqual(await pixel(bytes, 100, 600), WHITE, 'left band');
    assert.notDeepEqual(await pixel(bytes, 600, 100), WHITE, 'top of the product');
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.orientation, undefined);
    assert.equal(meta.exif, undefined);
    assert.equal(meta.hasProfile, false);
  });

  test('a 9000 × 9000 picture over the pixel limit is refused with a message, before decoding', async () => {
    const result = await run([caller('huge.jpg'), caller('product.webp')]);
    assert.deepEqual(listing(result), [
      [url('huge.jpg'), 'caller', null, 'too_many_pixels'],
      [url('product.webp'), 'caller', null, null],
    ]);
    assert.match(defined(messageAbout(result, 'huge.jpg')), /9000×9000 is 81\.0 megapixels, over the limit of 40\.0 megapixels/);
  });

  test('the same 9000 × 9000 picture is standardised when the limit allows it', async () => {
    const result = await run([caller('huge.jpg')], 100_000_000);
    assert.deepEqual(result.messages, []);
    assert.deepEqual(
      defined(result.images[0]).renditions.map((r) => r.width),
      [1200, 1200, 500, 500, 200, 200],
    );
  });

  test('the same URL listed twice is fetched and kept once', async () => {
    const result = await run([caller('product.webp'), source('product.webp')]);
    assert.equal(result.images.length, 1);
    assert.equal(result.images[0]?.source, 'caller');
  });

  test('the same file at three URLs is kept once, credited to the one listed first, whichever arrived first', async () => {
    const result = await run([source('twice-b.png'), caller('twice-a.png'), caller('twice-c.png')]);
    assert.deepEqual(
      result.images.map((i) => [i.source_url, i.source]),
      [[url('twice-b.png'), 'open_food_facts']],
    );
    assert.equal(result.messages.length, 2, result.messages.join('\n'));
    for (const name of ['twice-a.png', 'twice-c.png']) {
      assert.match(defined(messageAbout(result, name)), /is the same file as .*twice-b\.png; it was kept once/);
    }
  });

  test('a stopped job stops, instead of reporting every picture as failed', async () => {
    const controller = new AbortController();
    controller.abort(new Error('worker shutting down'));
    await assert.rejects(
      standardiseProductImages([caller('product.webp')], {
        fetcher: new LoopbackFetcher(),
        storage,
        publicBaseUrl: 'https://shop.example',
        image: { size: SIZE, maxInputPixels: MAX_PIXELS },
        signal: controller.signal,
      }),
      /worker shutting down/,
    );
  });

  test('only the first 10 URLs are used, and the message says so', async () => {
    const refs = Array.from({ length: 12 }, (_, i) => caller(`missing-${i}.jpg`));
    const result = await run(refs);
    assert.deepEqual(
      result.images,
      refs.slice(0, 10).map((ref) => failedEntry(ref, 'http_error', false)),
    );
    assert.ok(
      result.messages.some((m) => /2 more image URL\(s\) were not used: at most 10/.test(m)),
      result.messages.join('\n'),
    );
    assert.equal(result.messages.filter((m) => /HTTP 404/.test(m)).length, 10);
  });

  test('an unreachable server is reported as possibly temporary; the product still completes', async () => {
    const gone: ImageRef = { url: `${await downHost()}/gone.jpg`, source: 'caller', licence: null };
    const result = await run([gone, caller('product.webp')]);
    assert.deepEqual(result.images[0], failedEntry(gone, 'network_error', true));
    assert.equal(result.images.length, 2);
    assert.equal(defined(result.images[1]).source_url, url('product.webp'));
    assert.equal(defined(result.images[1]).renditions.length, 6);
    assert.match(result.messages.join('\n'), /could not be reached \(this may be temporary/);
  });

  test('when the image host is down, every source URL is still listed, in order, with its source and licence', async () => {
    const host = await downHost();
    const refs: ImageRef[] = [
      { url: `${host}/front.jpg`, source: 'caller', licence: null },
      { url: `${host}/back.jpg`, source: 'caller', licence: null },
      { url: `${host}/off.jpg`, source: 'open_food_facts', licence: 'ODbL-1.0' },
    ];
    const result = await run(refs);
    assert.deepEqual(
      result.images,
      refs.map((ref) => failedEntry(ref, 'network_error', true)),
    );
    for (const ref of refs)
      assert.ok(
        result.messages.some((m) => m.includes(ref.url)),
        `message on ${ref.url}`,
      );
  });

  test('a server error is transient, a file that is no picture is not', async () => {
    const result = await run([caller('overloaded.jpg'), caller('empty.gif')]);
    assert.deepEqual(result.images, [failedEntry(caller('overloaded.jpg'), 'http_error', true), failedEntry(caller('empty.gif'), 'unsupported_format', false)]);
    assert.match(defined(messageAbout(result, 'overloaded.jpg')), /HTTP 503 \(this may be temporary/);
    assert.match(defined(messageAbout(result, 'empty.gif')), /not an image we can read/);
  });

  test('the same broken file at two URLs is listed once, under the URL listed first', async () => {
    const result = await run([source('truncated-copy.jpg'), caller('truncated.jpg')]);
    assert.deepEqual(result.images, [failedEntry(source('truncated-copy.jpg'), 'decode_failed', false)]);
    assert.match(defined(messageAbout(result, 'truncated.jpg')), /same file as .*truncated-copy\.jpg, which could not be used/);
  });
});

describe('GET /media/:file', () => {
  let app: FastifyInstance;
  let stored: ProductImage;

  before(async () => {
    app = Fastify({ logger: false });
    // The same not-found answer as the service's app, for paths that reach no route at all.
    app.setNotFoundHandler((_request, reply) => sendApiError(reply, new ApiError('not_found', 'No such route.')));
    registerMediaRoutes(app, { storage });
    await app.ready();
    stored = defined((await run([caller('product.webp')])).images[0]);
  });

  after(async () => {
    await app.close();
  });

  test('serves every rendition with its type, length, a year of immutable caching and the hash as ETag', async () => {
    for (const r of stored.renditions) {
      const path = new URL(r.url).pathname;
      const hash = defined(/([0-9a-f]{64})/.exec(path)?.[1]);
      const res = await app.inject({ method: 'GET', url: path });
      assert.equal(res.statusCode, 200, path);
      assert.equal(res.headers['content-type'], r.format === 'jpeg' ? 'image/jpeg' : 'image/webp');
      assert.equal(res.headers['content-length'], String(r.bytes));
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers.etag, `"${hash}"`);
      assert.equal(createHash('sha256').update(res.rawPayload).digest('hex'), hash);
    }
  });

  test('answers 304 to a matching If-None-Match', async () => {
    const path = new URL(defined(stored.renditions[0]).url).pathname;
    const first = await app.inject({ method: 'GET', url: path });
    const again = await app.inject({ method: 'GET', url: path, headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
  });

  test('answers HEAD with the headers and no body', async () => {
    const r = defined(stored.renditions[2]);
    const res = await app.inject({ method: 'HEAD', url: new URL(r.url).pathname });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-length'], String(r.bytes));
    assert.equal(res.rawPayload.length, 0);
  });

  test('404s, in the contract error shape, anything that is not a stored rendition name', async () => {
    const hash = defined(/([0-9a-f]{64})/.exec(defined(stored.renditions[0]).url)?.[1]);
    // A file outside the media directory that a traversal would reach.
    await writeFile(join(root, `${hash}.jpg`), 'secret');
    const bad = [
      '/media/abc.jpg',
      `/media/${hash}.png`,
      `/media/${hash.toUpperCase()}.jpg`,
      `/media/${hash}.jpg.tmp`,
      `/media/${hash}`,
      `/media/${'0'.repeat(64)}.jpg`,
      `/media/..%2F${hash}.jpg`,
      `/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
      `/media/..%5C..%5Cwindows%5Cwin.ini`,
      `/media/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.jpg`,
      `/media/../../etc/passwd`,
      `/media/%00${hash}.jpg`,
      '/media/',
    ];
    try {
      for (const path of bad) {
        const res = await app.inject({ method: 'GET', url: path });
        assert.equal(res.statusCode, 404, `${path}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        const body: unknown = res.json();
        assert.ok(typeof body === 'object' && body !== null, path);
        assert.equal((body as Record<string, unknown>).status, 'error', path);
        assert.equal((body as Record<string, unknown>).code, 'not_found', path);
        assert.equal(typeof (body as Record<string, unknown>).message, 'string', path);
      }
    } finally {
      await rm(join(root, `${hash}.jpg`), { force: true });
    }
  });

  test('other methods are 405', async () => {
    const res = await app.inject({ method: 'DELETE', url: new URL(defined(stored.renditions[0]).url).pathname });
    assert.equal(res.statusCode, 405);
    assert.equal(res.json().code, 'method_not_allowed');
  });
});
