import sharp from 'sharp';
import type { GuardedFetcher } from './fetcher.ts';
import { withDecodeSlot } from './sharp-settings.ts';

/** Longest side of a picture sent to a model: pack text stays legible, tokens stay few. */
const MODEL_IMAGE_SIDE = 1024;

/**
 * A product picture as a model should get it: fetched through the guarded fetcher (never by the
 * provider or the SDK from the URL), decoded with the same pixel limit as standardisation, scaled
 * down and re-encoded as JPEG, which every vision model accepts.
 */
export async function imageForModel(
  fetcher: GuardedFetcher,
  url: string,
  options: { maxInputPixels: number; signal?: AbortSignal },
): Promise<{ bytes: Uint8Array; mediaType: string }> {
  const fetched = await fetcher.fetch(url, { expect: 'image', ...(options.signal === undefined ? {} : { signal: options.signal }) });
  let bytes: Buffer;
  try {
    bytes = await withDecodeSlot(
      () =>
        sharp(fetched.bytes, { limitInputPixels: options.maxInputPixels, failOn: 'error' })
          .autoOrient()
          .flatten({ background: '#ffffff' })
          .resize({ width: MODEL_IMAGE_SIDE, height: MODEL_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 82 })
          .toBuffer(),
      options.signal,
    );
  } finally {
    // Only the small JPEG is kept for the model call; the body goes back to the fetcher's budget.
    fetched.release();
  }
  return { bytes: new Uint8Array(bytes), mediaType: 'image/jpeg' };
}
