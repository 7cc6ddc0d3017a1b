import { FetchError, type FetchFailureReason, type GuardedFetcher } from './fetcher.ts';
import { fingerprintPicture, groupSamePictures, sha256Hex, type PictureFingerprint } from './image-fingerprint.ts';
import type { MediaStorage } from './media-storage.ts';
import { ImageRejectedError, standardiseImage, type ImageRejectionReason, type Rendition, type SizeLabel, type StandardiseOptions } from './standardise-image.ts';
import { withDecodeSlot } from './sharp-settings.ts';

// The use case the worker calls for a product whose account pays for image standardisation:
// fetch every picture, drop duplicates, standardise, store, and say what happened to each URL.
// A picture that cannot be had stays listed, without renditions, so the record never loses the
// source URL a free create would have kept.

/** One image URL of a product and where it came from; caller images first, then the sources'. */
export interface ImageRef {
  url: string;
  /** `caller`, or the source's name (`open_food_facts`, `icecat` …). */
  source: string;
  /** The licence of the source's data; null for the caller's own pictures. */
  licence: string | null;
}

export interface ProductImageRendition {
  url: string;
  width: number;
  height: number;
  bytes: number;
  format: 'jpeg' | 'webp';
  size_label: SizeLabel;
}

export interface ProductImage {
  source_url: string;
  source: string;
  licence: string | null;
  renditions: ProductImageRendition[];
}

/** Why a picture has no renditions: the fetcher's reason, or what the decoder refused. */
export type ImageFailureReason = FetchFailureReason | 'decode_failed' | 'too_many_pixels' | 'unsupported_format';

/** A picture that could not be fetched or standardised: listed where it was, with no renditions. */
export interface FailedProductImage {
  source_url: string;
  source: string;
  licence: string | null;
  renditions: [];
  error: {
    reason: ImageFailureReason;
    /** Whether a later try could succeed (timeout, 5xx, network error). */
    transient: boolean;
  };
}

export interface StandardiseProductImagesResult {
  /** One entry per distinct URL used, in the order listed, less those dropped as duplicates. */
  images: (ProductImage | FailedProductImage)[];
  /** Readable notes for the product's validation messages: which URL failed or was dropped, and why. */
  messages: string[];
}

export interface StandardiseProductImagesDeps {
  fetcher: GuardedFetcher;
  storage: MediaStorage;
  /** Where clients reach this service; rendition URLs are `<publicBaseUrl>/media/<sha256>.<ext>`. */
  publicBaseUrl: string;
  image: StandardiseOptions;
  signal?: AbortSignal;
}

/** At most this many URLs of one product are fetched; the rest are named in one message. */
export const MAX_IMAGES_PER_PRODUCT = 10;
/** Pictures of one product worked on at once: a fetch overlaps a decode, memory stays bounded. */
export const IMAGES_AT_ONCE = 2;

interface Listed {
  /** Position in the list of URLs; the earliest of same-bytes URLs names the picture. */
  index: number;
  ref: ImageRef;
  /** Other URLs that served exactly the same bytes. */
  sameBytes: { index: number; ref: ImageRef }[];
}

interface Standardised extends Listed {
  fingerprint: PictureFingerprint;
  pixels: number;
  bytes: number;
  renditions: Rendition[];
}

interface Failed extends Listed {
  reason: ImageFailureReason;
  transient: boolean;
  /** Why, readable, for the validation message. */
  why: string;
}

type Outcome = { kind: 'standardised'; item: Standardised } | { kind: 'same_bytes'; index: number; of: number } | { kind: 'failed'; item: Failed };

// The decoder's word for a corrupt file is internal; clients get the words docs/images.md lists.
const REJECTION_REASON: Record<ImageRejectionReason, ImageFailureReason> = {
  undecodable: 'decode_failed',
  too_many_pixels: 'too_many_pixels',
  unsupported_format: 'unsupported_format',
};

/**
 * Never throws for a picture that cannot be had: an unreachable, refused or undecodable image,
 * including a transient fetch failure (timeout, 5xx), is listed with an error and a message, and
 * the product completes with the other pictures; a retry of the whole generation for one flaky image URL
 * would charge nothing more but delay the product. Throws only when storage fails or the signal aborts.
 */
