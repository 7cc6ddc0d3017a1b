import { createHash } from 'node:crypto';
import sharp, { type Sharp, type SharpOptions } from 'sharp';

// Bytes in, marketplace-ready renditions out: one square, white, sRGB, metadata-free form for
// every product picture, whatever camera, editor or shop it came from.

export interface StandardiseOptions {
  /** Side of the full square rendition in pixels (config IMAGE_SIZE). */
  size: number;
  /** Largest width × height decoded; bigger images are refused before decoding (config IMAGE_MAX_INPUT_PIXELS). */
  maxInputPixels: number;
}

export type RenditionFormat = 'jpeg' | 'webp';
export type SizeLabel = 'full' | '500' | '200';

export interface Rendition {
  sizeLabel: SizeLabel;
  format: RenditionFormat;
  /** File extension used in storage and URLs. */
  ext: 'jpg' | 'webp';
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  data: Buffer;
}

export interface StandardisedImage {
  /** The picture as received (after EXIF orientation), for choosing the best of a group of duplicates. */
  original: { format: string; width: number; height: number; bytes: number };
  /** full, 500, 200 (a smaller side only when below `size`); each as JPEG then WebP. */
  renditions: Rendition[];
}

export type ImageRejectionReason = 'unsupported_format' | 'too_many_pixels' | 'undecodable';

/** The bytes are not a picture we can use; trying again will not help. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  readonly reason: ImageRejectionReason;
  constructor(reason: ImageRejectionReason, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.reason = reason;
  }
}

// Raster formats shops and sources publish. SVG and PDF are refused: they are documents that
// can reference other resources, not photographs.
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
/** White space left around the product, as a share of the side (4 % = 48 px at 1200). */
const MARGIN_SHARE = 0.04;
// Difference from the border colour still counted as border: above the noise of a flat JPEG
// area (a few levels), below the contrast of a pale product edge on white.
const TRIM_THRESHOLD = 16;
const JPEG = { quality: 85, mozjpeg: true } as const;
const WEBP = { quality: 82, effort: 4 } as const;
const SMALLER_SIDES = [500, 200] as const;
/** No single libvips pipeline may run longer than this; a pathological file cannot hold a worker. */
const PIPELINE_TIMEOUT_SECONDS = 30;

/**
 * Standardises one picture. Throws ImageRejectedError when the bytes are not an accepted raster
 * image, are over the pixel limit, or cannot be decoded cleanly (truncated, corrupt).
 */
export async function standardiseImage(input: Uint8Array, options: StandardiseOptions): Promise<StandardisedImage> {
  const decodeOptions: SharpOptions = {
    limitInputPixels: options.maxInputPixels,
    // 'error' refuses truncated and corrupt data but accepts the harmless warnings common in
    // real shop photos (extraneous bytes, odd markers) that 'warning' would reject.
    failOn: 'error',
    autoOrient: true,
  };
  const original = await inspect(input, options.maxInputPixels);

  const margin = Math.round(options.size * MARGIN_SHARE);
  const inner = options.size - 2 * margin;
  try {
    const working = await decodeToWorkingSize(input, decodeOptions, inner);
    const square = await fitOnSquare(working, inner, margin);
    const renditions = await encodeAll(square, options.size);
    return { original, renditions };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError('undecodable', `the image could not be decoded (${shortReason(error)})`, { cause: error });
  }
}

async function inspect(input: Uint8Array, maxInputPixels: number): Promise<StandardisedImage['original']> {
  let metadata;
  try {
    // Reads the header only: dimensions are known before any pixel is decoded.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageRejectedError('unsupported_format', `the bytes are not an image we can read (${shortReason(error)})`, { cause: error });
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageRejectedError('unsupported_format', `${metadata.format.toUpperCase()} is not accepted; send JPEG, PNG, WebP, GIF, AVIF or TIFF`);
  }
  const { width, height } = metadata.autoOrient;
  if (width * height > maxInputPixels) {
    throw new ImageRejectedError('too_many_pixels', `${width}×${height} is ${megapixels(width * height)}, over the limit of ${megapixels(maxInputPixels)}`);
  }
  return { format: metadata.format, width, height, bytes: input.byteLength };
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes, orients, flattens onto white and converts to sRGB, at no more than twice the final
 * size. Trimming needs the whole image in memory and turns off libvips' shrink-on-load, so it
 * runs on this bounded copy rather than on the original (a 40 MP photo would be 120 MB).
 */
async function decodeToWorkingSize(input: Uint8Array, decodeOptions: SharpOptions, inner: number): Promise<RawImage> {
  const side = inner * 2;
  const { data, info } = await sharp(input, decodeOptions)
    .timeout({ seconds: PIPELINE_TIMEOUT_SECONDS })
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: WHITE })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Trims the uniform border, then centres the product on a white square with a margin. */
async function fitOnSquare(working: RawImage, inner: number, margin: number): Promise<RawImage> {
  const place = (trim: boolean): Sharp => {
    let image = sharp(working.data, { raw: { width: working.width, height: working.height, channels: working.channels } }).timeout({
      seconds: PIPELINE_TIMEOUT_SECONDS,
    });
    // The border colour is read from the top-left pixel, so white, near-white and flat-colour
    // borders are all found.
    if (trim) image = image.trim({ threshold: TRIM_THRESHOLD });
    // Small pictures are enlarged too: every rendition has the product at the same scale.
    return image
      .resize(inner, inner, { fit: 'contain', background: WHITE, kernel: 'lanczos3' })
      .extend({ top: margin, bottom: margin, left: margin, right: margin, background: WHITE })
      .removeAlpha()
      .raw({ depth: 'uchar' });
  };
  let result;
  try {
    result = await place(true).toBuffer({ resolveWithObject: true });
  } catch {
    // An image with nothing but border (a blank picture) has nothing to trim to; keep it whole.
    result = await place(false).toBuffer({ resolveWithObject: true });
  }
  return { data: result.data, width: result.info.width, height: result.info.height, channels: result.info.channels };
}

async function encodeAll(square: RawImage, size: number): Promise<Rendition[]> {
  const sides: { label: SizeLabel; side: number }[] = [
    { label: 'full', side: size },
    ...SMALLER_SIDES.filter((side) => side < size).map((side) => ({ label: String(side) as SizeLabel, side })),
  ];
  const jobs = sides.flatMap(({ label, side }) => [encode(square, label, side, 'jpeg'), encode(square, label, side, 'webp')]);
  return Promise.all(jobs);
}

async function encode(square: RawImage, sizeLabel: SizeLabel, side: number, format: RenditionFormat): Promise<Rendition> {
  let image = sharp(square.data, { raw: { width: square.width, height: square.height, channels: square.channels } }).timeout({
    seconds: PIPELINE_TIMEOUT_SECONDS,
  });
  if (side !== square.width) image = image.resize(side, side, { kernel: 'lanczos3' });
  // No keepMetadata/withMetadata: sharp writes no EXIF, XMP, IPTC or ICC, and the pixels are sRGB.
  image = format === 'jpeg' ? image.jpeg(JPEG) : image.webp(WEBP);
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return {
    sizeLabel,
    format,
    ext: format === 'jpeg' ? 'jpg' : 'webp',
    width: info.width,
    height: info.height,
    bytes: data.byteLength,
    sha256: createHash('sha256').update(data).digest('hex'),
    data,
  };
}

function megapixels(pixels: number): string {
  return `${(pixels / 1_000_000).toFixed(1)} megapixels`;
}

/** libvips messages are long and multi-line; the first line says what went wrong. */
function shortReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? message).trim().slice(0, 200);
}
