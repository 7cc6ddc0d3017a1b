import type { CountryContent } from '../../domain/content.ts';
import type { Fact } from '../../domain/facts.ts';
import { PermanentGenerationError, type ContentEngine, type EngineInput, type EngineOutput } from '../../domain/generation-ports.ts';
import { slugify } from '../../text/words.ts';
import type { ModelRuntime } from './call-model.ts';
import { asGenerationError } from './engine-errors.ts';
import { regenerateWithModel } from './regenerate-with-model.ts';
import { UsageMeter } from './usage-meter.ts';

/** What an agent model writes for a create: every country's record, facts it found itself, and each record's category pick. */
export type WriteRecords = (input: EngineInput, meter: UsageMeter) => Promise<{ content: CountryContent[]; extraFacts?: Fact[]; categoryPicks: readonly (string | null)[] }>;

/**
 * The product's category pick from its records' (one per country, or per call): the one most of
 * them named, null counting as a vote for none; a tie goes to the first record's. Undefined when
 * the engine was given no candidates, so nothing it answered counts.
 */
export function categoryPickOf(input: Pick<EngineInput, 'categories'>, picks: readonly (string | null)[]): { categoryPick?: string | null } {
  if (input.categories === undefined || picks.length === 0) return {};
  const votes = new Map<string | null, number>();
  for (const pick of picks) votes.set(pick, (votes.get(pick) ?? 0) + 1);
  let best = picks[0] ?? null;
  for (const [pick, count] of votes) if (count > (votes.get(best) ?? 0)) best = pick;
  return { categoryPick: best };
}

/**
 * What v1 and v2 share around their own way of writing a product: the usage meter, the rule that
 * something must be known, regeneration (v1 without repair rounds), the product handle, and the
 * model's failures in the service's terms.
 */
export function modelEngine(runtime: ModelRuntime, options: { engine: 'llm-v1' | 'llm-v2'; repairRounds: number; write: WriteRecords }): ContentEngine {
  return {
    name: runtime.loaded.label,
    async generate(input: EngineInput): Promise<EngineOutput> {
      const meter = new UsageMeter(options.engine, runtime.loaded.provider, runtime.loaded.modelId);
      try {
        // The template engine's rule, kept for the models: without a single fact there is nothing to write from.
        if (input.facts.length === 0) {
          throw new PermanentGenerationError('product_data_not_found', 'No data source knows this product and the request gave no title or description to write from.');
        }
        if (input.fields !== null) {
          const { content, extraFacts, categoryPicks } = await regenerateWithModel(runtime, input, meter, { repairRounds: options.repairRounds });
          return { content, productHandle: input.product.productHandle, usage: meter.snapshot(), extraFacts, ...categoryPickOf(input, categoryPicks) };
        }
        const { content, extraFacts, categoryPicks } = await options.write(input, meter);
        const first = content[0]?.title ?? null;
        return {
          content,
          productHandle: input.product.productHandle ?? (first === null ? null : slugify(first) || null),
          usage: meter.snapshot(),
          ...(extraFacts === undefined ? {} : { extraFacts }),
          ...categoryPickOf(input, categoryPicks),
        };
      } catch (err) {
        throw asGenerationError(err, meter);
      }
    },
  };
}
