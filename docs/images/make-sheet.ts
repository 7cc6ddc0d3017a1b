// Draws docs/images/before-after.png: a few synthetic product pictures as received, beside the
// 500 px JPEG rendition Vetrina makes of each. Run: ./node_modules/.bin/node docs/images/make-sheet.ts
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { standardiseImage } from '../../src/media/standardise-image.ts';
import { productPicture, productScene } from '../../test/helpers/product-pictures.ts';

const CELL = 400;
const GAP = 24;
const LABEL = 44;
const TITLE = 70;
const WIDTH = GAP + CELL + GAP * 3 + CELL + GAP;

interface Sample {
  caption: string;
  bytes: Buffer;
}

async function samples(): Promise<Sample[]> {
  const sideways = await sharp(productScene({ width: 700, height: 1000, shape: 'box', hue: 20, background: '#e9e4dc', scale: 0.8 }))
    .rotate(-90)
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer();
  return [
    {
      caption: 'Bottle on a flat grey backdrop, JPEG',
      bytes: await productPicture({ width: 1100, height: 1400, shape: 'bottle', hue: 350, background: '#a7a9ac', scale: 0.55 }, 'jpeg', 85),
    },
    {
      caption: 'Transparent PNG (checkerboard = transparent)',
      bytes: await productPicture({ width: 1000, height: 800, shape: 'tube', hue: 220, background: 'none', scale: 0.9 }, 'png'),
    },
    {
      caption: 'Off-centre jar, wide 1600 × 900 WebP',
      bytes: await productPicture({ width: 1600, height: 900, shape: 'jar', hue: 150, centreX: 0.22, scale: 0.5 }, 'webp', 80),
    },
    {
      caption: 'Camera photo stored sideways (EXIF orientation 6)',
      bytes: sideways,
    },
  ];
}

function text(value: string, width: number, height: number, size: number, weight = 'normal'): Buffer {
  const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="0" y="${Math.round(height * 0.7)}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="#222">${escaped}</text></svg>`,
  );
}

/** The original as received: raw pixels (no EXIF rotation, as a naive viewer would), inside a cell. */
async function originalCell(bytes: Buffer): Promise<Buffer> {
  const { hasAlpha } = await sharp(bytes).metadata();
  // A checkerboard behind transparent pictures only, so it means transparency where it shows.
  const panel = hasAlpha
    ? checker()
    : Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${CELL}"><rect width="100%" height="100%" fill="#e2e2e0"/></svg>`);
  const shown = await sharp(bytes).resize(CELL, CELL, { fit: 'inside' }).png().toBuffer();
  const meta = await sharp(shown).metadata();
  return sharp(panel)
    .composite([{ input: shown, left: Math.round((CELL - meta.width) / 2), top: Math.round((CELL - meta.height) / 2) }])
    .png()
    .toBuffer();
}

function checker(): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${CELL}"><defs><pattern id="c" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="#ffffff"/><rect width="10" height="10" fill="#d9d9d9"/><rect x="10" y="10" width="10" height="10" fill="#d9d9d9"/></pattern></defs><rect width="100%" height="100%" fill="url(#c)"/></svg>`,
  );
}

async function main(): Promise<void> {
  const rows = await samples();
  const rowHeight = LABEL + CELL + LABEL + GAP;
  const height = TITLE + rows.length * rowHeight;
  const layers: OverlayOptions[] = [{ input: text('Vetrina image standardisation: as received → 500 px rendition', WIDTH - 2 * GAP, TITLE - 20, 24, 'bold'), left: GAP, top: 16 }];
  const rightX = GAP + CELL + GAP * 3;
  for (const [i, sample] of rows.entries()) {
    const top = TITLE + i * rowHeight;
    const meta = await sharp(sample.bytes).metadata();
    const result = await standardiseImage(sample.bytes, { size: 1200, maxInputPixels: 40_000_000 });
    const rendition = result.renditions.find((r) => r.sizeLabel === '500' && r.format === 'jpeg');
    if (rendition === undefined) throw new Error('no 500 px JPEG rendition');
    layers.push(
      { input: text(sample.caption, WIDTH - 2 * GAP, LABEL, 17, 'bold'), left: GAP, top },
      { input: await originalCell(sample.bytes), left: GAP, top: top + LABEL },
      { input: text('→', GAP * 3, CELL, 40), left: GAP + CELL + 14, top: top + LABEL - CELL / 2 + 20 },
      // The rendition at 400 px so both columns are the same size; a thin frame shows its edge.
      {
        input: await sharp(rendition.data)
          .resize(CELL - 2, CELL - 2)
          .extend({ top: 1, bottom: 1, left: 1, right: 1, background: '#bbbbbb' })
          .png()
          .toBuffer(),
        left: rightX,
        top: top + LABEL,
      },
      {
        input: text(`${meta.width} × ${meta.height} ${meta.format.toUpperCase()}, ${Math.round(sample.bytes.length / 1024)} KiB`, CELL, LABEL - 8, 15),
        left: GAP,
        top: top + LABEL + CELL,
      },
      {
        input: text(`${rendition.width} × ${rendition.height} JPEG, ${Math.round(rendition.bytes / 1024)} KiB, sRGB, no metadata`, CELL + GAP, LABEL - 8, 15),
        left: rightX,
        top: top + LABEL + CELL,
      },
    );
  }
  const out = join(import.meta.dirname, 'before-after.png');
  await sharp({ create: { width: WIDTH, height, channels: 3, background: '#f7f7f5' } })
    .composite(layers)
    .png({ compressionLevel: 9, palette: true, quality: 95 })
    .toFile(out);
  console.log(`wrote ${out}`);
}

await main();
