// v2's research step, second half: the model reads the product's pictures and reports what is
// printed on the pack. What it reads becomes facts of source `image`, so they are told apart
// from the sources' facts wherever they are cited.
import type { UserContent } from 'ai';
import type { Fact } from '../../domain/facts.ts';
import { imageCandidates } from '../../domain/image-candidates.ts';
import type { EngineInput } from '../../domain/generation-ports.ts';
import { askModel } from './ask-model.ts';
import { InvalidModelOutputError, PermanentModelError, type ModelRuntime } from './call-model.ts';
import { imageObservationsSchema } from './draft-schema.ts';
import { attributeName } from '../../domain/facts.ts';
import { block } from './prompt-data.ts';
import type { UsageMeter } from './usage-meter.ts';

/** A picture ready for the model: fetched through the guarded fetcher and scaled down. */
export type LoadImage = (url: string, signal?: AbortSignal) => Promise<{ bytes: Uint8Array; mediaType: string }>;

export interface ImageReading {
  facts: Fact[];
  /** Pictures that could not be read, for the record's validation messages. */
  messages: string[];
}

export async function readProductImages(runtime: ModelRuntime, input: EngineInput, meter: UsageMeter, options: { loadImage: LoadImage; maxImages: number }): Promise<ImageReading> {
  const urls = imageCandidates(input.facts)
    .map((c) => c.url)
    .slice(0, options.maxImages);
  if (urls.length === 0) return { facts: [], messages: [] };
  const messages: string[] = [];
  const loaded: Array<{ url: string; bytes: Uint8Array; mediaType: string }> = [];
  for (const url of urls) {
    try {
      loaded.push({ url, ...(await options.loadImage(url, input.signal)) });
    } catch (err) {
      if (input.signal?.aborted === true) throw err;
      messages.push(`The picture ${url} could not be read by the model: ${err instanceof Error ? err.message : String(err)}.`);
    }
  }
  if (loaded.length === 0) return { facts: [], messages };

  const content: UserContent = [
    { type: 'text', text: block('task', { pictures: loaded.length, product_code: input.product.code }) },
    ...loaded.map((image) => ({ type: 'file' as const, data: image.bytes, mediaType: image.mediaType })),
  ];
  let answer;
  try {
    answer = await askModel(runtime, {
      step: 'images',
      instructions: meter.instructions('images'),
      messages: [{ role: 'user', content }],
      schema: imageObservationsSchema,
      meter,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
  } catch (err) {
    // Pictures are extra evidence: a model that cannot read them (no vision, a picture it
    // refuses, an unusable answer) leaves the product to be written from the other facts.
    // A refused key or a provider that is down is not about the pictures, and fails as usual.
    const aboutPictures =
      err instanceof InvalidModelOutputError || (err instanceof PermanentModelError && (err.reason === 'llm_request_rejected' || err.reason === 'llm_content_filtered'));
    if (!aboutPictures) throw err;
    messages.push(`The model could not read the product pictures (${err.message.slice(0, 200)}); the record was written without them.`);
    return { facts: [], messages };
  }
  meter.imagesRead(loaded.length);
  const fetchedAt = new Date().toISOString();
  const facts: Fact[] = [];
  answer.observations.forEach((o, i) => {
    const value = o.value.trim();
    const picture = loaded[o.image - 1] ?? loaded[0];
    if (value === '' || picture === undefined) return;
    const base = { value, language: o.language, source: 'image', licence: null, fetchedAt, url: picture.url };
    if (o.key === 'brand' || o.key === 'name' || o.key === 'variant' || o.key === 'quantity') {
      facts.push({ ...base, id: `image:${o.key}#${i}`, key: o.key });
    } else {
      const attribute = o.key === 'other' ? attributeName(o.label) || 'other' : o.key;
      facts.push({ ...base, id: `image:attribute.${attribute}#${i}`, key: 'attribute', attribute });
    }
  });
  return { facts, messages };
}
