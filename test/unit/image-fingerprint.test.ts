import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { colourDistance, fingerprintPicture, groupSamePictures, hammingDistance, samePicture, type PictureFingerprint } from '../../src/media/image-fingerprint.ts';
import { standardiseImage } from '../../src/media/standardise-image.ts';
import { defined } from '../helpers/assert.ts';
import { productPicture, type ProductShape } from '../helpers/product-pictures.ts';

// Duplicates are found on the standardised 200 px thumbnail, as standardise-product-images does.

// A small full size keeps the test quick; the 200 px thumbnail it is hashed from is the same.
const OPTIONS = { size: 400, maxInputPixels: 40_000_000 };

async function fingerprintOf(bytes: Buffer): Promise<PictureFingerprint> {
  const standardised = await standardiseImage(bytes, OPTIONS);
  const thumbnail = defined(standardised.renditions.find((r) => r.sizeLabel === '200' && r.format === 'jpeg'));
  return fingerprintPicture(thumbnail.data, OPTIONS);
}

describe('hammingDistance and colourDistance', () => {
  test('count differing bits, and measure colour cells', () => {
    assert.equal(hammingDistance(Uint8Array.of(0b1010, 0xff), Uint8Array.of(0b0110, 0x0f)), 6);
    assert.equal(colourDistance(Uint8Array.of(0, 0, 0, 10, 10, 10), Uint8Array.of(0, 0, 0, 10, 10, 10)), 0);
    // One cell off by 30 in one channel, the other equal: sqrt((30² + 0²) / 2).
    assert.equal(colourDistance(Uint8Array.of(0, 30, 0, 5, 5, 5), Uint8Array.of(0, 0, 0, 5, 5, 5)), Math.sqrt(450));
    assert.throws(() => hammingDistance(new Uint8Array(2), new Uint8Array(3)), RangeError);
  });
});

describe('samePicture', () => {
  const shapes: ProductShape[] = ['bottle', 'box', 'jar', 'tube'];
  const originals = new Map<string, Buffer>();
  const prints = new Map<string, PictureFingerprint>();

  before(async () => {
    for (const shape of shapes) {
      for (const hue of [10, 130, 250]) {
        const bytes = await productPicture({ width: 1000, height: 900, shape, hue }, 'jpeg', 92);
        originals.set(`${shape}-${hue}`, bytes);
        prints.set(`${shape}-${hue}`, await fingerprintOf(bytes));
      }
    }
  });

  test('finds one picture again at another size, format, quality or border', async () => {
    for (const [name, bytes] of originals) {
      const original = defined(prints.get(name));
      const smaller = await fingerprintOf(await sharp(bytes).resize(400).webp({ quality: 55 }).toBuffer());
      const bordered = await fingerprintOf(await sharp(bytes).extend({ top: 200, bottom: 200, left: 40, right: 40, background: '#ffffff' }).jpeg({ quality: 70 }).toBuffer());
      assert.ok(samePicture(original, smaller), `${name} at 400 px WebP`);
      assert.ok(samePicture(original, bordered), `${name} with a white border`);
    }
  });

  test('tells apart different products, including one product in different colours', () => {
    const names = [...prints.keys()];
    for (const a of names) {
      for (const b of names) {
        if (a < b) assert.equal(samePicture(defined(prints.get(a)), defined(prints.get(b))), false, `${a} and ${b}`);
      }
    }
  });
});

describe('groupSamePictures', () => {
  const fp = (bit: number, colour: number): PictureFingerprint => {
    const gradients = new Uint8Array(32);
    gradients.fill(bit === 0 ? 0 : 0xff);
    return { gradients, colours: new Uint8Array(192).fill(colour) };
  };

  test('groups in order of first appearance and keeps the largest original, then the larger file', () => {
    const items = [
      { name: 'a-small', fingerprint: fp(0, 100), pixels: 100, bytes: 10 },
      { name: 'b', fingerprint: fp(1, 100), pixels: 400, bytes: 10 },
      { name: 'a-large', fingerprint: fp(0, 102), pixels: 900, bytes: 10 },
      { name: 'a-large-heavier', fingerprint: fp(0, 101), pixels: 900, bytes: 50 },
      { name: 'c', fingerprint: fp(0, 200), pixels: 10, bytes: 1 },
    ];
    const groups = groupSamePictures(items);
    assert.deepEqual(
      groups.map((g) => [g.keep.name, g.members.map((m) => m.name)]),
      [
        ['a-large-heavier', ['a-small', 'a-large', 'a-large-heavier']],
        ['b', ['b']],
        ['c', ['c']],
      ],
    );
  });
});
