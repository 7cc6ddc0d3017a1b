import type { CountryContent } from '../domain/content.ts';
import type { GenerationRow } from '../db/generations.ts';
import { imageCandidates } from '../domain/image-candidates.ts';
import type { ProductFacts } from './gather-facts.ts';
import type { ImageStandardiser } from '../domain/generation-ports.ts';
import { validationIssue } from '../domain/validation-issue.ts';

/** A create's pictures: the candidates as they are, or standardised when the generation paid for it. */
async function createImages(
  images: ImageStandardiser | null,
  generation: GenerationRow,
  gathered: ProductFacts,
  signal: AbortSignal | undefined,
): Promise<{ images: unknown[]; messages: string[] }> {
  const candidates = imageCandidates(gathered.facts);
  if (!generation.image_standardization || candidates.length === 0) return { images: candidates, messages: [] };
  if (images === null) {
    return { images: candidates, messages: ['Image standardisation is not available on this deployment; the images are the source URLs.'] };
  }
  return images.standardise(candidates, signal);
}

/**
 * Sets each record's images. A create finds them anew; a regeneration changes named text fields
 * only, so the images stay as the create left them (a country the create never wrote shows the
 * source URLs).
 */
export async function attachImages(
  images: ImageStandardiser | null,
  generation: GenerationRow,
  content: CountryContent[],
  context: { gathered: ProductFacts; existing: readonly CountryContent[]; signal: AbortSignal | undefined },
): Promise<void> {
  if (generation.kind === 'create') {
    const found = await createImages(images, generation, context.gathered, context.signal);
    for (const record of content) {
      record.images = found.images;
      record.validation_issues.push(...found.messages.map((m) => validationIssue('images', 'images', m)));
    }
    return;
  }
  for (const record of content) record.images = context.existing.find((c) => c.country === record.country)?.images ?? imageCandidates(context.gathered.facts);
}
