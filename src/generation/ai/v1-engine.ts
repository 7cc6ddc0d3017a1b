// Agent model v1 (basic): one structured-output call writes every field of every country (or one
// call per country, AGENT_V1_CALL), with fact ids per field. The answer is schema-checked and
// re-asked once; then the deterministic checks run and what fails is withheld and reported.
// No critic and no repair rounds: that is what v2 adds.
import type { CountryContent } from '../../domain/content.ts';
import { PermanentGenerationError, type ContentEngine, type EngineInput, type EngineOutput } from '../../services/ports.ts';
import { slugify } from '../template/text.ts';
import { askModel } from './ask-model.ts';
import type { ModelRuntime } from './call-model.ts';
import { recordsSchema } from './draft-schema.ts';
import { draftToContent } from './draft-to-content.ts';
import { asGenerationError } from './engine-errors.ts';
import { block, productData, targetsData } from './prompt-data.ts';
import { instructionsFor, promptVersion } from './prompts.ts';
import { regenerateWithModel } from './regenerate-with-model.ts';
import { UsageMeter } from './usage-meter.ts';
import { claimKind, settleProblems, verifyRecord } from './verify-record.ts';

const PROMPTS = ['rules', 'generate'] as const;

export function createV1Engine(runtime: ModelRuntime, options: { call: 'per_product' | 'per_country' }): ContentEngine {
  return {
    name: runtime.loaded.label,
    async generate(input: EngineInput): Promise<EngineOutput> {
      const meter = new UsageMeter('llm-v1', runtime.loaded.provider, runtime.loaded.modelId, promptVersion(input.fields === null ? PROMPTS : ['rules', 'regenerate']));
      try {
        requireFacts(input);
        if (input.fields !== null) {
          const content = await regenerateWithModel(runtime, input, meter, { repairRounds: 0 });
          return { content, productHandle: input.product.productHandle, usage: meter.snapshot() };
        }
        const groups = options.call === 'per_product' ? [input.targets] : input.targets.map((t) => [t]);
        const written = (await Promise.all(groups.map((group) => writeGroup(runtime, input, group, meter)))).flat();
        const content = input.targets.map((t) => written.find((c) => c.country === t.country)).filter((c) => c !== undefined);
        const first = content[0]?.title ?? null;
        return { content, productHandle: input.product.productHandle ?? (first === null ? null : slugify(first) || null), usage: meter.snapshot() };
      } catch (err) {
        throw asGenerationError(err, meter);
      }
    },
  };
}

/** The template engine's rule, kept for the LLM: without a single fact there is nothing to write from. */
export function requireFacts(input: EngineInput): void {
  if (input.facts.length === 0) {
    throw new PermanentGenerationError('product_data_not_found', 'No data source knows this product and the request gave no title or description to write from.');
  }
}

async function writeGroup(
  runtime: ModelRuntime,
  input: EngineInput,
  targets: readonly { country: string; language: string }[],
  meter: UsageMeter,
): Promise<CountryContent[]> {
  const wanted = targets.map((t) => t.country);
  const answer = await askModel(
    runtime,
    {
      step: 'generate',
      instructions: instructionsFor('generate'),
      messages: [{ role: 'user', content: `${block('task', { targets: targetsData(targets) })}\n${block('product_data', productData(input, input.facts))}` }],
      schema: recordsSchema,
      meter,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    },
    (value) => {
      const missing = wanted.filter((country) => !value.records.some((r) => r.country.toLowerCase() === country));
      return missing.length === 0 ? null : `records are missing for ${missing.join(', ')}: return one record for each target country`;
    },
  );
  const known = new Set(input.facts.map((f) => f.id));
  const kind = claimKind(input.facts, input.product.codeType);
  return Promise.all(
    targets.map(async (target) => {
      const draft = answer.records.find((r) => r.country.toLowerCase() === target.country);
      if (draft === undefined) throw new Error(`no record for ${target.country}`); // askModel's check makes this unreachable
      const { content, unknownIds } = draftToContent(draft, target, known);
      const problems = await verifyRecord(content, { facts: input.facts, kind, unknownIds });
      return settleProblems(content, problems);
    }),
  );
}