export async function standardiseProductImages(refs: readonly ImageRef[], deps: StandardiseProductImagesDeps): Promise<StandardiseProductImagesResult> {
  const limitMessages: string[] = [];
  const distinct = distinctUrls(refs);
  const considered = distinct.slice(0, MAX_IMAGES_PER_PRODUCT);
  if (distinct.length > considered.length) {
    limitMessages.push(`${distinct.length - considered.length} more image URL(s) were not used: at most ${MAX_IMAGES_PER_PRODUCT} images are standardised per product.`);
  }

  // First index that served each sha256; later URLs with the same bytes are not decoded again.
  const firstBySha = new Map<string, number>();
  const outcomes = await mapWithConcurrency(considered, IMAGES_AT_ONCE, async (ref, index): Promise<Outcome> => {
    deps.signal?.throwIfAborted();
    let fetched;
    try {
      fetched = await deps.fetcher.fetch(ref.url, { expect: 'image', ...(deps.signal ? { signal: deps.signal } : {}) });
    } catch (error) {
      // A run being stopped is not a broken image: stop, rather than record every URL as failed.
      deps.signal?.throwIfAborted();
      if (error instanceof FetchError) {
        return { kind: 'failed', item: { index, ref, sameBytes: [], reason: error.reason, transient: error.transient, why: fetchReason(error) } };
      }
      throw error;
    }
    const sha = sha256Hex(fetched.bytes);
    const first = firstBySha.get(sha);
    if (first !== undefined) {
      fetched.release();
      return { kind: 'same_bytes', index, of: first };
    }
    firstBySha.set(sha, index);
    try {
      let result;
      try {
        result = await withDecodeSlot(() => standardiseImage(fetched.bytes, deps.image), deps.signal);
      } finally {
        // The renditions are small; the body goes back to the fetcher's budget before they are stored.
        fetched.release();
      }
      const thumbnail = result.renditions.find((r) => r.sizeLabel === '200' && r.format === 'jpeg') ?? result.renditions[0];
      if (thumbnail === undefined) throw new ImageRejectedError('undecodable', 'no rendition was produced');
      // Hashing the standardised thumbnail: borders and sizes are already evened out, and it is tiny to decode.
      const fingerprint = await fingerprintPicture(thumbnail.data, deps.image);
      return {
        kind: 'standardised',
        item: {
          index,
          ref,
          sameBytes: [],
          fingerprint,
          pixels: result.original.width * result.original.height,
          bytes: result.original.bytes,
          renditions: result.renditions,
        },
      };
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        return { kind: 'failed', item: { index, ref, sameBytes: [], reason: REJECTION_REASON[error.reason], transient: false, why: `${error.message}.` } };
      }
      throw error;
    }
  });

  const standardised: Standardised[] = [];
  const failed: Failed[] = [];
  for (const outcome of outcomes) {
    if (outcome.kind === 'standardised') standardised.push(outcome.item);
    else if (outcome.kind === 'failed') failed.push(outcome.item);
  }
  // Looked up by the index that was fetched first, which the swap below may change on the item.
  const byFetchedIndex = new Map<number, Listed>([...standardised, ...failed].map((item) => [item.index, item]));
  for (const outcome of outcomes) {
    if (outcome.kind !== 'same_bytes') continue;
    const duplicate = considered[outcome.index];
    const original = byFetchedIndex.get(outcome.of);
    if (duplicate === undefined || original === undefined) continue;
    if (outcome.index < original.index) {
      // Fetches finish in any order; the URL listed first (the caller's before a source's) names the picture.
      original.sameBytes.push({ index: original.index, ref: original.ref });
      original.index = outcome.index;
      original.ref = duplicate;
    } else {
      original.sameBytes.push({ index: outcome.index, ref: duplicate });
    }
  }
  standardised.sort((a, b) => a.index - b.index);

  // Each entry sits at the index of the URL that names it; messages follow the same order.
  const entries: { index: number; image: ProductImage | FailedProductImage; messages: string[] }[] = [];
  for (const item of failed) {
    const messages = [`Image ${item.ref.url} could not be standardised and is listed without renditions: ${item.why}`];
    for (const same of item.sameBytes) messages.push(`Image ${same.ref.url} was left out: it is the same file as ${item.ref.url}, which could not be used.`);
    entries.push({ index: item.index, image: failedImage(item), messages });
  }
  // A group sits where its first member was listed; the picture kept is its largest original,
  // credited to the URL, source and licence that served that picture.
  for (const group of groupSamePictures(standardised)) {
    const kept = group.keep;
    const messages: string[] = [];
    for (const member of group.members) {
      const sameFile = member.sameBytes.map((s) => s.ref);
      if (member === kept) {
        for (const ref of sameFile) messages.push(`Image ${ref.url} is the same file as ${kept.ref.url}; it was kept once.`);
      } else {
        for (const ref of [member.ref, ...sameFile]) {
          messages.push(`Image ${ref.url} shows the same picture as ${kept.ref.url}; only the larger one was kept.`);
        }
      }
    }
    const position = Math.min(...group.members.map((m) => m.index));
    entries.push({ index: position, image: await store(kept, deps), messages });
  }
  entries.sort((a, b) => a.index - b.index);
  return { images: entries.map((e) => e.image), messages: [...limitMessages, ...entries.flatMap((e) => e.messages)] };
}

function failedImage(item: Failed): FailedProductImage {
  return {
    source_url: item.ref.url,
    source: item.ref.source,
    licence: item.ref.licence,
    renditions: [],
    error: { reason: item.reason, transient: item.transient },
  };
}

async function store(item: Standardised, deps: StandardiseProductImagesDeps): Promise<ProductImage> {
  const base = deps.publicBaseUrl.replace(/\/+$/, '');
  const renditions: ProductImageRendition[] = [];
  for (const r of item.renditions) {
    await deps.storage.put(r.sha256, r.ext, r.data);
    renditions.push({ url: `${base}/media/${r.sha256}.${r.ext}`, width: r.width, height: r.height, bytes: r.bytes, format: r.format, size_label: r.sizeLabel });
  }
  return { source_url: item.ref.url, source: item.ref.source, licence: item.ref.licence, renditions };
}

function distinctUrls(refs: readonly ImageRef[]): ImageRef[] {
  const seen = new Set<string>();
  return refs.filter((ref) => {
    if (seen.has(ref.url)) return false;
    seen.add(ref.url);
    return true;
  });
}

function fetchReason(error: FetchError): string {
  const reason = error.message.replace(/\.+$/, '');
  return error.transient ? `${reason} (this may be temporary; create the product again to retry its images).` : `${reason}.`;
}

/**
 * Runs `work` over `items`, at most `limit` at a time, results in input order. Hand-written:
 * a dozen lines, where a package (p-map) would be a dependency for one loop.
 */
async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
