import { createHash } from 'node:crypto';
import sharp from 'sharp';

// Duplicate detection: the same bytes by sha256; the same picture at another size or compression
// by a difference hash (dHash): for each pixel of a small greyscale thumbnail, is it brighter than
// its right-hand neighbour? Scaling and re-encoding keep those gradients, so the bits stay put.
// The dHash cannot see hue, so an 8 × 8 colour thumbnail must match too.
// Written here rather than taken from a package: it is a few dozen lines on top of sharp, which we
// already run on every image; `sharp-phash` (a DCT hash on sharp) would be the package to take if
// this ever needs to be more tolerant of crops and edits.

/** Hash grid side: 16 × 16 comparisons = 256 bits, fine enough to tell similar packshots apart. */
const GRID = 16;
export const PERCEPTUAL_HASH_BITS = GRID * GRID;
/**
 * Largest Hamming distance (of 256 bits) still counted as the same picture. Measured on the
 * standardised 200 px rendition of synthetic packshots: one picture rescaled and re-encoded (JPEG
 * 1600 px against WebP 500 px at quality 55, or with a border added) moved up to 18 bits; two
 * different shapes differed by 37 or more. The same shape in another colour can differ by 1 bit:
 * the colour check below tells those apart.
 */
export const SAME_PICTURE_MAX_DISTANCE = 24;
/** Brightness steps a neighbour must differ by to set a bit: flat areas stay 0 under compression noise. */
const DEAD_BAND = 2;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What two pictures are compared by: their shapes (dHash) and their colours. */
export interface PictureFingerprint {
  /** 256-bit difference hash of the greyscale thumbnail, 32 bytes. */
  gradients: Uint8Array;
  /** An 8 × 8 RGB thumbnail, 192 bytes: the dHash is blind to hue, and colour variants must stay apart. */
  colours: Uint8Array;
}

/**
 * Largest colour distance (root mean square over the 64 cells of the largest channel difference,
 * 0–255) still counted as the same picture. Measured as above: the same picture moved up to 5.5;
 * the same product in another colour differed by 24 or more.
 */
export const SAME_PICTURE_MAX_COLOUR_DISTANCE = 12;

/** The fingerprint of an image in any format sharp reads. */
export async function fingerprintPicture(image: Uint8Array, options: { maxInputPixels: number }): Promise<PictureFingerprint> {
  const decoded = () => sharp(image, { limitInputPixels: options.maxInputPixels, failOn: 'error', autoOrient: true }).flatten({ background: '#ffffff' });
  const [grey, colour] = await Promise.all([
    decoded()
      .greyscale()
      .resize(GRID + 1, GRID, { fit: 'fill', kernel: 'cubic' })
      .raw({ depth: 'uchar' })
      .toBuffer(),
    decoded().toColourspace('srgb').resize(8, 8, { fit: 'fill' }).removeAlpha().raw({ depth: 'uchar' }).toBuffer(),
  ]);
  const gradients = new Uint8Array(PERCEPTUAL_HASH_BITS / 8);
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      const left = grey[y * (GRID + 1) + x] ?? 0;
      const right = grey[y * (GRID + 1) + x + 1] ?? 0;
      if (left > right + DEAD_BAND) {
        const bit = y * GRID + x;
        gradients[bit >> 3] = (gradients[bit >> 3] ?? 0) | (1 << (bit & 7));
      }
    }
  }
  return { gradients, colours: new Uint8Array(colour) };
}

export function samePicture(a: PictureFingerprint, b: PictureFingerprint): boolean {
  return hammingDistance(a.gradients, b.gradients) <= SAME_PICTURE_MAX_DISTANCE && colourDistance(a.colours, b.colours) <= SAME_PICTURE_MAX_COLOUR_DISTANCE;
}

/** RMS over RGB cells of each cell's largest channel difference: one strongly changed cell counts. */
export function colourDistance(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length || a.length === 0 || a.length % 3 !== 0) throw new RangeError('thumbnails of different sizes');
  let sum = 0;
  for (let i = 0; i < a.length; i += 3) {
    let cell = 0;
    for (let k = i; k < i + 3; k++) cell = Math.max(cell, Math.abs((a[k] ?? 0) - (b[k] ?? 0)));
    sum += cell * cell;
  }
  return Math.sqrt(sum / (a.length / 3));
}

export function hammingDistance(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new RangeError('hashes of different lengths');
  let distance = 0;
  for (let i = 0; i < a.length; i++) {
    let x = (a[i] ?? 0) ^ (b[i] ?? 0);
    while (x !== 0) {
      x &= x - 1;
      distance += 1;
    }
  }
  return distance;
}

export interface Fingerprinted {
  fingerprint: PictureFingerprint;
  /** Width × height of the original, to keep the largest of a group. */
  pixels: number;
  /** Size of the original file, the tie-breaker: more bytes, less compression. */
  bytes: number;
}

/**
 * Groups items showing the same picture as any member of a group, in the order their first member
 * appears, and names the one to keep: the largest original.
 */
export function groupSamePictures<T extends Fingerprinted>(items: readonly T[]): { keep: T; members: T[] }[] {
  const groups: T[][] = [];
  for (const item of items) {
    const group = groups.find((members) => members.some((m) => samePicture(m.fingerprint, item.fingerprint)));
    if (group) group.push(item);
    else groups.push([item]);
  }
  return groups.map((members) => ({ keep: largest(members), members }));
}

function largest<T extends Fingerprinted>(members: readonly T[]): T {
  let best = members[0];
  if (best === undefined) throw new RangeError('empty group');
  for (const m of members) {
    if (m.pixels > best.pixels || (m.pixels === best.pixels && m.bytes > best.bytes)) best = m;
  }
  return best;
}
