import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { ImageRejectedError, standardiseImage } from '../../src/media/standardise-image.ts';
import { productPicture } from '../helpers/product-pictures.ts';

// Bytes in, renditions out; the product-level behaviour (fetching, duplicates, storage, messages)
// is in test/integration/image-standardisation.test.ts.

const OPTIONS = { size: 1200, maxInputPixels: 40_000_000 };

/** The PNG with other dimensions written into its IHDR chunk (and its checksum fixed). */
function declaredSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  assert.equal(out.toString('latin1', 12, 16), 'IHDR');
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

async function rejection(bytes: Uint8Array, options = OPTIONS): Promise<ImageRejectedError> {
  try {
    await standardiseImage(bytes, options);
  } catch (error) {
    assert.ok(error instanceof ImageRejectedError, `not an ImageRejectedError: ${String(error)}`);
    return error;
  }
  assert.fail('the image was accepted');
}

describe('standardiseImage', () => {
  test('reports each rendition with the size, format and sha256 of its bytes', async () => {
    const input = await productPicture({ width: 640, height: 480, shape: 'jar', hue: 40 }, 'png');
    const result = await standardiseImage(input, OPTIONS);
    assert.deepEqual(result.original, { format: 'png', width: 640, height: 480, bytes: input.length });
    for (const r of result.renditions) {
      const meta = await sharp(r.data).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], [r.format, r.width, r.height]);
      assert.equal(r.bytes, r.data.length);
      assert.equal(r.sha256, createHash('sha256').update(r.data).digest('hex'));
      assert.equal(r.ext, r.format === 'jpeg' ? 'jpg' : 'webp');
    }
  });

  test('follows the configured size, with no smaller rendition at or above it', async () => {
    const input = await productPicture({ width: 300, height: 300, shape: 'tube' }, 'jpeg');
    const at800 = await standardiseImage(input, { ...OPTIONS, size: 800 });
    assert.deepEqual(
      at800.renditions.map((r) => [r.sizeLabel, r.width]),
      [
        ['full', 800],
        ['full', 800],
        ['500', 500],
        ['500', 500],
        ['200', 200],
        ['200', 200],
      ],
    );
    const at500 = await standardiseImage(input, { ...OPTIONS, size: 500 });
    assert.deepEqual(
      at500.renditions.map((r) => r.sizeLabel),
      ['full', 'full', '200', '200'],
    );
  });

  test('a blank picture (nothing but border) is kept whole rather than failing', async () => {
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const result = await standardiseImage(blank, OPTIONS);
    assert.equal(result.renditions[0]?.width, 1200);
  });

  test('CMYK and greyscale pictures come out as 3-channel sRGB', async () => {
    const picture = await productPicture({ width: 400, height: 400, shape: 'box', hue: 200 }, 'png');
    for (const input of [await sharp(picture).toColourspace('cmyk').jpeg().toBuffer(), await sharp(picture).greyscale().png().toBuffer()]) {
      const result = await standardiseImage(input, OPTIONS);
      const meta = await sharp(result.renditions[0]?.data).metadata();
      assert.deepEqual([meta.space, meta.channels, meta.hasProfile], ['srgb', 3, false]);
    }
  });

  test('refuses what is not a raster photo, naming why', async () => {
    assert.equal((await rejection(Buffer.from('GIF89a but then nothing'))).reason, 'unsupported_format');
    assert.equal((await rejection(Buffer.from('plain text'))).reason, 'unsupported_format');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><image href="http://127.0.0.1:1/x.png"/></svg>');
    const refused = await rejection(svg);
    assert.equal(refused.reason, 'unsupported_format');
    assert.match(refused.message, /SVG is not accepted/);
  });

  test('refuses a truncated file and a picture over the pixel limit', async () => {
    const jpeg = await productPicture({ width: 800, height: 800, shape: 'bottle' }, 'jpeg');
    const truncated = await rejection(jpeg.subarray(0, jpeg.length / 2));
    assert.equal(truncated.reason, 'undecodable');
    // A decompression bomb: a tiny PNG whose header declares 30000 × 30000 pixels.
    const bomb = declaredSize(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      30_000,
      30_000,
    );
    const over = await rejection(bomb);
    assert.equal(over.reason, 'too_many_pixels');
    assert.match(over.message, /30000×30000 is 900\.0 megapixels, over the limit of 40\.0 megapixels/);
  });
});
